// The feed cache in SQLite: one row per feed address (validators, measured quality) and its items.
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { tx, type Db } from '../db';
import { feedItems, feeds } from '../../../db/schema';
import type { StoredItem } from './normalize';
import type { Quality } from './quality';

/** Items kept per feed; older ones are pruned so the cache does not grow without bound. */
const KEEP_PER_FEED = 200;

export type FeedRow = typeof feeds.$inferSelect;

export async function feedRow(db: Db, url: string): Promise<FeedRow | undefined> {
  const [row] = await db.select().from(feeds).where(eq(feeds.url, url)).limit(1);
  return row;
}

export async function feedRows(db: Db, urls: string[]): Promise<Map<string, FeedRow>> {
  if (urls.length === 0) return new Map();
  const rows = await db.select().from(feeds).where(inArray(feeds.url, urls));
  return new Map(rows.map((r) => [r.url, r]));
}

export async function cachedItems(db: Db, url: string, limit = 100): Promise<StoredItem[]> {
  const rows = await db.select().from(feedItems).where(eq(feedItems.feedUrl, url)).orderBy(desc(feedItems.publishedAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    url: r.url,
    publishedAt: r.publishedAt.getTime(),
    dated: r.dated,
    imageUrl: r.imageUrl,
    imageAlt: r.imageAlt,
    category: r.category,
    wordCount: r.wordCount,
    body: r.body,
  }));
}

export interface StoreFeed {
  url: string;
  title: string;
  siteUrl: string | null;
  description: string;
  etag: string | null;
  lastModified: string | null;
  quality: Quality;
  frequency: string;
  items: StoredItem[];
  now: number;
}

/** Stores a successful fetch in one transaction: feed row, new or changed items, pruning. */
export async function storeFeed(db: Db, f: StoreFeed): Promise<void> {
  const now = new Date(f.now);
  await tx(db, async (t) => {
    const row = {
      title: f.title,
      siteUrl: f.siteUrl,
      description: f.description,
      etag: f.etag,
      lastModified: f.lastModified,
      fetchedAt: now,
      lastAttemptAt: now,
      lastError: null,
      quality: f.quality,
      frequency: f.frequency,
    };
    await t
      .insert(feeds)
      .values({ url: f.url, ...row })
      .onConflictDoUpdate({ target: feeds.url, set: row });
    for (const i of f.items) {
      const values = {
        title: i.title,
        summary: i.summary,
        url: i.url,
        publishedAt: new Date(i.publishedAt),
        dated: i.dated,
        imageUrl: i.imageUrl,
        imageAlt: i.imageAlt,
        category: i.category,
        wordCount: i.wordCount,
        body: i.body,
        fetchedAt: now,
      };
      await t
        .insert(feedItems)
        .values({ feedUrl: f.url, id: i.id, ...values })
        .onConflictDoUpdate({ target: [feedItems.feedUrl, feedItems.id], set: values });
    }
    const [cutoff] = await t
      .select({ t: feedItems.publishedAt })
      .from(feedItems)
      .where(eq(feedItems.feedUrl, f.url))
      .orderBy(desc(feedItems.publishedAt))
      .limit(1)
      .offset(KEEP_PER_FEED);
    if (cutoff) await t.delete(feedItems).where(and(eq(feedItems.feedUrl, f.url), lt(feedItems.publishedAt, cutoff.t)));
  });
}

/** A 304: the cached copy is confirmed fresh. */
export async function markNotModified(db: Db, url: string, now: number, etag: string | null, lastModified: string | null): Promise<void> {
  await db
    .update(feeds)
    .set({ fetchedAt: new Date(now), lastAttemptAt: new Date(now), lastError: null, etag, lastModified })
    .where(eq(feeds.url, url));
}

/** A failed refresh: cached items stay untouched, the error is remembered. */
export async function markFailed(db: Db, url: string, now: number, message: string): Promise<void> {
  await db
    .insert(feeds)
    .values({ url, lastAttemptAt: new Date(now), lastError: message })
    .onConflictDoUpdate({ target: feeds.url, set: { lastAttemptAt: new Date(now), lastError: message } });
}
