// The issue model every output (email HTML, web, text, exports) is built from: untrusted articles are
// normalised here once (spec §5 defaults, plain text only, http(s) links and images only).
import { isSampleArticle, type Article } from '../../shared/schemas/content';
import { withoutCitations } from '../../shared/schemas/ai';

export interface IssueArticle {
  id: string;
  title: string;
  summary: string;
  /** Absolute http(s) link, or null when the article's link was unsafe or missing. */
  url: string | null;
  imageUrl: string | null;
  source: string;
  category: string;
  readTime: string;
  /** Formatted publish date ('Nov 21, 2026'), or '' when unknown. */
  date: string;
}

export interface Issue {
  name: string;
  subject: string;
  preheader: string;
  /** Issue date, US style. */
  date: string;
  articles: IssueArticle[];
  /** The creator's intro (plain text), or ''. */
  intro: string;
  wordCount: number;
  readMinutes: number;
}

const TITLE_MAX = 300;
const SUMMARY_MAX = 1200;

/** http(s) URLs only; everything else (javascript:, data:, relative, '#') is dropped. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const u = new URL(value.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    if (u.username || u.password) return null;
    return u.toString();
  } catch {
    return null;
  }
}

/** Feed text must arrive as plain text; collapse whitespace and control characters. */
export function plain(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const s = value
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

const US_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function usDate(value: Date | string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '' : US_DATE.format(d);
}

function words(s: string): number {
  return s ? s.split(/\s+/).filter(Boolean).length : 0;
}

/**
 * Applies the spec's article defaults; articles with neither id nor title are dropped, and so are sample
 * entries (inputs refuse them already; this is the one model every output is built from).
 */
export function normalizeArticles(list: Partial<Article>[], now: Date): IssueArticle[] {
  const out: IssueArticle[] = [];
  list.forEach((a, index) => {
    if (!a || (!a.id && !a.title) || isSampleArticle(a)) return;
    out.push({
      id: plain(a.id, 200) || `article-${index}`,
      title: plain(a.title, TITLE_MAX) || 'Untitled Article',
      summary: plain(a.summary, SUMMARY_MAX) || 'No summary available',
      url: safeHttpUrl(a.url),
      imageUrl: safeHttpUrl(a.imageUrl),
      source: plain(a.source, 120) || 'Unknown Source',
      category: plain(a.category, 60) || 'General',
      readTime: plain(a.readTime, 20) || '3 min',
      date: usDate(a.publishDate) || usDate(now),
    });
  });
  return out;
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

export function buildIssue(name: string, articles: IssueArticle[], now: Date, extra: { intro?: string; subject?: string } = {}): Issue {
  const cleanName = plain(name, 200);
  const intro = plain(withoutCitations(extra.intro ?? ''), 2000);
  const wordCount = words(cleanName) + words(intro) + articles.reduce((n, a) => n + words(a.title) + words(a.summary), 0);
  const lead = articles[0]?.title ?? '';
  const subject = plain(extra.subject, 150) || clip(lead ? `${cleanName}: ${lead}` : cleanName, 150);
  const preheader = clip(
    `In this issue: ${articles
      .slice(0, 3)
      .map((a) => a.title)
      .join(' · ')}`,
    140,
  );
  return {
    name: cleanName,
    subject,
    preheader,
    date: usDate(now),
    articles,
    intro,
    wordCount,
    readMinutes: Math.max(1, Math.ceil(wordCount / 200)),
  };
}
