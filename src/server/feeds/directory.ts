// The channel directory: product data shipped in db/channels/directory.json, checked at load and
// searched in memory (directory-index.ts) over name, description and niche tags.
import { z } from 'zod';
import directoryJson from '../../../db/channels/directory.json';
import { CHANNEL_MAX_PAGES, CHANNEL_PAGE_SIZE } from '../../shared/schemas/content';
import { queryTerms, rankedIndex } from './directory-index';

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

/** Weights: a word in the tags or the name says more about the channel than one in its description. */
let index: ReturnType<typeof rankedIndex<DirectoryEntry>> | undefined;
const directoryIndex = () => (index ??= rankedIndex(DIRECTORY, (e) => [e.name, e.description, e.niches.join(' ')], [6, 1, 8], byName));

export interface DirectoryPage {
  rows: DirectoryRow[];
  total: number;
  page: number;
  totalPages: number;
}

/** A page of 12 ranked matches of any of the topic's words; at most 5 pages (60 results) are ever offered. */
export function searchDirectory(topic: string, page: number): DirectoryPage {
  const matched = directoryIndex().search(queryTerms(topic));
  const total = Math.min(matched.length, CHANNEL_PAGE_SIZE * CHANNEL_MAX_PAGES);
  const totalPages = Math.ceil(total / CHANNEL_PAGE_SIZE);
  const offset = (page - 1) * CHANNEL_PAGE_SIZE;
  const rows = matched.slice(offset, Math.min(offset + CHANNEL_PAGE_SIZE, total)).map(({ niches, ...e }) => ({ ...e, tags: niches.join(' ') }));
  return { rows, total, page, totalPages };
}
