// What the AI reads: an article's own text from the feed cache (full article or teaser), the articles
// a creator's channels carry today, and the articles earlier issues of a publication already used.
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db';
import type { Context } from '../context';
import { feedItems, issueSends, newsletters, publications, userChannels, type AiSourceRow } from '../../../db/schema';
import { htmlToParagraphs } from '../feeds/text';
import { articlesForChannels } from '../feeds/articles';
import { findOwned } from '../publications/publications';
import { channelLimitFor } from '../../shared/plans';
import { isSampleArticle, type ChannelRef } from '../../shared/schemas/content';
import type { AiArticle } from '../../shared/schemas/ai';

export interface ArticleText {
  text: string;
  basis: 'full' | 'teaser';
}

/** What a generation cites: each article's identity and link, in citation order. */
export const sourceRefs = (articles: AiArticle[]): AiSourceRow[] =>
  articles.map((a) => ({ id: a.id, title: a.title, url: a.url, source: a.source, channelUrl: a.channelUrl }));

/** A body with at least this many words, and half again as long as the teaser, counts as the full article. */
const FULL_WORDS = 60;

/** The article's text as its feed carries it; the summary the caller holds when the feed has nothing more. */
export async function articleText(db: Db, a: Pick<AiArticle, 'id' | 'channelUrl' | 'summary' | 'title'>): Promise<ArticleText> {
  const [row] = a.channelUrl
    ? await db
        .select({ body: feedItems.body, summary: feedItems.summary })
        .from(feedItems)
        .where(and(eq(feedItems.feedUrl, a.channelUrl), eq(feedItems.id, a.id)))
        .limit(1)
    : [];
  const body = row?.body ? htmlToParagraphs(row.body) : '';
  const teaser = row?.summary && row.summary !== 'No summary available' ? row.summary : a.summary;
  if (body && body.split(/\s+/).length >= FULL_WORDS && body.length >= teaser.length * 1.5) return { text: body, basis: 'full' };
  return { text: body.length > teaser.length ? body : teaser, basis: 'teaser' };
}

/**
 * The channels a creator works with: those they keep, then those chosen in their publications (most
 * recently edited first), up to their plan's channel limit.
 */
export async function channelsOf(db: Db, user: { id: string; role?: unknown; planType?: unknown }): Promise<ChannelRef[]> {
  const refs = new Map<string, ChannelRef>();
  for (const c of await db.select().from(userChannels).where(eq(userChannels.userId, user.id)).orderBy(desc(userChannels.createdAt)))
    refs.set(c.feedUrl, { name: c.name, url: c.feedUrl, niche: c.niche });
  const pubs = await db
    .select({ data: publications.workflowData })
    .from(publications)
    .where(eq(publications.userId, user.id))
    .orderBy(desc(publications.updatedAt))
    .limit(50);
  for (const p of pubs)
    for (const c of p.data.selectedChannels ?? []) if (c.url && !refs.has(c.url)) refs.set(c.url, { name: c.name, url: c.url, niche: c.niche || 'general' });
  return [...refs.values()].slice(0, channelLimitFor(user));
}

/** Today's articles from the creator's channels (fetched through the feed cache), real ones only. */
export async function channelArticles(ctx: Pick<Context, 'db' | 'env' | 'now' | 'log'> & { user: { id: string; role?: unknown; planType?: unknown } }) {
  const channels = await channelsOf(ctx.db, ctx.user);
  if (!channels.length) return { articles: [], channels: 0, failed: [] as string[] };
  const res = await articlesForChannels(ctx, { channels });
  return {
    articles: res.articles.filter((a) => !isSampleArticle(a)),
    channels: channels.length,
    failed: res.errors.map((e) => channels.find((c) => c.url === e.channelUrl)?.name ?? e.channelUrl),
  };
}

export interface UsedLink {
  url: string;
  title: string;
  issue: string;
  sentAt: Date;
}

/**
 * The articles earlier issues of a publication carried: issues sent or scheduled from it (not those
 * canceled) and newsletters saved for it as sent. Newest issue first.
 */
export async function usedArticles(db: Db, userId: string, publicationId: string): Promise<UsedLink[]> {
  await findOwned(db, userId, publicationId);
  const out: UsedLink[] = [];
  const sends = await db
    .select({ subject: issueSends.subject, articles: issueSends.articles, at: issueSends.scheduledAt })
    .from(issueSends)
    .where(and(eq(issueSends.publicationId, publicationId), ne(issueSends.status, 'canceled')))
    .orderBy(desc(issueSends.scheduledAt));
  for (const s of sends) for (const a of s.articles) out.push({ url: a.url, title: a.title, issue: s.subject, sentAt: s.at });
  const saved = await db
    .select({ title: newsletters.title, sources: newsletters.contentSources, at: newsletters.updatedAt })
    .from(newsletters)
    .where(and(eq(newsletters.userId, userId), eq(newsletters.publicationId, publicationId), inArray(newsletters.status, ['sent'])))
    .orderBy(desc(newsletters.updatedAt));
  for (const n of saved)
    for (const a of n.sources.articles)
      if (typeof a.url === 'string') out.push({ url: a.url, title: typeof a.title === 'string' ? a.title : '', issue: n.title, sentAt: n.at });
  return out;
}
