// Loading one feed: serve the cache while fresh (FEED_FRESHNESS_MINUTES), else fetch with a
// conditional GET, parse, normalise and store; when a refresh fails, serve stale items with a note.
import type { Db } from '../db';
import type { Env } from '../env';
import { createFetcher, FetchError, type FetchResult, type SafeFetcher } from './fetcher';
import { decodeBody } from './decode';
import { parseFeed, FeedParseError, type ParsedFeed } from './parse';
import { normalizeItem, type StoredItem } from './normalize';
import { frequencyOf, qualityOf } from './quality';
import { cachedItems, feedRow, markFailed, markNotModified, storeFeed } from './cache';

export interface FeedDeps {
  db: Db;
  env: Env;
  now: () => Date;
}

const fetchers = new Map<string, SafeFetcher>();

/** One fetcher (and so one connection pool) per allow-list; the allow-list only differs in tests. */
export function fetcherFor(env: Pick<Env, 'FETCH_ALLOW_HOSTS'>): SafeFetcher {
  let f = fetchers.get(env.FETCH_ALLOW_HOSTS);
  if (!f) fetchers.set(env.FETCH_ALLOW_HOSTS, (f = createFetcher(env.FETCH_ALLOW_HOSTS)));
  return f;
}

export interface LoadedFeed {
  url: string;
  title: string;
  siteUrl: string | null;
  items: StoredItem[];
  /** Set when a refresh failed and these items come from an earlier fetch. */
  staleNote: string | null;
}

export class FeedLoadError extends Error {
  constructor(
    message: string,
    readonly kind: FetchError['kind'] | 'parse',
  ) {
    super(message);
    this.name = 'FeedLoadError';
  }
}

/** Parses a fetched body into a feed; throws FeedParseError for anything that is not one. */
export function parseFetched(res: FetchResult): ParsedFeed {
  return parseFeed(decodeBody(res.body, res.contentType), res.url);
}

/** Normalises and stores a parsed feed fetched from url; returns the stored items. */
export async function storeParsed(deps: FeedDeps, url: string, feed: ParsedFeed, res: Pick<FetchResult, 'etag' | 'lastModified'>): Promise<StoredItem[]> {
  const now = deps.now().getTime();
  const seen = new Set<string>();
  const items: StoredItem[] = [];
  for (const raw of feed.items) {
    const item = normalizeItem(raw, now);
    if (item && !seen.has(item.id)) {
      seen.add(item.id);
      items.push(item);
    }
  }
  await storeFeed(deps.db, {
    url,
    title: feed.title,
    siteUrl: feed.siteUrl,
    description: feed.description,
    etag: res.etag,
    lastModified: res.lastModified,
    quality: qualityOf(items, now),
    frequency: frequencyOf(items),
    items,
    now,
  });
  return items;
}

const inFlight = new WeakMap<Db, Map<string, Promise<LoadedFeed>>>();

export function loadFeed(deps: FeedDeps, url: string): Promise<LoadedFeed> {
  // Concurrent requests for one feed (in one database) share a single refresh.
  let running = inFlight.get(deps.db);
  if (!running) inFlight.set(deps.db, (running = new Map()));
  const pending = running.get(url);
  if (pending) return pending;
  const p = refresh(deps, url).finally(() => running.delete(url));
  running.set(url, p);
  return p;
}

async function refresh(deps: FeedDeps, url: string): Promise<LoadedFeed> {
  const row = await feedRow(deps.db, url);
  const now = deps.now().getTime();
  const freshMs = deps.env.FEED_FRESHNESS_MINUTES * 60_000;
  const cached = async () => ({ url, title: row?.title ?? '', siteUrl: row?.siteUrl ?? null, items: await cachedItems(deps.db, url), staleNote: null });
  if (row?.fetchedAt && now - row.fetchedAt.getTime() < freshMs) return cached();
  try {
    const res = await fetcherFor(deps.env).fetch(url, { etag: row?.fetchedAt ? row.etag : null, lastModified: row?.fetchedAt ? row.lastModified : null });
    if (res.notModified) {
      await markNotModified(deps.db, url, deps.now().getTime(), res.etag, res.lastModified);
      return await cached();
    }
    const feed = parseFetched(res);
    await storeParsed(deps, url, feed, res);
    return { url, title: feed.title, siteUrl: feed.siteUrl, items: await cachedItems(deps.db, url), staleNote: null };
  } catch (err) {
    const message = describeFailure(err);
    await markFailed(deps.db, url, deps.now().getTime(), message);
    const items = row?.fetchedAt ? await cachedItems(deps.db, url) : [];
    if (items.length === 0) throw new FeedLoadError(message, err instanceof FetchError ? err.kind : 'parse');
    const when = row?.fetchedAt ? row.fetchedAt.toISOString() : 'an earlier fetch';
    return { url, title: row?.title ?? '', siteUrl: row?.siteUrl ?? null, items, staleNote: `${message}. Showing saved articles from ${when}.` };
  }
}

export function describeFailure(err: unknown): string {
  if (err instanceof FetchError || err instanceof FeedParseError || err instanceof FeedLoadError) return err.message;
  return 'The feed could not be read';
}
