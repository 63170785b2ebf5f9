// Channel domain functions: directory search (with address discovery, the spec's fallback when a search
// fails, and an honest empty answer when nothing matches),
// discovery, and a user's own channels (add, list, remove, OPML import and export).
import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Context } from '../context';
import { userChannels } from '../../../db/schema';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import type { Channel, SearchChannelsResult } from '../../shared/schemas/content';
import { searchDirectory, type DirectoryRow } from './directory';
import { directoryTitles } from './directory-titles';
import { discoverFeeds, looksLikeAddress, type DiscoveredFeed } from './discover';
import { feedRows, type FeedRow } from './cache';
import { hashId } from './normalize';
import { sampleChannelsFor } from './samples';
import { buildOpml, parseOpml } from './opml';
import { UNKNOWN_FREQUENCY, type Quality } from './quality';
import { affectedRows } from '../db';

type Ctx = Pick<Context, 'db' | 'env' | 'now' | 'log'>;
type UserCtx = Ctx & { user: { id: string } };

const MAX_OPML_CHANNELS = 200;
/** An import stops starting new discoveries after this long, so one request never runs for minutes. */
const OPML_DEADLINE_MS = 45_000;

const hostOf = (url: string | null | undefined) => {
  try {
    return url ? new URL(url).hostname.replace(/^www\./, '') : '';
  } catch {
    return '';
  }
};

/** Quality and frequency are measured from fetched items; until then frequency says 'Unknown'. */
function measured(row: FeedRow | undefined): { quality: Quality; frequency: string; measured: boolean } {
  if (row?.quality && row.frequency) return { quality: row.quality as Quality, frequency: row.frequency, measured: true };
  return { quality: 'medium', frequency: UNKNOWN_FREQUENCY, measured: false };
}

/** A stored channel (the directory's or the user's own) as the list shows it, with its feed's measures. */
function storedChannel(
  r: { id: string; name: string; feedUrl: string; siteUrl: string | null; description: string },
  niche: string,
  source: string,
  feed: FeedRow | undefined,
): Channel {
  return { id: r.id, name: r.name, url: r.feedUrl, siteUrl: r.siteUrl, description: r.description, niche, source, ...measured(feed) };
}

const directoryChannel = (r: DirectoryRow, feed: FeedRow | undefined): Channel => storedChannel(r, r.tags.split(' ')[0], r.source, feed);

function discoveredChannel(f: DiscoveredFeed, niche: string): Channel {
  const host = hostOf(f.siteUrl ?? f.url);
  return {
    id: `feed-${hashId(f.url)}`,
    name: f.title || host || f.url,
    url: f.url,
    siteUrl: f.siteUrl,
    description: f.description || `Feed from ${host}`,
    quality: f.quality,
    frequency: f.frequency,
    measured: true,
    niche,
    source: host,
  };
}

function fallback(topic: string, message: string, success: boolean): SearchChannelsResult {
  const data = sampleChannelsFor(topic);
  return { success, data, message, page: 1, totalPages: 1, total: data.length };
}

/** channels.search: ranked directory matches, or the feeds of a site when the topic is an address. */
export async function searchChannels(ctx: Ctx, input: { niche: string; page?: number }): Promise<SearchChannelsResult> {
  const topic = input.niche.trim();
  if (!topic) throw new AppError('BAD_REQUEST', MSG.searchTopicRequired);
  const page = input.page ?? 1;
  if (looksLikeAddress(topic)) {
    try {
      const found = await discoverFeeds(ctx, topic);
      const data = found.map((f) => discoveredChannel(f, 'general'));
      return {
        success: true,
        data,
        message: `Found ${data.length} feed${data.length === 1 ? '' : 's'} at this address`,
        page: 1,
        totalPages: 1,
        total: data.length,
      };
    } catch (err) {
      // Bad input (blocked address, no feed there) is the caller's to fix; an unreachable site falls back.
      if (err instanceof AppError && (err.code === 'BAD_REQUEST' || err.code === 'UNPROCESSABLE_CONTENT')) throw err;
      ctx.log.warn(`channel search for address failed: ${(err as Error).message}`);
      return fallback(topic, MSG.searchFailed, false);
    }
  }
  let result;
  try {
    result = searchDirectory(topic, page, await directoryTitles(ctx.db));
  } catch (err) {
    ctx.log.error('channel directory search failed', err);
    return fallback(topic, MSG.searchFailed, false);
  }
  // Nothing matched: said so, with no channels (the page offers a site's address and OPML instead).
  if (result.total === 0) return { success: true, data: [], message: MSG.searchEmpty(topic), page: 1, totalPages: 0, total: 0 };
  const feeds = await feedRows(
    ctx.db,
    result.rows.map((r) => r.feedUrl),
  );
  const data = result.rows.map((r) => directoryChannel(r, feeds.get(r.feedUrl)));
  return {
    success: true,
    data,
    message: `Found ${result.total} channel${result.total === 1 ? '' : 's'} for "${topic}"`,
    page: result.page,
    totalPages: result.totalPages,
    total: result.total,
  };
}

