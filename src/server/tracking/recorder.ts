// Opens and clicks are written behind the answer: the route verifies the token, answers (the redirect, the
// pixel), and hands the event to this recorder, which writes what it holds in batches — every FLUSH_MS
// after the first event, or at once when BATCH events wait — one transaction per batch on either dialect:
// one read of the batch's recipients (with their send's owner), one multi-row insert, and the link.clicked
// webhooks of readers' clicks in the same transaction (the event and its deliveries exist together).
//
// Counting is as it was: each answered request is one event row (the figures count readers distinctly
// when they are read), written exactly once: a batch is one transaction, so a failed batch wrote nothing
// and is tried again once; a second failure drops it with one error line naming how many events (a failed
// write never breaks a link, as before).
// Bounded: at most MAX_HELD events wait in memory (each a few numbers and strings: the user agent is
// reduced to the flags the heuristics read when the request is answered). Past that a request waits for
// room before it answers, so a database slower than the readers slows the answers rather than losing
// events or growing without bound.
// stop() (main.ts's shutdown, after the server stopped taking requests) writes everything held.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { inTx, isPostgres, tx } from '../db';
import type { JobQueue } from '../jobs/queue';
import { issueSends, sendRecipients, trackingEvents, webhookEndpoints } from '../../../db/schema';
import { emitWebhook } from '../webhooks/emit';
import { isMachine, signalsOf, type Signals } from './record';
import type { ClickRef, OpenRef } from './tokens';

export const FLUSH_MS = 10;
export const BATCH = 200;
export const MAX_HELD = 20_000;

/** An event as held until its batch is written. */
export interface Held {
  sendId: string;
  recipientId: number;
  /** null for an open */
  position: number | null;
  /** The link's address (link.clicked carries it). */
  url: string | null;
  signals: Signals;
  at: Date;
  tries: number;
}

export interface RequestSeen {
  ip: string;
  userAgent: string;
  method: string;
  at: Date;
}

export interface TrackingRecorder {
  /** Holds a click for the next batch; resolves at once unless MAX_HELD events already wait. */
  click(ref: ClickRef, seen: RequestSeen, url: string): Promise<void>;
  open(ref: OpenRef, seen: RequestSeen): Promise<void>;
  /** Writes every event held so far (tests, and stop). */
  flush(): Promise<void>;
  /** Writes everything held and every event handed over later at once; for the shutdown. */
  stop(): Promise<void>;
  /** Events waiting to be written. */
  held(): number;
}

export interface RecorderOptions {
  flushMs?: number;
  batch?: number;
  maxHeld?: number;
}

type EventRow = typeof trackingEvents.$inferInsert;

/** SQLite: one prepared insert run per event inside the batch's transaction (no SQL built per batch). */
const preparedInserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();
function prepareInsert(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(trackingEvents)
    .values({ sendId: p('sendId'), recipientId: p('recipientId'), kind: p('kind'), linkPosition: p('linkPosition'), machine: p('machine'), at: p('at') })
    .prepare();
}

/** The batch's rows: on Postgres one multi-row insert (one round trip), on SQLite the prepared statement per row. */
async function insertEvents(db: Db, t: Db, rows: EventRow[]): Promise<void> {
  if (isPostgres(db)) {
    await t.insert(trackingEvents).values(rows);
    return;
  }
  let stmt = preparedInserts.get(db);
  if (!stmt) preparedInserts.set(db, (stmt = prepareInsert(db)));
  const here = inTx(t, stmt);
  for (const r of rows) await here.execute(r);
}

type RecorderDeps = { db: Db; queue: JobQueue; now: () => Date; log: { error(msg: string, err?: unknown): void } };

/** The recipients a batch names, with their send's owner and publication (one read). */
export async function batchRecipients(t: Db, ids: number[]) {
  return t
    .select({
      id: sendRecipients.id,
      sendId: sendRecipients.sendId,
      sentAt: sendRecipients.sentAt,
      email: sendRecipients.email,
      userId: issueSends.userId,
      publicationId: issueSends.publicationId,
    })
    .from(sendRecipients)
    .innerJoin(issueSends, eq(issueSends.id, sendRecipients.sendId))
    .where(inArray(sendRecipients.id, ids));
}
type BatchRecipient = Awaited<ReturnType<typeof batchRecipients>>[number];

/**
 * The batch's event rows, each told machine or reader, and the readers' clicks among them (link.clicked).
 * A token names its send and recipient; a recipient of another send is not this send's reader.
 */
