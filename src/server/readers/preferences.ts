// The preference centre: every issue's footer carries a signed link per reader (its own token purpose,
// so an unsubscribe token never opens it and the other way round), and the page behind it lets the reader
// choose topics (the publication's topics become the reader's tags, source 'preferences'), every issue or
// a weekly roll-up, HTML or plain text, a month's pause, or leaving. Sends read these choices when each
// chunk of recipients is taken (filterReaderChoices), so a change during a send counts for later batches.
import { addTags, removeTags } from './tags';
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../context';
import { tx, type DbOrTx } from '../db';
import { AppError } from '../errors';
import { publications, readerSettings, subscriberTags, subscribers, type IssueSendRow, type SendRecipientRow } from '../../../db/schema';
import { readToken, signToken } from '../crypto';
import { recordReaderEvent } from './events';
import { readerBrandOf, type ReaderBrand } from './pages/reader-brand';
import { findOwned } from '../publications/publications';
import { unsubscribe, unsubscribeToken } from './unsubscribe';
import { MAX_TOPICS, READERS_MSG, type ReaderFormat, type ReaderFrequency } from '../../shared/schemas/readers';
import { servedHere, type ServedOn } from '../domains/custom-domains';
import { maskEmail } from '../../shared/mask-email';

const PURPOSE = 'preferences';
export const PAUSE_MS = 30 * 24 * 60 * 60 * 1000;

export const PREFERENCES_MSG = {
  notSubscribed: 'You are no longer subscribed to this newsletter, so there is nothing to change.',
  tooManyTopics: `A publication offers at most ${MAX_TOPICS} topics.`,
} as const;

export const preferencesToken = (appSecret: string, subscriberId: string) => signToken(appSecret, PURPOSE, subscriberId);

/** The reader's preference page on `base` (APP_URL or the account's custom domain). */
export const preferencesUrl = (deps: Pick<Deps, 'env'>, base: string, subscriberId: string) =>
  `${base}/preferences/${preferencesToken(deps.env.APP_SECRET, subscriberId)}`;

type PrefDeps = Pick<Deps, 'db' | 'env' | 'now'> & ServedOn;

/** The token's reader; on a custom domain another account's reader is as unknown as a forged token. */
async function readerOf(db: DbOrTx, on: ServedOn, appSecret: string, token: string) {
  const id = readToken(appSecret, PURPOSE, token);
  if (!id) throw new AppError('NOT_FOUND', READERS_MSG.preferencesLink);
  const [row] = await db
    .select({ sub: subscribers, pub: publications })
    .from(subscribers)
    .innerJoin(publications, eq(publications.id, subscribers.publicationId))
    .where(eq(subscribers.id, id));
  if (!row || !servedHere(on, row.pub.userId)) throw new AppError('NOT_FOUND', READERS_MSG.preferencesLink);
  return { ...row, publicationName: row.pub.name, userId: row.pub.userId };
}

export async function topicsOf(db: DbOrTx, publicationId: string): Promise<string[]> {
  const [row] = await db.select({ topics: readerSettings.topics }).from(readerSettings).where(eq(readerSettings.publicationId, publicationId));
  return row?.topics ?? [];
}

export interface ReaderPreferences {
  publicationName: string;
  email: string;
  status: string;
  topics: { name: string; chosen: boolean }[];
  frequency: ReaderFrequency;
  format: ReaderFormat;
  /** ISO time the pause ends; null when not paused (a pause that has ended reads as none). */
  pausedUntil: string | null;
  /** What the page shows of the publication (name, logo, accent, archive; white-label). */
  brand: ReaderBrand;
}

