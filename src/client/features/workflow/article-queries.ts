// Step 4's articles as queries (spec §4): one query per channel and date range, fresh for five minutes,
// so entering step 4 fetches only the channels not loaded yet and a channel picked in step 3 is fetched
// in the background. Queries that start together travel as ONE articles.listForChannels call: the server
// admits two feed calls per user at a time and four waiting, so one call per channel would turn a large
// selection into 'busy' refusals.
import { queryOptions } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { isSampleArticle, type ChannelRef, type DateRange, type MultiChannelArticlesResult } from '../../../shared/schemas/content';
import { trpc, type TrpcClient } from '../../trpc';

export const ARTICLES_FRESH_MS = 5 * 60 * 1000;

/** A tRPC client: a page's (`useUtils().client`) or the router context's (the workflow's loader). */
type Client = Pick<TrpcClient, 'articles'>;

/** Every channel's articles, whatever the range: what 'Apply Filter' clears. */
export const allChannelArticlesKey = () => getQueryKey(trpc.articles.listForChannels);

interface Waiting {
  channel: ChannelRef;
  resolve: (value: MultiChannelArticlesResult) => void;
  reject: (err: unknown) => void;
}

// Requests gathered during the current turn of the event loop, per client and range; emptied when sent.
const gathering = new WeakMap<Client, Map<string, Waiting[]>>();

export const rangeKey = (range: DateRange | null) => (range ? `${range.start}..${range.end}` : 'all');

function send(client: Client, range: DateRange | null, waiting: Waiting[]) {
  client.articles.listForChannels.query({ channels: waiting.map((w) => w.channel), dateRange: range }).then(
    (res) => {
      // Each channel's share, in the procedure's own shape, as if it had been asked for alone.
      for (const w of waiting) {
        const articles = res.articles.filter((a) => a.channelUrl === w.channel.url);
        const errors = res.errors.filter((e) => e.channelUrl === w.channel.url);
        w.resolve({ success: errors.length === 0 || articles.some((a) => !isSampleArticle(a)), articles, errors });
      }
    },
    (err: unknown) => waiting.forEach((w) => w.reject(err)),
  );
}

function channelShare(client: Client, channel: ChannelRef, range: DateRange | null): Promise<MultiChannelArticlesResult> {
  let byRange = gathering.get(client);
  if (!byRange) gathering.set(client, (byRange = new Map()));
  const key = rangeKey(range);
  let waiting = byRange.get(key);
  if (!waiting) {
    const batch: Waiting[] = [];
    byRange.set(key, (waiting = batch));
    setTimeout(() => {
      byRange.delete(key);
      send(client, range, batch);
    }, 0);
  }
  const list = waiting;
  return new Promise((resolve, reject) => list.push({ channel, resolve, reject }));
}

/** One channel's articles in one date range, keyed as articles.listForChannels for that channel alone. */
export function channelArticlesQuery(client: Client, channel: ChannelRef, range: DateRange | null) {
  const ref: ChannelRef = { name: channel.name, url: channel.url, niche: channel.niche };
  return queryOptions({
    queryKey: getQueryKey(trpc.articles.listForChannels, { channels: [ref], dateRange: range }, 'query'),
    queryFn: () => channelShare(client, ref, range),
    staleTime: ARTICLES_FRESH_MS,
    // A failed load shows its error beside the channel at once; 'Retry Loading Articles' asks again.
    retry: false,
  });
}