/** channels.discover: the confirmed feeds of a site or feed address. */
export async function discoverChannels(ctx: Ctx, input: { url: string; niche?: string }) {
  const found = await discoverFeeds(ctx, input.url);
  const data = found.map((f) => discoveredChannel(f, input.niche ?? 'general'));
  return { success: true, data, message: `Found ${data.length} feed${data.length === 1 ? '' : 's'} at this address` };
}

type UserChannelRow = typeof userChannels.$inferSelect;

const userChannel = (r: UserChannelRow, feed: FeedRow | undefined): Channel => storedChannel(r, r.niche, hostOf(r.siteUrl ?? r.feedUrl), feed);

export async function listMyChannels(ctx: UserCtx): Promise<Channel[]> {
  const rows = await ctx.db
    .select()
    .from(userChannels)
    .where(eq(userChannels.userId, ctx.user.id))
    .orderBy(asc(userChannels.createdAt), asc(userChannels.name));
  const feeds = await feedRows(
    ctx.db,
    rows.map((r) => r.feedUrl),
  );
  return rows.map((r) => userChannel(r, feeds.get(r.feedUrl)));
}

/**
 * The user's channel for the feed: a new one, or the one kept already. One conditional insert (the
 * unique index on user and feed decides), so two adds of one feed at once keep one channel and both
 * answer with it.
 */
async function saveUserChannel(ctx: UserCtx, f: DiscoveredFeed, name: string | undefined, niche: string): Promise<UserChannelRow> {
  const row: UserChannelRow = {
    id: crypto.randomUUID(),
    userId: ctx.user.id,
    name: (name?.trim() || f.title || hostOf(f.siteUrl ?? f.url)).slice(0, 300),
    feedUrl: f.url,
    siteUrl: f.siteUrl,
    description: f.description.slice(0, 1000),
    niche,
    createdAt: ctx.now(),
  };
  // A second round only when the kept channel was removed between the two statements.
  for (let round = 0; ; round++) {
    const [added] = await ctx.db.insert(userChannels).values(row).onConflictDoNothing().returning();
    if (added) return added;
    const [existing] = await ctx.db
      .select()
      .from(userChannels)
      .where(and(eq(userChannels.userId, ctx.user.id), eq(userChannels.feedUrl, f.url)))
      .limit(1);
    if (existing || round > 0) {
      if (!existing) throw new Error('The channel could not be kept: it was removed while it was added.');
      return existing;
    }
  }
}

/** channels.add: discovers and confirms the address's first feed, keeps it for the user. Adding twice is a no-op. */
export async function addChannel(ctx: UserCtx, input: { url: string; name?: string; niche?: string }): Promise<Channel> {
  const [first] = await discoverFeeds(ctx, input.url);
  const row = await saveUserChannel(ctx, first, input.name, input.niche ?? 'general');
  return userChannel(row, (await feedRows(ctx.db, [row.feedUrl])).get(row.feedUrl));
}

export async function removeChannel(ctx: UserCtx, input: { id: string }) {
  const res = await ctx.db.delete(userChannels).where(and(eq(userChannels.id, input.id), eq(userChannels.userId, ctx.user.id)));
  if (affectedRows(res) === 0) throw new AppError('NOT_FOUND', 'Channel not found');
  return { success: true };
}

/** channels.importOpml: each outline is discovered and confirmed; failures are listed, not fatal. */
export async function importOpml(ctx: UserCtx, input: { opml: string }) {
  const outlines = parseOpml(input.opml);
  if (outlines.length === 0) throw new AppError('BAD_REQUEST', 'The file has no feed outlines (is it OPML?)');
  if (outlines.length > MAX_OPML_CHANNELS) throw new AppError('BAD_REQUEST', `An OPML file can import at most ${MAX_OPML_CHANNELS} channels`);
  const imported: UserChannelRow[] = [];
  const failed: { url: string; message: string }[] = [];
  const limit = pLimit(6);
  const started = Date.now();
  await Promise.all(
    outlines.map((o) =>
      limit(async () => {
        if (Date.now() - started > OPML_DEADLINE_MS) {
          failed.push({ url: o.url, message: 'Not checked: the import ran out of time. Import the file again to add the rest.' });
          return;
        }
        try {
          const [feed] = await discoverFeeds(ctx, o.url);
          const niche = (o.category ?? 'general').toLowerCase().slice(0, 100) || 'general';
          imported.push(await saveUserChannel(ctx, feed, o.title, niche));
        } catch (err) {
          failed.push({ url: o.url, message: err instanceof Error ? err.message : MSG.unknownError });
        }
      }),
    ),
  );
  const feeds = await feedRows(
    ctx.db,
    imported.map((r) => r.feedUrl),
  );
  return { imported: imported.length, channels: imported.map((r) => userChannel(r, feeds.get(r.feedUrl))), failed };
}

export async function exportOpml(ctx: UserCtx) {
  const rows = await ctx.db.select().from(userChannels).where(eq(userChannels.userId, ctx.user.id)).orderBy(asc(userChannels.createdAt));
  return {
    opml: buildOpml(
      'Curated channels',
      rows.map((r) => ({ name: r.name, url: r.feedUrl, siteUrl: r.siteUrl, niche: r.niche })),
      ctx.now(),
    ),
  };
}
