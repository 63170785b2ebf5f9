// Writing an import's new readers: in slices that each re-check the plan's limit, with their history
// ('subscribed', 'tagged') and tags, in the transaction that inserts them.
import crypto from 'node:crypto';
import { sql, type Column } from 'drizzle-orm';
import { subscriberTags, subscribers, type SubscriberStatus } from '../../../../db/schema';
import { affectedRows, execute, inTx, isPostgres, tx, type DbOrTx } from '../../db';
import { locks } from '../../locks';
import { recordReaderEvents } from '../events';
import { yieldToLoop, type CsvRecord } from './csv-read';
import { keptCount } from './subscribers';

/**
 * Rows written per transaction (its readers, their history, the limit's count): a slice holds the loop
 * ~20–60 ms; 2,000 went over the 100 ms stall budget of `npm run bench delivery`.
 */
export const SLICE_ROWS = 1000;

/** A reader to write, with its join time (ms), unique per row of the file. */
export type NewRow = { email: string; name: string; at: number; tags?: string[] };
/** A reader the import wrote: its id and when it joined (ms). */
export type Written = { id: string; at: number };
/** Inserts rows in the caller's transaction, skipping addresses already there; answers those written. */
export type InsertRows = (t: DbOrTx, rows: NewRow[]) => Promise<Written[]>;

/**
 * SQLite: one statement prepared once on the shared handle, run per row inside the slice's transaction
 * (in-process, a run costs microseconds; building one statement of 2,000 rows through drizzle cost more).
 * The text values are bare placeholders: they need no encoding, and drizzle fills those with the least
 * work per row.
 */
function sqliteInsert(db: DbOrTx, publicationId: string, updatedAt: Date): InsertRows {
  const text = (name: string) => sql`${sql.placeholder(name)}`;
  const insert = db
    .insert(subscribers)
    .values({
      id: text('id'),
      publicationId,
      email: text('email'),
      name: text('name'),
      status: 'active',
      source: 'import',
      createdAt: sql.placeholder('createdAt'),
      updatedAt,
    })
    .onConflictDoNothing()
    .prepare();
  return async (t, rows) => {
    const here = inTx(t, insert);
    const written: Written[] = [];
    for (const r of rows) {
      const id = crypto.randomUUID();
      if (affectedRows(await here.execute({ id, email: r.email, name: r.name, createdAt: new Date(r.at) }))) written.push({ id, at: r.at });
    }
    return written;
  };
}

/**
 * Postgres: each statement is a network round trip, so the rows go in one statement, as four arrays
 * unnested into rows (four parameters, however many rows). Values pass through their columns' encoders,
 * as drizzle's own inserts do (text Postgres refuses, such as NUL, is replaced).
 */
function postgresInsert(publicationId: string, updatedAt: Date): InsertRows {
  const c = subscribers;
  const col = (column: Column) => sql.identifier(column.name);
  const texts = (column: Column, values: string[]) => sql`${sql.param(values.map((v) => column.mapToDriverValue(v)))}::text[]`;
  return async (t, rows) => {
    const ids = texts(
      c.id,
      rows.map(() => crypto.randomUUID()),
    );
    const emails = texts(
      c.email,
      rows.map((r) => r.email),
    );
    const names = texts(
      c.name,
      rows.map((r) => r.name),
    );
    const ats = sql`${sql.param(rows.map((r) => r.at))}::bigint[]`;
    const status: SubscriberStatus = 'active';
    const query = sql`insert into ${c} (${col(c.id)}, ${col(c.publicationId)}, ${col(c.email)}, ${col(c.name)}, ${col(c.status)}, ${col(c.source)}, ${col(c.createdAt)}, ${col(c.updatedAt)})
      select r.id, ${publicationId}, r.email, r.name, ${status}, 'import', timestamptz 'epoch' + r.at * interval '1 millisecond', ${c.updatedAt.mapToDriverValue(updatedAt)}::timestamptz
      from unnest(${ids}, ${emails}, ${names}, ${ats}) as r(id, email, name, at)
      on conflict do nothing
      returning ${col(c.id)} as id, (extract(epoch from ${col(c.createdAt)}) * 1000)::bigint as at`;
    const res = (await execute(t, query)) as unknown as { rows: { id: string; at: string | number }[] };
    return res.rows.map((r) => ({ id: r.id, at: Number(r.at) }));
  };
}

