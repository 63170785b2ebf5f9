// Tags on readers: added by hand, by a CSV column, by the API, by a signup form or by the topics a
// reader chooses, each recorded in the reader's history ('tagged' / 'untagged') in the caller's
// transaction. Segments (segments.ts) select readers by them.
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import { tx, type DbOrTx, type Tx } from '../db';
import { locks } from '../locks';
import { findOwned } from '../publications/publications';
import { AppError } from '../errors';
import { subscriberTags, subscribers } from '../../../db/schema';
import { MAX_TAGS_PER_READER, READERS_MSG, tagName } from '../../shared/schemas/readers';
import { recordReaderEvents } from './events';

/** manual, import, api, form, preferences */
export type TagSource = string;

/** A tag as given, trimmed and checked (markup, length): READERS_MSG's words on refusal. */
export function parseTag(raw: string): string {
  const parsed = tagName.safeParse(raw);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? READERS_MSG.tagMarkup);
  return parsed.data;
}

/** Tags compare as given but the same letters in another case are one tag (first spelling kept). */
function distinct(tags: string[]): string[] {
  const seen = new Map<string, string>();
  for (const t of tags) if (!seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
  return [...seen.values()];
}

/** A reader's tags, sorted, and among them the topics the reader chose in the preference centre. */
export interface ReaderTags {
  tags: string[];
  topics: string[];
}

const TOPIC_SOURCE = 'preferences';

export async function tagsOf(db: DbOrTx, subscriberId: string): Promise<string[]> {
  return (await tagsOfMany(db, [subscriberId])).get(subscriberId)!.tags;
}

export async function readerTagsOf(db: DbOrTx, subscriberId: string): Promise<ReaderTags> {
  return (await tagsOfMany(db, [subscriberId])).get(subscriberId)!;
}

/** Every listed reader's tags and topics, keyed by reader (one query). */
export async function tagsOfMany(db: DbOrTx, subscriberIds: string[]): Promise<Map<string, ReaderTags>> {
  const out = new Map<string, ReaderTags>(subscriberIds.map((id) => [id, { tags: [], topics: [] }]));
  if (subscriberIds.length === 0) return out;
  const rows = await db
    .select({ id: subscriberTags.subscriberId, tag: subscriberTags.tag, source: subscriberTags.source })
    .from(subscriberTags)
    .where(inArray(subscriberTags.subscriberId, subscriberIds))
    .orderBy(subscriberTags.tag);
  for (const r of rows) {
    const of = out.get(r.id);
    of?.tags.push(r.tag);
    if (r.source === TOPIC_SOURCE) of?.topics.push(r.tag);
  }
  return out;
}

/**
 * Gives a reader (of this publication: the caller has checked) these tags; ones they carry already are
 * left as they are. Returns the tags newly added. Refuses markup, overlong tags and more than
 * MAX_TAGS_PER_READER on one reader. Run it in the transaction that decided the reader may be tagged.
 */
export async function addTags(t: Tx, publicationId: string, subscriberId: string, tags: string[], source: TagSource, at: Date = new Date()): Promise<string[]> {
  const wanted = distinct(tags.map(parseTag));
  if (wanted.length === 0) return [];
  // The count and the insert it allows, under the lock every tag write of the publication takes.
  await locks.readerTagsOf(t, publicationId);
  const have = await tagsOf(t, subscriberId);
  const known = new Set(have.map((h) => h.toLowerCase()));
  const fresh = wanted.filter((w) => !known.has(w.toLowerCase()));
  if (fresh.length === 0) return [];
  if (have.length + fresh.length > MAX_TAGS_PER_READER) throw new AppError('BAD_REQUEST', READERS_MSG.tooManyTags);
  const added = await t
    .insert(subscriberTags)
    .values(fresh.map((tag) => ({ subscriberId, publicationId, tag, source, createdAt: at })))
    .onConflictDoNothing()
    .returning({ tag: subscriberTags.tag });
  await recordReaderEvents(
    t,
    added.map((a) => ({ publicationId, subscriberId, kind: 'tagged' as const, source, detail: { tag: a.tag }, at })),
  );
  return added.map((a) => a.tag);
}

/** Takes these tags off a reader (case-insensitively); returns the tags removed. */
export async function removeTags(
  t: Tx,
  publicationId: string,
  subscriberId: string,
  tags: string[],
  source: TagSource,
  at: Date = new Date(),
): Promise<string[]> {
  const lower = new Set(tags.map((x) => x.trim().toLowerCase()));
  const have = await tagsOf(t, subscriberId);
  const drop = have.filter((h) => lower.has(h.toLowerCase()));
  if (drop.length === 0) return [];
  const gone = await t
    .delete(subscriberTags)
    .where(and(eq(subscriberTags.subscriberId, subscriberId), inArray(subscriberTags.tag, drop)))
    .returning({ tag: subscriberTags.tag });
  await recordReaderEvents(
    t,
    gone.map((g) => ({ publicationId, subscriberId, kind: 'untagged' as const, source, detail: { tag: g.tag }, at })),
  );
  return gone.map((g) => g.tag);
}

/** Makes a reader's tags exactly these (the API's update): adds the missing, removes the rest. */
export async function setTags(t: Tx, publicationId: string, subscriberId: string, tags: string[], source: TagSource, at: Date = new Date()) {
  const wanted = distinct(tags.map(parseTag));
  if (wanted.length > MAX_TAGS_PER_READER) throw new AppError('BAD_REQUEST', READERS_MSG.tooManyTags);
  const keep = new Set(wanted.map((w) => w.toLowerCase()));
  const have = await tagsOf(t, subscriberId);
  await removeTags(
    t,
    publicationId,
    subscriberId,
    have.filter((h) => !keep.has(h.toLowerCase())),
    source,
    at,
  );
  await addTags(t, publicationId, subscriberId, wanted, source, at);
}

/** A publication's tags in use, with how many readers carry each (the Subscribers page's filter). */
export async function tagCounts(db: DbOrTx, publicationId: string): Promise<{ tag: string; readers: number }[]> {
  const rows = await db
    .select({ tag: subscriberTags.tag, readers: count() })
    .from(subscriberTags)
    .where(eq(subscriberTags.publicationId, publicationId))
    .groupBy(subscriberTags.tag)
    .orderBy(subscriberTags.tag);
  return rows;
}

type Ctx = Pick<AuthedContext, 'db' | 'user' | 'now'>;

/** The Subscribers page's tag filter: the publication's tags and how many readers carry each. */
export async function listTags(ctx: Ctx, publicationId: string) {
  const pub = await findOwned(ctx.db, ctx.user.id, publicationId);
  return tagCounts(ctx.db, pub.id);
}

/** The publication's readers among these ids (others' ids are left out, never tagged). */
async function ownReaders(t: DbOrTx, publicationId: string, ids: string[]): Promise<string[]> {
  const rows = await t
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.publicationId, publicationId), inArray(subscribers.id, ids)));
  return rows.map((r) => r.id);
}

/** A creator tags one reader or a selection by hand; answers how many readers got a tag they lacked. */
export function tagReaders(ctx: Ctx, input: { publicationId: string; ids: string[]; tags: string[] }): Promise<{ changed: number }> {
  return tx(ctx.db, async (t) => {
    const pub = await findOwned(t, ctx.user.id, input.publicationId);
    const at = ctx.now();
    let changed = 0;
    for (const id of await ownReaders(t, pub.id, input.ids)) if ((await addTags(t, pub.id, id, input.tags, 'manual', at)).length) changed++;
    return { changed };
  });
}

export function untagReaders(ctx: Ctx, input: { publicationId: string; ids: string[]; tags: string[] }): Promise<{ changed: number }> {
  return tx(ctx.db, async (t) => {
    const pub = await findOwned(t, ctx.user.id, input.publicationId);
    const at = ctx.now();
    let changed = 0;
    for (const id of await ownReaders(t, pub.id, input.ids)) if ((await removeTags(t, pub.id, id, input.tags, 'manual', at)).length) changed++;
    return { changed };
  });
}
