// The channel directory: product data shipped in db/channels/directory.json, checked at load and
// searched in memory (directory-index.ts) over name, description, niche tags, the niches' synonyms
// (directory-synonyms.ts) and the words of the site's address; the titles of a fetched channel's recent
// items add to its score (directory-titles.ts).
import { z } from 'zod';
import directoryJson from '../../../db/channels/directory.json';
import { CHANNEL_MAX_PAGES, CHANNEL_PAGE_SIZE } from '../../shared/schemas/content';
import { queryTerms, rankedIndex, type RankedIndex } from './directory-index';
import { NICHE_SYNONYMS } from './directory-synonyms';

const entrySchema = z.object({
  id: z.string().regex(/^dir-[a-z0-9-]+$/),
  name: z.string().min(1),
  feedUrl: z.url(),
  siteUrl: z.url(),
  description: z.string().min(1),
  niches: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1),
  source: z.string().min(1),
});
export type DirectoryEntry = z.infer<typeof entrySchema>;

export const DIRECTORY: readonly DirectoryEntry[] = z.array(entrySchema).parse(directoryJson);

export interface DirectoryRow {
  id: string;
  name: string;
  feedUrl: string;
  siteUrl: string;
  description: string;
  /** The niches, space-separated. */
  tags: string;
  source: string;
}

const byName = (a: DirectoryEntry, b: DirectoryEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The synonyms of a channel's niches, each word once. */
const aliasesOf = (e: DirectoryEntry) => [...new Set(e.niches.flatMap((n) => NICHE_SYNONYMS[n] ?? []))].join(' ');

/** Hosts' labels that say nothing about a channel: www, feed hosts and the public suffix. */
const HOST_NOISE = new Set(['www', 'feeds', 'rss', 'blog', 'blogs', 'news', 'com', 'org', 'net', 'co', 'ac', 'gov', 'edu']);
/** The words of a site's address ("www.yachtingmonthly.com" → "yachtingmonthly"); a topic's prefix matches them. */
export function siteWords(url: string): string {
  const labels = new URL(url).hostname.split('.');
  return labels
    .slice(0, -1)
    .filter((l) => !HOST_NOISE.has(l))
    .join(' ');
}

/**
 * Weights: a word in the tags or the name says more about the channel than a synonym of its niche, the
 * site's address or its description.
 */
let index: RankedIndex<DirectoryEntry> | undefined;
const directoryIndex = () =>
  (index ??= rankedIndex(DIRECTORY, (e) => [e.name, e.description, e.niches.join(' '), aliasesOf(e), siteWords(e.siteUrl)], [6, 1, 8, 3, 2], byName));

const byFeedUrl = new Map(DIRECTORY.map((e) => [e.feedUrl, e]));

/** A recent item title's word counts for this much of a metadata word's score: titles say what a feed covers now, not what it is. */
const TITLE_WEIGHT = 0.4;

export interface DirectoryPage {
  rows: DirectoryRow[];
  total: number;
  page: number;
  totalPages: number;
}

/**
 * A page of 12 ranked matches of any of the topic's words; at most 5 pages (60 results) are ever offered.
 * `titles` indexes the recent item titles of fetched directory channels, by feed address.
 */
export function searchDirectory(topic: string, page: number, titles?: RankedIndex<string>): DirectoryPage {
  const terms = queryTerms(topic);
  const scores = new Map(
    directoryIndex()
      .scored(terms)
      .map((s) => [s.item, s.score]),
  );
  for (const { item: feedUrl, score } of titles?.scored(terms) ?? []) {
    const entry = byFeedUrl.get(feedUrl);
    if (entry) scores.set(entry, (scores.get(entry) ?? 0) + TITLE_WEIGHT * score);
  }
  const matched = [...scores].sort(([a, x], [b, y]) => y - x || byName(a, b)).map(([e]) => e);
  const total = Math.min(matched.length, CHANNEL_PAGE_SIZE * CHANNEL_MAX_PAGES);
  const totalPages = Math.ceil(total / CHANNEL_PAGE_SIZE);
  const offset = (page - 1) * CHANNEL_PAGE_SIZE;
  const rows = matched.slice(offset, Math.min(offset + CHANNEL_PAGE_SIZE, total)).map(({ niches, ...e }) => ({ ...e, tags: niches.join(' ') }));
  return { rows, total, page, totalPages };
}