async function view(deps: PrefDeps, row: Awaited<ReturnType<typeof readerOf>>): Promise<ReaderPreferences> {
  const now = deps.now();
  const topics = await topicsOf(deps.db, row.sub.publicationId);
  const tags = new Set(
    topics.length
      ? (
          await deps.db
            .select({ tag: subscriberTags.tag })
            .from(subscriberTags)
            .where(and(eq(subscriberTags.subscriberId, row.sub.id), inArray(subscriberTags.tag, topics)))
        ).map((r) => r.tag)
      : [],
  );
  const paused = row.sub.pausedUntil && row.sub.pausedUntil.getTime() > now.getTime() ? row.sub.pausedUntil : null;
  return {
    publicationName: row.publicationName,
    email: maskEmail(row.sub.email),
    status: row.sub.status,
    topics: topics.map((name) => ({ name, chosen: tags.has(name) })),
    frequency: row.sub.frequency,
    format: row.sub.format,
    pausedUntil: paused ? paused.toISOString() : null,
    brand: await readerBrandOf(deps.db, row.pub, now),
  };
}

/** What the preference page shows; a forged, altered or stale token is refused with READERS_MSG.preferencesLink. */
export async function getPreferences(deps: PrefDeps, token: string): Promise<ReaderPreferences> {
  return view(deps, await readerOf(deps.db, deps, deps.env.APP_SECRET, token));
}

export interface PreferencesChange {
  token: string;
  /** The topics the reader wants, among the publication's; names it no longer offers are ignored. */
  topics?: string[];
  frequency?: ReaderFrequency;
  format?: ReaderFormat;
  /** 'month': paused for 30 days from now; 'resume': issues again from the next send. */
  pause?: 'month' | 'resume';
}

/** Saves what the reader changed (only the fields given) and records it in their history. */
export async function savePreferences(deps: PrefDeps, input: PreferencesChange): Promise<ReaderPreferences> {
  const now = deps.now();
  const id = readToken(deps.env.APP_SECRET, PURPOSE, input.token);
  if (!id) throw new AppError('NOT_FOUND', READERS_MSG.preferencesLink);
  await tx(deps.db, async (t) => {
    const row = await readerOf(t, deps, deps.env.APP_SECRET, input.token);
    const sub = row.sub;
    if (sub.status !== 'active') throw new AppError('BAD_REQUEST', PREFERENCES_MSG.notSubscribed);
    const changed: Record<string, unknown> = {};
    if (input.topics) {
      const offered = await topicsOf(t, sub.publicationId);
      const wanted = new Set(input.topics.filter((n) => offered.includes(n)));
      const current = offered.length
        ? (
            await t
              .select({ tag: subscriberTags.tag })
              .from(subscriberTags)
              .where(and(eq(subscriberTags.subscriberId, sub.id), inArray(subscriberTags.tag, offered)))
          ).map((r) => r.tag)
        : [];
      // Topics given up first, so choosing one in place of another never meets the per-reader cap.
      const removed = await removeTags(
        t,
        sub.publicationId,
        sub.id,
        current.filter((n) => !wanted.has(n)),
        'preferences',
        now,
      );
      const added = await addTags(
        t,
        sub.publicationId,
        sub.id,
        [...wanted].filter((n) => !current.includes(n)),
        'preferences',
        now,
      );
      if (added.length || removed.length) changed.topics = { added, removed };
    }
    const set: Partial<typeof subscribers.$inferInsert> = {};
    if (input.frequency && input.frequency !== sub.frequency) {
      set.frequency = input.frequency;
      changed.frequency = { from: sub.frequency, to: input.frequency };
    }
    if (input.format && input.format !== sub.format) {
      set.format = input.format;
      changed.format = { from: sub.format, to: input.format };
    }
    const pausedNow = sub.pausedUntil !== null && sub.pausedUntil.getTime() > now.getTime();
    if (input.pause === 'month' && !pausedNow) {
      set.pausedUntil = new Date(now.getTime() + PAUSE_MS);
      changed.pausedUntil = set.pausedUntil.toISOString();
    } else if (input.pause === 'resume' && sub.pausedUntil !== null) {
      set.pausedUntil = null;
      if (pausedNow) changed.resumed = true;
    }
    if (Object.keys(set).length)
      await t
        .update(subscribers)
        .set({ ...set, updatedAt: now })
        .where(eq(subscribers.id, sub.id));
    if (Object.keys(changed).length)
      await recordReaderEvent(t, { publicationId: sub.publicationId, subscriberId: sub.id, kind: 'preferences', source: 'reader', detail: changed, at: now });
  });
  return getPreferences(deps, input.token);
}

