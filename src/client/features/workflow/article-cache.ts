// Articles per channel and date range, fetched once per channel selection (spec §4): entering step 4
// loads only the channels not yet cached, a channel picked in step 3 is fetched in the background, and
// 'Apply Filter' or 'Retry Loading Articles' clear the cache. Entries expire after five minutes so a
// long session still sees new items.
import type { Article, ChannelRef, DateRange } from '../../../shared/schemas/content';
import type { ApiClient } from './types';

export interface ChannelArticles {
  articles: Article[];
  error: string | null;
}

const TTL_MS = 5 * 60 * 1000;
const cache = new Map<string, { at: number; value: Promise<ChannelArticles> }>();

const rangeKey = (range: DateRange | null) => (range ? `${range.start}..${range.end}` : 'all');
const keyOf = (url: string, range: DateRange | null) => `${url}|${rangeKey(range)}`;

export function clearArticleCache(urls?: string[]) {
  if (!urls) return cache.clear();
  for (const key of [...cache.keys()]) if (urls.some((u) => key.startsWith(`${u}|`))) cache.delete(key);
}

function fresh(key: string) {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  cache.delete(key);
  return null;
}

/** One request for every channel not cached yet; each channel's share is cached on its own. */
export function loadArticles(client: ApiClient, channels: ChannelRef[], range: DateRange | null): Promise<Map<string, ChannelArticles>> {
  const missing = channels.filter((c) => !fresh(keyOf(c.url, range)));
  if (missing.length > 0) {
    const request = client.articles.listForChannels.query({ channels: missing, dateRange: range });
    for (const ch of missing) {
      const value = request.then(
        (res) => ({
          articles: res.articles.filter((a) => a.channelUrl === ch.url),
          error: res.errors.find((e) => e.channelUrl === ch.url)?.message ?? null,
        }),
        (err: unknown) => {
          // A failed request is not cached: the next visit or a retry asks again.
          cache.delete(keyOf(ch.url, range));
          return { articles: [], error: err instanceof Error ? err.message : 'The articles could not be loaded' };
        },
      );
      cache.set(keyOf(ch.url, range), { at: Date.now(), value });
    }
  }
  const pending = channels.map((c) => [c.url, fresh(keyOf(c.url, range)) ?? Promise.resolve({ articles: [], error: null })] as const);
  return Promise.all(pending.map(async ([url, p]) => [url, await p] as const)).then((pairs) => new Map(pairs));
}

/** Background fetch when a channel is picked (spec §4 channel toggle). */
export function prefetchChannel(client: ApiClient, channel: ChannelRef) {
  void loadArticles(client, [channel], null).catch(() => undefined);
}