export function eventRows(batch: readonly Omit<Held, 'tries'>[], recipients: readonly BatchRecipient[]) {
  const byId = new Map(recipients.map((r) => [r.id, r]));
  const values: EventRow[] = [];
  const human: { e: Omit<Held, 'tries'>; r: BatchRecipient }[] = [];
  for (const e of batch) {
    const r = byId.get(e.recipientId);
    if (!r || r.sendId !== e.sendId) continue;
    const kind = e.position === null ? 'open' : 'click';
    const machine = isMachine(kind, e.signals, e.at, r.sentAt);
    values.push({ sendId: e.sendId, recipientId: e.recipientId, kind, linkPosition: e.position, machine, at: e.at });
    if (e.position !== null && !machine) human.push({ e, r });
  }
  return { values, human };
}

/** A reader's click is link.clicked for the account's webhooks: only accounts with an endpoint are asked. */
export async function emitClicks(deps: Omit<RecorderDeps, 'log'>, t: Db, human: ReturnType<typeof eventRows>['human']): Promise<void> {
  if (!human.length) return;
  const owners = [...new Set(human.map((h) => h.r.userId))];
  const hooked = new Set(
    (
      await t
        .select({ userId: webhookEndpoints.userId })
        .from(webhookEndpoints)
        .where(and(inArray(webhookEndpoints.userId, owners), eq(webhookEndpoints.enabled, true)))
    ).map((r) => r.userId),
  );
  for (const { e, r } of human)
    if (hooked.has(r.userId))
      await emitWebhook(
        deps,
        r.userId,
        'link.clicked',
        { sendId: e.sendId, publicationId: r.publicationId, email: r.email, url: e.url, position: e.position },
        t,
      );
}

/** One batch in one transaction: its recipients read, its events inserted, its readers' clicks sent to webhooks. */
export async function writeBatch(deps: RecorderDeps, batch: readonly Omit<Held, 'tries'>[]): Promise<void> {
  const ids = [...new Set(batch.map((e) => e.recipientId))];
  await tx(deps.db, async (t) => {
    const { values, human } = eventRows(batch, await batchRecipients(t, ids));
    if (values.length) await insertEvents(deps.db, t, values);
    await emitClicks(deps, t, human);
  });
}

export function createTrackingRecorder(deps: RecorderDeps, o: RecorderOptions = {}): TrackingRecorder {
  const flushMs = o.flushMs ?? FLUSH_MS;
  const batchSize = o.batch ?? BATCH;
  const maxHeld = o.maxHeld ?? MAX_HELD;
  let queue: Held[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> | null = null;
  let stopped = false;
  /** Requests waiting for room, woken after each batch. */
  let roomWaiters: (() => void)[] = [];

  async function drain(): Promise<void> {
    for (let first = true; queue.length; first = false) {
      // On SQLite a batch runs synchronously: requests that arrived meanwhile are answered before the next.
      if (!first) await new Promise((r) => setImmediate(r));
      const batch = queue.slice(0, batchSize);
      queue = queue.slice(batch.length);
      try {
        await writeBatch(deps, batch);
      } catch (err) {
        const retry = batch.filter((e) => e.tries++ === 0);
        if (retry.length) queue = [...retry, ...queue];
        else deps.log.error(`tracking: ${batch.length} events not recorded`, err);
        // Nothing to gain from trying again at once while the database refuses: the next flush does.
        if (retry.length && !stopped) break;
      } finally {
        const waiters = roomWaiters;
        roomWaiters = [];
        for (const w of waiters) w();
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (writing) return writing.then(() => (queue.length ? flush() : undefined));
    if (!queue.length) return Promise.resolve();
    writing = drain().finally(() => {
      writing = null;
      if (queue.length) schedule();
    });
    return writing;
  }

  function schedule() {
    if (stopped || queue.length >= batchSize) {
      void flush();
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, flushMs);
    timer.unref?.();
  }

  async function hold(e: Omit<Held, 'tries'>): Promise<void> {
    while (queue.length >= maxHeld) {
      await new Promise<void>((resolve) => roomWaiters.push(resolve));
    }
    queue.push({ ...e, tries: 0 });
    schedule();
  }

  return {
    click: (ref, seen, url) => hold({ sendId: ref.sendId, recipientId: ref.recipientId, position: ref.position, url, signals: signalsOf(seen), at: seen.at }),
    open: (ref, seen) => hold({ sendId: ref.sendId, recipientId: ref.recipientId, position: null, url: null, signals: signalsOf(seen), at: seen.at }),
    flush,
    async stop() {
      stopped = true;
      await flush();
    },
    held: () => queue.length,
  };
}
