// Raw feed items to the stored item and Article shapes (spec §3, §5): stable ids, plain-text
// summaries, http(s)-only links, dates, images, read times, the drop rules and de-duplication.
import crypto from 'node:crypto';
import type { Article } from '../../shared/schemas/content';
import type { RawItem } from './parse';
import { parseFeedDate } from './dates';
import { cutSummary, digestHtml, plainText, readTimeOf, safeHttpUrl } from './text';
import { canonicalLink } from '../../shared/links';

export { canonicalLink };

export interface StoredItem {
  id: string;
  title: string;
  summary: string;
  url: string;
  publishedAt: number;
  /** False when the feed gave no usable date (the fetch time stands in). */
  dated: boolean;
  imageUrl: string | null;
  /** The image's words from the feed's HTML (its <img alt>, else title), or null. */
  imageAlt: string | null;
  category: string | null;
  wordCount: number;
  /** The body as the feed carries it (HTML or text, the longer of content and summary), cut at 64 KB. */
  body: string;
}

const BODY_MAX = 64 * 1024;
const BANNED_TITLES = ['Breaking:', 'Expert Analysis:', 'Market Report:'];
export const NO_SUMMARY = 'No summary available';

export function hashId(s: string): string {
  return crypto.createHash('sha256').update(s).digest('base64url').slice(0, 22);
}

/** True for a title the spec's drop rule removes (§5). */
export function isBannedTitle(title: string): boolean {
  return BANNED_TITLES.some((b) => title.includes(b));
}

/** One raw item to a stored item, or null when the spec's drop rules discard it. */
export function normalizeItem(raw: RawItem, fetchedAt: number): StoredItem | null {
  const title = plainText(raw.title).slice(0, 500);
  const url = raw.link;
  if (!title || !url || isBannedTitle(title)) return null;
  const key = raw.guid?.trim() || url;
  const summary = digestHtml(raw.summaryHtml || raw.contentHtml);
  const content = raw.contentHtml && raw.summaryHtml ? digestHtml(raw.contentHtml) : summary;
  const image = raw.image ?? safeHttpUrl(summary.firstImage ?? content.firstImage, raw.base);
  // The words belong to the picture the item shows: the body's first <img>, or the feed's media image when it is that same one.
  const shown = [summary, content].find((d) => d.firstImage && safeHttpUrl(d.firstImage, raw.base) === image);
  const date = parseFeedDate(raw.date, fetchedAt);
  return {
    id: `a-${hashId(key)}`,
    title,
    summary: cutSummary(summary.lead || content.lead) || NO_SUMMARY,
    url,
    publishedAt: date ?? fetchedAt,
    dated: date !== null,
    imageUrl: image,
    imageAlt: shown?.firstImageAlt ?? null,
    category: raw.categories.map((c) => plainText(c).slice(0, 60)).find(Boolean) ?? null,
    wordCount: Math.max(summary.words, content.words),
    body: bodyOf(raw),
  };
}

function bodyOf(raw: RawItem): string {
  const a = raw.contentHtml ?? '';
  const b = raw.summaryHtml ?? '';
  const body = a.length >= b.length ? a : b;
  return body.length > BODY_MAX ? body.slice(0, BODY_MAX) : body;
}

export interface ArticleContext {
  source: string;
  channelUrl: string;
  niche: string;
}

function titleCase(s: string) {
  return s.replace(/(^|[\s-])(\p{L})/gu, (_m, a: string, b: string) => a + b.toUpperCase());
}

export function toArticle(item: StoredItem, ctx: ArticleContext): Article {
  const niche = ctx.niche.trim();
  return {
    id: item.id,
    title: item.title,
    summary: item.summary,
    url: item.url,
    publishDate: new Date(item.publishedAt).toISOString(),
    source: ctx.source || 'Unknown Source',
    channelUrl: ctx.channelUrl,
    category: item.category || (niche && niche !== 'general' ? titleCase(niche) : 'General'),
    readTime: readTimeOf(item.wordCount),
    aiEnhanced: false,
    imageUrl: item.imageUrl,
    imageAlt: item.imageAlt,
  };
}

const titleKey = (t: string) =>
  t
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Newest first, then collapses duplicates: the same canonical link anywhere, or the same title
 * seen from two different channels (syndicated copies). The newest copy is kept.
 */
export function dedupeArticles(articles: Article[]): Article[] {
  const sorted = [...articles].sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate));
  const links = new Set<string>();
  const titles = new Map<string, string>();
  const out: Article[] = [];
  for (const a of sorted) {
    const link = canonicalLink(a.url);
    const title = titleKey(a.title);
    if (links.has(link)) continue;
    const seenFrom = titles.get(title);
    if (title && seenFrom !== undefined && seenFrom !== a.channelUrl) continue;
    links.add(link);
    if (title && seenFrom === undefined) titles.set(title, a.channelUrl);
    out.push(a);
  }
  return out;
}

/** Keeps articles whose date lies in [start, end] (inclusive). */
export function inDateRange(articles: Article[], range: { start: number; end: number } | null): Article[] {
  if (!range) return articles;
  return articles.filter((a) => {
    const t = Date.parse(a.publishDate);
    return t >= range.start && t <= range.end;
  });
}