/** The database's way of inserting an import's rows. */
export const rowInserter = (db: DbOrTx, publicationId: string, updatedAt: Date): InsertRows =>
  isPostgres(db) ? postgresInsert(publicationId, updatedAt) : sqliteInsert(db, publicationId, updatedAt);

/** The tag rows of the written readers: a written reader's row is known by its join time. */
export function tagRowsOf(publicationId: string, rows: NewRow[], written: Written[]) {
  const byAt = new Map(rows.map((r) => [r.at, r.tags]));
  return written.flatMap((w) => (byAt.get(w.at) ?? []).map((tag) => ({ subscriberId: w.id, publicationId, tag, source: 'import', createdAt: new Date(w.at) })));
}

/** Writes the written readers' tags and their 'tagged' history. */
export async function writeTags(t: DbOrTx, publicationId: string, rows: NewRow[], written: Written[]): Promise<void> {
  const tagRows = tagRowsOf(publicationId, rows, written);
  for (let i = 0; i < tagRows.length; i += 500) await t.insert(subscriberTags).values(tagRows.slice(i, i + 500));
  await recordReaderEvents(
    t,
    tagRows.map((r) => ({ publicationId, subscriberId: r.subscriberId, kind: 'tagged' as const, source: 'import', detail: { tag: r.tag }, at: r.createdAt })),
  );
}

/** What one slice did: readers written, rows someone else added meanwhile, rows left over the limit. */
export type SliceOutcome = { written: number; taken: number; overLimit: number };

/**
 * Other imports, sign-ups and additions write between our slices, so each slice counts the publication
 * again and writes only what still fits, in the transaction that inserts it, under the publication's
 * subscriber lock (SQLite's IMMEDIATE write lock; an advisory lock on Postgres): nothing else adds
 * readers between the count and the insert. Rows go in file order, as many at a time as there is room
 * for (the whole slice in one statement on Postgres); an address someone else added meanwhile is
 * skipped without taking room, so while room is left the next rows are tried.
 */
export function writeSlice(
  db: DbOrTx,
  insertRows: InsertRows,
  target: { publicationId: string; limit: number; tagged: boolean },
  slice: NewRow[],
): Promise<SliceOutcome> {
  const { publicationId, limit } = target;
  return tx(db, async (t) => {
    await locks.subscribersOf(t, publicationId);
    const room = Number.isFinite(limit) ? Math.max(0, limit - (await keptCount(t, publicationId))) : Infinity;
    const out = { written: 0, taken: 0, overLimit: 0 };
    let next = 0;
    while (next < slice.length && out.written < room) {
      const rows = slice.slice(next, next + Math.min(slice.length - next, room - out.written));
      next += rows.length;
      const written = await insertRows(t, rows);
      await recordReaderEvents(
        t,
        written.map((w) => ({ publicationId, subscriberId: w.id, kind: 'subscribed' as const, source: 'import', at: new Date(w.at) })),
      );
      if (target.tagged) await writeTags(t, publicationId, rows, written);
      out.written += written.length;
      out.taken += rows.length - written.length; // added by someone else since the file was checked
    }
    out.overLimit = slice.length - next;
    return out;
  });
}

/** Writes the new readers slice by slice, joined at `now` + their place in the list (ms); answers the slices' sums. */
export async function writeImport(
  db: DbOrTx,
  target: { publicationId: string; limit: number; tagged: boolean },
  toInsert: CsvRecord[],
  now: number,
): Promise<SliceOutcome> {
  const insertRows = rowInserter(db, target.publicationId, new Date(now));
  const total = { written: 0, taken: 0, overLimit: 0 };
  for (let i = 0; i < toInsert.length; i += SLICE_ROWS) {
    const slice = await writeSlice(
      db,
      insertRows,
      target,
      toInsert.slice(i, i + SLICE_ROWS).map((r, j) => ({ ...r, at: now + i + j })),
    );
    total.written += slice.written;
    total.taken += slice.taken;
    total.overLimit += slice.overLimit;
    await yieldToLoop();
  }
  return total;
}
