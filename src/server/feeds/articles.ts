// Article domain functions: one channel's articles, and many channels fetched in parallel (limited),
// de-duplicated, newest first and filtered by date range. A failing channel never fails the others:
// its error is listed and sample articles for that source stand in (spec §8).
import pLimit from 'p-limit';
import type { Context } from '../context';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { channelLimitFor } from '../../shared/plans';
import type { Article, ChannelRef, MultiChannelArticlesResult } from '../../shared/schemas/content';
import { FeedLoadError, loadFeed, type LoadedFeed } from './load';
import { dedupeArticles, inDateRange, toArticle } from './normalize';
import { sampleArticlesFor } from './samples';
import { assertFetchableUrl, parseAllowHosts } from '../net/address-guard';

type Ctx = Pick<Context, 'db' | 'env' | 'now' | 'log'>;
type UserCtx = Ctx & { user: { role?: unknown; planType?: unknown } };

const PARALLEL_CHANNELS = 8;
/** Channels still queued after this long are reported, not fetched, so a request stays bounded. */
const START_DEADLINE_MS = 30_000;
const MAX_ARTICLES = 500;

/** Refuses a channel address that is not http(s) or names a blocked host, before any connection. */
function checkAddress(ctx: Ctx, url: string) {
  try {
    assertFetchableUrl(url, parseAllowHosts(ctx.env.FETCH_ALLOW_HOSTS));
  } catch {
    throw new AppError('BAD_REQUEST', MSG.addressNotAllowed);
  }
}

function articlesOf(feed: LoadedFeed, ref: ChannelRef): Article[] {
  const source = ref.name && ref.name !== 'Unknown Channel' ? ref.name : feed.title || 'Unknown Source';
  return feed.items.map((i) => toArticle(i, { source, channelUrl: ref.url, niche: ref.niche }));
}

interface ChannelOutcome {
  articles: Article[];
  samples: Article[];
  error: string | null;
}

async function loadChannel(ctx: Ctx, ref: ChannelRef): Promise<ChannelOutcome> {
  try {
    checkAddress(ctx, ref.url);
  } catch (err) {
    return { articles: [], samples: [], error: (err as Error).message };
  }
  try {
    const feed = await loadFeed(ctx, ref.url);
    return { articles: articlesOf(feed, ref), samples: [], error: feed.staleNote };
  } catch (err) {
    if (err instanceof FeedLoadError && err.kind === 'blocked') return { articles: [], samples: [], error: MSG.addressNotAllowed };
    const reason = err instanceof FeedLoadError ? err.message : 'The feed could not be read';
    if (!(err instanceof FeedLoadError)) ctx.log.error(`loading ${ref.url} failed`, err);
    return { articles: [], samples: sampleArticlesFor(ref, reason, ctx.now()), error: reason };
  }
}

/** articles.listForChannel: one channel's articles, newest first. */
export async function articlesForChannel(ctx: Ctx, input: { channelName: string; channelUrl: string; niche: string }) {
  checkAddress(ctx, input.channelUrl);
  const ref = { name: input.channelName, url: input.channelUrl, niche: input.niche };
  const out = await loadChannel(ctx, ref);
  if (out.error && out.articles.length === 0) {
    if (out.error === MSG.addressNotAllowed) throw new AppError('BAD_REQUEST', MSG.addressNotAllowed);
    return { success: false, data: out.samples, message: `${out.error}. Showing sample articles.` };
  }
  const data = dedupeArticles(out.articles);
  return { success: true, data, message: out.error ?? `Loaded ${data.length} article${data.length === 1 ? '' : 's'}` };
}

function parseRange(range: { start: string; end: string } | null | undefined): { start: number; end: number } | null {
  if (!range) return null;
  const start = Date.parse(range.start);
  const end = Date.parse(range.end);
  if (Number.isNaN(start) || Number.isNaN(end)) throw new AppError('BAD_REQUEST', 'The date range needs valid start and end dates');
  if (start > end) throw new AppError('BAD_REQUEST', 'The start of the date range is after its end');
  return { start, end };
}

/**
 * articles.listForChannels. The channel cap comes from the signed-in user's real plan and role
 * (spec §6), not from the userRole the client sends.
 */
export async function articlesForChannels(
  ctx: UserCtx,
  input: { channels: ChannelRef[]; userRole?: string; dateRange?: { start: string; end: string } | null },
): Promise<MultiChannelArticlesResult> {
  const range = parseRange(input.dateRange);
  const seen = new Set<string>();
  const refs = input.channels.filter((c) => !seen.has(c.url) && seen.add(c.url));
  const limit = channelLimitFor(ctx.user);
  if (refs.length > limit) throw new AppError('FORBIDDEN', MSG.channelLimit(limit));
  const run = pLimit(PARALLEL_CHANNELS);
  const started = Date.now();
  const outcomes = await Promise.all(
    refs.map((ref) =>
      run(async (): Promise<ChannelOutcome> => {
        if (Date.now() - started > START_DEADLINE_MS)
          return { articles: [], samples: [], error: 'Not loaded: other channels took too long. Retry to load it.' };
        return loadChannel(ctx, ref);
      }),
    ),
  );
  const errors: MultiChannelArticlesResult['errors'] = [];
  const real: Article[] = [];
  const samples: Article[] = [];
  outcomes.forEach((o, i) => {
    real.push(...o.articles);
    samples.push(...o.samples);
    if (o.error) errors.push({ channelUrl: refs[i].url, message: o.error });
  });
  const articles = inDateRange(dedupeArticles(real), range).slice(0, MAX_ARTICLES).concat(samples);
  const failedAll = refs.length > 0 && outcomes.every((o) => o.articles.length === 0 && o.error);
  return { success: !failedAll, articles, errors };
}