/** Leaving from the preference page: the same as the issue's unsubscribe link. */
export async function unsubscribeFromPreferences(deps: PrefDeps & Pick<Deps, 'queue'>, token: string): Promise<ReaderPreferences> {
  const id = readToken(deps.env.APP_SECRET, PURPOSE, token);
  if (!id) throw new AppError('NOT_FOUND', READERS_MSG.preferencesLink);
  const done = await unsubscribe(deps, unsubscribeToken(deps.env.APP_SECRET, id, ''), 'preferences');
  if (!done) throw new AppError('NOT_FOUND', READERS_MSG.preferencesLink);
  return getPreferences(deps, token);
}

/** The creator's topics list for the preference centre. */
export async function publicationTopics(ctx: Pick<Deps, 'db'> & { user: { id: string } }, publicationId: string): Promise<string[]> {
  await findOwned(ctx.db, ctx.user.id, publicationId);
  return topicsOf(ctx.db, publicationId);
}

export async function savePublicationTopics(
  ctx: Pick<Deps, 'db' | 'now'> & { user: { id: string } },
  input: { publicationId: string; topics: string[] },
): Promise<string[]> {
  await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const topics = [...new Set(input.topics)];
  if (topics.length > MAX_TOPICS) throw new AppError('BAD_REQUEST', PREFERENCES_MSG.tooManyTopics);
  const now = ctx.now();
  await ctx.db
    .insert(readerSettings)
    .values({ publicationId: input.publicationId, topics, updatedAt: now })
    .onConflictDoUpdate({ target: readerSettings.publicationId, set: { topics, updatedAt: now } });
  return topics;
}

/**
 * Who gets which kind of send, by the reader's choices at `now`: an issue goes to readers who are not
 * paused and want every issue; a weekly roll-up to those who are not paused and chose it.
 */
export function choicesAllow(send: Pick<IssueSendRow, 'rollupOf'>, now: Date): SQL {
  return and(or(isNull(subscribers.pausedUntil), lte(subscribers.pausedUntil, now))!, eq(subscribers.frequency, send.rollupOf ? 'weekly' : 'every'))!;
}

/**
 * At the moment a chunk is taken: the recipients (send_recipients ids) who paused or changed how often
 * they want mail since the snapshot, and which of the others want plain text.
 */
export async function readerChoices(
  db: DbOrTx,
  send: IssueSendRow,
  chunk: SendRecipientRow[],
  now: Date,
): Promise<{ held: Set<number>; textOnly: Set<number> }> {
  const ids = chunk.map((r) => r.subscriberId).filter((id): id is string => Boolean(id));
  const choices = ids.length
    ? await db
        .select({
          id: subscribers.id,
          format: subscribers.format,
          allowed: sql<number>`CASE WHEN ${choicesAllow(send, now)} THEN 1 ELSE 0 END`.mapWith(Number),
        })
        .from(subscribers)
        .where(inArray(subscribers.id, ids))
    : [];
  const byId = new Map(choices.map((c) => [c.id, c]));
  const of = (r: SendRecipientRow) => (r.subscriberId ? byId.get(r.subscriberId) : undefined);
  return {
    held: new Set(chunk.filter((r) => of(r)?.allowed === 0).map((r) => r.id)),
    textOnly: new Set(chunk.filter((r) => of(r)?.allowed === 1 && of(r)?.format === 'text').map((r) => r.id)),
  };
}

/** Publications with at least one active reader who chose the weekly roll-up. */
export async function publicationsWithWeeklyReaders(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: subscribers.publicationId })
    .from(subscribers)
    .where(and(eq(subscribers.status, 'active'), eq(subscribers.frequency, 'weekly')));
  return rows.map((r) => r.id);
}
