// The recent item titles of the directory's channels that have been fetched (the feed cache), indexed in
// memory for the directory search: a channel is found by what it publishes, not only by what it is
// called. The index is rebuilt when the cache changed (a cheap count and latest-fetch query per search),
// so every process sees new fetches without a timer.
import { count, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { feedItems, feeds } from '../../../db/schema';
import { rankedIndex, type RankedIndex } from './directory-index';
import { DIRECTORY } from './directory';

/** The newest titles per channel that count: what a feed covers now. */
export const TITLES_PER_FEED = 20;

const URLS = DIRECTORY.map((e) => e.feedUrl);
const built = new WeakMap<Db, { version: string; index: RankedIndex<string> }>();

/** The titles index of the directory channels in `db`'s feed cache, or undefined when none was fetched. */
export async function directoryTitles(db: Db): Promise<RankedIndex<string> | undefined> {
  const [state] = await db
    .select({ n: count(), last: max(feeds.fetchedAt) })
    .from(feeds)
    .where(inArray(feeds.url, URLS));
  if (!state || state.n === 0) return undefined;
  const version = `${state.n}:${state.last ? new Date(state.last).getTime() : 0}`;
  const kept = built.get(db);
  if (kept?.version === version) return kept.index;

  const ranked = db
    .select({
      feedUrl: feedItems.feedUrl,
      title: feedItems.title,
      rank: sql<number>`row_number() over (partition by ${feedItems.feedUrl} order by ${feedItems.publishedAt} desc)`.as('rank'),
    })
    .from(feedItems)
    .where(inArray(feedItems.feedUrl, URLS))
    .as('ranked');
  const rows = await db.select({ feedUrl: ranked.feedUrl, title: ranked.title }).from(ranked).where(lte(ranked.rank, TITLES_PER_FEED));
  const byFeed = new Map<string, string[]>();
  for (const r of rows) byFeed.set(r.feedUrl, [...(byFeed.get(r.feedUrl) ?? []), r.title]);
  const index = rankedIndex(
    [...byFeed.keys()],
    (url) => [byFeed.get(url)!.join(' \n ')],
    [1],
    (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  );
  built.set(db, { version, index });
  return index;
}
