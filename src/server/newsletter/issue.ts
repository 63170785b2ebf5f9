// The issue model every output (email HTML, web, text, exports) is built from: untrusted articles are
// normalised here once (spec §5 defaults, plain text only, http(s) links and images only).
import { isSampleArticle, type Article } from '../../shared/schemas/content';
import { withoutCitations } from '../../shared/schemas/ai';
import { editsFor, orderedIds, type IssueEdits } from '../../shared/schemas/issue-edits';
import { markdownToText } from '../markdown';

export interface IssueArticle {
  id: string;
  title: string;
  summary: string;
  /** Absolute http(s) link, or null when the article's link was unsafe or missing. */
  url: string | null;
  imageUrl: string | null;
  /** The image's words from the feed ('' when it gave none worth reading: the picture is then decoration beside its headline). */
  imageAlt: string;
  source: string;
  category: string;
  readTime: string;
  /** Formatted publish date ('Nov 21, 2026'), or '' when unknown. */
  date: string;
}

/** A creator's Markdown text block, placed after the story at `afterIndex` (-1: above the first story). */
export interface IssueBlock {
  id: string;
  afterIndex: number;
  /** As written: each output renders it through the one sanitising Markdown renderer. */
  markdown: string;
  /** Its readable text (plain-text part, PDF, Word, EPUB). */
  text: string;
}

export interface Issue {
  name: string;
  /** The issue's language and direction (BCP 47, `<html lang dir>`): the product keeps none per publication yet, so English. */
  lang: string;
  dir: 'ltr' | 'rtl';
  subject: string;
  preheader: string;
  /** Issue date, US style. */
  date: string;
  articles: IssueArticle[];
  /** The creator's intro (plain text), or ''. */
  intro: string;
  /** Text blocks between stories, in reading order. */
  blocks: IssueBlock[];
  /** The creator's sign-off after the stories (plain text, line breaks kept), or ''. */
  signOff: string;
  wordCount: number;
  readMinutes: number;
}

const TITLE_MAX = 300;
/** See ARCHITECTURE.md (Decisions): no language is kept for a publication or issue, so every issue is English, left to right. */
export const ISSUE_LANG = 'en';
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

/**
 * Words a feed gave for an image that read as a description: an address, a path or a file name ("IMG_2041.JPG",
 * "hero-image.png", "DSC01234"), which a screen reader would spell out, is none.
 */
const NOT_WORDS =
  /^(https?:|www\.|data:)|^\S+[/\\]\S+$|\.(jpe?g|png|gif|webp|avif|svg|bmp|tiff?|heic)\b|^(img|dsc|dscn|pxl|photo|image|pic)[\s_-]*\d+\b|^[\w-]*\d{4,}[\w-]*$/i;

export function imageAltText(value: unknown): string {
  const s = plain(value, 300);
  return s && !NOT_WORDS.test(s) ? s : '';
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
      imageAlt: imageAltText(a.imageAlt),
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

/** Plain text that keeps its line breaks (a sign-off): each line as `plain` makes it, at most 3 blank lines in a row gone. */
function plainLines(value: string, max: number): string {
  const s = value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => plain(l, max))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

/**
 * The creator's edits laid over the chosen stories: order, titles and blurbs (cut and cleaned as feed
 * text is), text blocks placed after their story. The one place edits are applied, so every output agrees.
 */
export function applyEdits(articles: IssueArticle[], raw: IssueEdits | undefined): { articles: IssueArticle[]; blocks: IssueBlock[] } {
  if (!raw) return { articles, blocks: [] };
  const edits = editsFor(
    raw,
    articles.map((a) => a.id),
  );
  const byId = new Map(articles.map((a) => [a.id, a]));
  const story = new Map(edits.stories.map((s) => [s.id, s]));
  const ordered = orderedIds(
    edits,
    articles.map((a) => a.id),
  ).map((id) => {
    const a = byId.get(id)!;
    const e = story.get(id);
    return { ...a, title: plain(e?.title, TITLE_MAX) || a.title, summary: plain(e?.blurb, SUMMARY_MAX) || a.summary };
  });
  const position = new Map(ordered.map((a, i) => [a.id, i]));
  const blocks = edits.blocks
    .filter((b) => b.markdown.trim())
    .map((b) => ({
      id: b.id,
      afterIndex: b.after === null ? -1 : (position.get(b.after) ?? ordered.length - 1),
      markdown: b.markdown,
      text: markdownToText(b.markdown, { links: true }),
    }))
    // Stable: blocks after the same story keep the order the creator added them in.
    .sort((x, y) => x.afterIndex - y.afterIndex);
  return { articles: ordered, blocks };
}

export function buildIssue(name: string, chosen: IssueArticle[], now: Date, extra: { intro?: string; subject?: string; edits?: IssueEdits } = {}): Issue {
  const { articles, blocks } = applyEdits(chosen, extra.edits);
  const cleanName = plain(name, 200);
  const intro = plain(withoutCitations(extra.intro ?? ''), 2000);
  const signOff = plainLines(extra.edits?.signOff ?? '', 1000);
  const wordCount =
    words(cleanName) +
    words(intro) +
    words(signOff) +
    blocks.reduce((n, b) => n + words(b.text), 0) +
    articles.reduce((n, a) => n + words(a.title) + words(a.summary), 0);
  const lead = articles[0]?.title ?? '';
  const subject = plain(extra.subject, 150) || clip(lead ? `${cleanName}: ${lead}` : cleanName, 150);
  const preheader =
    plain(extra.edits?.preheader, 150) ||
    clip(
      `In this issue: ${articles
        .slice(0, 3)
        .map((a) => a.title)
        .join(' · ')}`,
      140,
    );
  return {
    name: cleanName,
    lang: ISSUE_LANG,
    dir: 'ltr',
    subject,
    preheader,
    date: usDate(now),
    articles,
    intro,
    blocks,
    signOff,
    wordCount,
    readMinutes: Math.max(1, Math.ceil(wordCount / 200)),
  };
}
