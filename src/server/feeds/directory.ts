// The channel directory: seeded from db/channels/directory.json into SQLite (idempotently, in one
// transaction) and searched with FTS5 over name, description and niche tags, ranked by bm25.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db';
import directoryJson from '../../../db/channels/directory.json';
import { CHANNEL_MAX_PAGES, CHANNEL_PAGE_SIZE } from '../../shared/schemas/content';

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
  tags: string;
  source: string;
}

const seeded = new WeakSet<Db>();

const FIELD_SEP = '\u001f';
const ROW_SEP = '\u001e';
const rowKey = (r: { id: string; name: string; feedUrl: string; siteUrl: string; description: string; tags: string; source: string }) =>
  [r.id, r.name, r.feedUrl, r.siteUrl, r.description, r.tags, r.source].join(FIELD_SEP);

/** True when the stored rows and the FTS index already hold exactly the data file's entries. */
function isCurrent(db: Db): boolean {
  const stored = db.$client
    .prepare(
      `SELECT (SELECT count(*) FROM directory_fts) AS fts, group_concat(k, char(30)) AS keys FROM (
         SELECT id || char(31) || name || char(31) || feed_url || char(31) || site_url || char(31) || description || char(31) || tags || char(31) || source AS k
         FROM directory_channels ORDER BY id)`,
    )
    .get() as { fts: number; keys: string | null };
  const expected = [...DIRECTORY]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((e) => rowKey({ ...e, tags: e.niches.join(' ') }))
    .join(ROW_SEP);
  return stored.fts === DIRECTORY.length && stored.keys === expected;
}

/**
 * Upserts every entry, drops removed ones and rebuilds the FTS index. Safe to run on every start; it
 * writes nothing when the database already matches the data file.
 */
export function seedDirectory(db: Db): { count: number } {
  if (isCurrent(db)) {
    seeded.add(db);
    return { count: DIRECTORY.length };
  }
  const client = db.$client;
  const upsert = client.prepare(
    `INSERT INTO directory_channels (id, name, feed_url, site_url, description, tags, source) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, feed_url = excluded.feed_url, site_url = excluded.site_url,
       description = excluded.description, tags = excluded.tags, source = excluded.source`,
  );
  client.transaction(() => {
    const ids = DIRECTORY.map((e) => e.id);
    client.prepare(`DELETE FROM directory_channels WHERE id NOT IN (SELECT value FROM json_each(?))`).run(JSON.stringify(ids));
    for (const e of DIRECTORY) upsert.run(e.id, e.name, e.feedUrl, e.siteUrl, e.description, e.niches.join(' '), e.source);
    client.prepare(`DELETE FROM directory_fts`).run();
    client.prepare(`INSERT INTO directory_fts (rowid, name, description, tags) SELECT rowid, name, description, tags FROM directory_channels`).run();
  })();
  seeded.add(db);
  return { count: DIRECTORY.length };
}

/** Seeds on first use when start-up did not (tests, scripts). */
export function ensureDirectory(db: Db) {
  if (seeded.has(db)) return;
  const n = db.get<{ n: number }>(sql`SELECT count(*) AS n FROM directory_fts`);
  if (n && n.n > 0) seeded.add(db);
  else seedDirectory(db);
}

/**
 * An FTS5 query matching any of the topic's words, or null when it has none. Words of three or more
 * letters match as prefixes (startup -> startups); shorter ones exactly, so 'AI' does not match 'airline'.
 */
export function ftsQuery(topic: string): string | null {
  const words = (topic.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (words.length === 0) return null;
  return words.map((w) => (w.length >= 3 ? `"${w}"*` : `"${w}"`)).join(' OR ');
}

export interface DirectoryPage {
  rows: DirectoryRow[];
  total: number;
  page: number;
  totalPages: number;
}

/** A page of 12 ranked matches; at most 5 pages (60 results) are ever offered. */
export function searchDirectory(db: Db, topic: string, page: number): DirectoryPage {
  ensureDirectory(db);
  const q = ftsQuery(topic);
  if (!q) return { rows: [], total: 0, page, totalPages: 0 };
  const cap = CHANNEL_PAGE_SIZE * CHANNEL_MAX_PAGES;
  const matched = db.get<{ n: number }>(sql`SELECT count(*) AS n FROM directory_fts WHERE directory_fts MATCH ${q}`)?.n ?? 0;
  const total = Math.min(matched, cap);
  const totalPages = Math.ceil(total / CHANNEL_PAGE_SIZE);
  const offset = (page - 1) * CHANNEL_PAGE_SIZE;
  if (offset >= total) return { rows: [], total, page, totalPages };
  // Weights: a word in the tags or the name says more about the channel than one in its description.
  const rows = db.all<DirectoryRow>(sql`
    SELECT d.id, d.name, d.feed_url AS feedUrl, d.site_url AS siteUrl, d.description, d.tags, d.source
    FROM directory_fts f JOIN directory_channels d ON d.rowid = f.rowid
    WHERE directory_fts MATCH ${q}
    ORDER BY bm25(directory_fts, 6.0, 1.0, 8.0), d.name
    LIMIT ${Math.min(CHANNEL_PAGE_SIZE, total - offset)} OFFSET ${offset}`);
  return { rows, total, page, totalPages };
}
