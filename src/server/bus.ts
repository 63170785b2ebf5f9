// The notify bus (Deps.bus): small messages every app process on the database receives, for state a
// process keeps in memory and another process's change makes stale (cached sessions, a generation's new
// text, work waiting for a worker). One SQLite process: an in-process emitter. Postgres: LISTEN/NOTIFY on
// one dedicated connection per process, re-made after it is lost. Payloads carry ids, never texts:
// Postgres refuses a notification of 8000 bytes or more. This module imports no domain.
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { isPostgres, postgresPool, postgresQueryable, type Db, type DbOrTx } from './db';

/** What the bus reports through (the app's Logger; named here so context.ts can name Bus without a circle). */
type BusLog = { warn(msg: string): void; error(msg: string, err?: unknown): void };

/** The channels, each with its payload. Postgres channel names are these strings. */
export interface BusChannels {
  /** Cached sessions to drop: a session (by its stored key), or every session of a user. */
  curated_sessions: { sessionKey: string } | { userId: string };
  /** An AI Magic generation stored new text, or ended. */
  curated_ai_jobs: { id: string };
  /** Jobs were queued (by the process `from`): a worker may claim them now rather than at its next poll. */
  curated_jobs: { from: string };
}
export type BusChannel = keyof BusChannels;

export interface Bus {
  /**
   * Delivers `payload` to the subscribers of `channel` in every process, this one included. Given a
   * transaction's handle `t`, Postgres delivers it when `t` commits and never if it rolls back.
   */
  publish<C extends BusChannel>(channel: C, payload: BusChannels[C], t?: DbOrTx): Promise<void>;
  /** Calls `fn` with each payload on `channel`; returns the function that stops it. */
  subscribe<C extends BusChannel>(channel: C, fn: (payload: BusChannels[C]) => void): () => void;
  /**
   * Calls `fn` whenever messages may have been missed (the connection to Postgres was lost and is
   * back), so memory filled meanwhile can be dropped. Never called on the in-process bus.
   */
  onReset(fn: () => void): () => void;
  /** Whether other processes' messages arrive now (always on the in-process bus). */
  readonly listening: boolean;
  /**
   * Listens now if nothing did yet; settles once other processes' messages arrive on every channel
   * subscribed so far (at once on the in-process bus).
   */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Postgres refuses a notification payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_999;
/** How the listening connection names itself in pg_stat_activity. */
export const BUS_APPLICATION_NAME = 'curated-bus';
const noop = () => {};
export const RESET = Symbol('reset');
export const LOST = Symbol('lost');
/** Waits between attempts to re-make a lost listening connection: doubling up to the last. */
const RECONNECT_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/** The bus for a database handle: LISTEN/NOTIFY on Postgres, an in-process emitter on SQLite. */
export function createBus(db: Db, log: BusLog): Bus {
  return isPostgres(db) ? createPostgresBus(db, log) : createLocalBus();
}

/**
 * A worker wake-up that reaches every process on the database: `local` runs here at once (this process's
 * worker, or nothing), and every other process runs its own `local` when the message arrives. Returns
 * the kick to call after queueing work (after its transaction commits).
 */
export function kickEverywhere(bus: Bus, processId: string, local: () => void, log: BusLog): () => void {
  bus.subscribe('curated_jobs', (msg) => {
    if (msg.from !== processId) local();
  });
  return () => {
    local();
    // A lost wake-up costs only the wait until the next poll.
    void bus.publish('curated_jobs', { from: processId }).catch((err: unknown) => log.warn(`bus: wake-up not sent (${(err as Error).message})`));
  };
}

function encode(channel: BusChannel, payload: object): string {
  const text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error(`A ${channel} message must stay under 8000 bytes: send ids, not texts.`);
  return text;
}

export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(channel, payload) {
      // Encoded as Postgres would, so a message too large fails on SQLite too.
      const text = encode(channel, payload);
      emitter.emit(channel, JSON.parse(text));
      return Promise.resolve();
    },
    subscribe(channel, fn) {
      const listener = fn as (payload: unknown) => void;
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    onReset: () => () => {},
    listening: true,
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** Postgres's notifications for this process, handed to the channel's subscribers (a message that fails is logged). */
export function notificationHandler(emitter: EventEmitter, log: BusLog) {
  return (msg: pg.Notification) => {
    if (!msg.payload) return;
    try {
      emitter.emit(msg.channel, JSON.parse(msg.payload));
    } catch (err) {
      log.error(`bus: a ${msg.channel} message could not be handled`, err);
    }
  };
}

/** The wait before the next try to re-make a lost listening connection, after `attempt` tries. */
export const reconnectDelay = (attempt: number): number => RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!;

/** The listening connection of a process: made on first use, re-made after it is lost, ended by close. */
export interface Listener {
  pool: pg.Pool;
  log: BusLog;
  emitter: EventEmitter;
  channels: Set<string>;
  /** The connection being made or in use; events of an older one are ignored. */
  current: pg.Client | null;
  /** The connection once it is up: a channel subscribed from then on is LISTENed to on it directly. */
  client: pg.Client | null;
  listening: boolean;
  closed: boolean;
  /** Tries since the connection was last up (0 while it is). */
  attempt: number;
  retry: NodeJS.Timeout | null;
  /** Settles `firstConnection`. */
  connected: () => void;
  firstConnection: Promise<void>;
}

export function newListener(pool: pg.Pool, log: BusLog, emitter: EventEmitter): Listener {
  let connected!: () => void;
  const firstConnection = new Promise<void>((resolve) => (connected = resolve));
  return {
    pool,
    log,
    emitter,
    channels: new Set(),
    current: null,
    client: null,
    listening: false,
    closed: false,
    attempt: 0,
    retry: null,
    connected,
    firstConnection,
  };
}

const stopped = (l: Listener) => l.closed || l.pool.ending || l.pool.ended;

/** Makes the listening connection and LISTENs to every channel on it; a re-made one resets what was learnt meanwhile. */
export async function connectListener(l: Listener): Promise<void> {
  l.retry = null;
  if (stopped(l)) return;
  // Its own connection, not a pooled one: a LISTEN lasts as long as the session that issued it.
  const c = new pg.Client({ ...l.pool.options, application_name: BUS_APPLICATION_NAME });
  l.current = c;
  c.on('error', () => loseListener(l, c));
  c.on('end', () => loseListener(l, c));
  c.on('notification', notificationHandler(l.emitter, l.log));
  try {
    await c.connect();
    l.client = c;
    for (const channel of [...l.channels]) await c.query(`LISTEN ${channel}`);
  } catch (err) {
    l.log.warn(`bus: could not listen on Postgres (${(err as Error).message}); retrying`);
    loseListener(l, c);
    return;
  }
  if (stopped(l) || l.current !== c) {
    if (l.client === c) l.client = null;
    await c.end().catch(() => {});
    return;
  }
  const wasLost = l.attempt > 0;
  l.attempt = 0;
  l.listening = true;
  // The listening connection must not keep a process alive that has nothing else to do.
  (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
  l.connected();
  if (wasLost) l.emitter.emit(RESET);
}

/** The connection `c` was lost (or never made): it is ended, and a new one is tried after a growing wait. */
export function loseListener(l: Listener, c: pg.Client): void {
  if (c !== l.current) return;
  l.current = null;
  l.client = null;
  if (l.listening) l.emitter.emit(LOST);
  l.listening = false;
  c.removeAllListeners('notification');
  void c.end().catch(() => {});
  if (stopped(l) || l.retry) return;
  const wait = reconnectDelay(l.attempt);
  l.attempt += 1;
  l.retry = setTimeout(() => void connectListener(l), wait);
  l.retry.unref();
}

function createPostgresBus(db: Db, log: BusLog): Bus {
  const pool = postgresPool(db);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const l = newListener(pool, log, emitter);
  // The connection is made when something first listens: a process that never subscribes (a CLI
  // command, a test that validates no session) holds no connection for it.
  let started = false;
  /** The LISTEN of the channel subscribed last (one connection runs its queries in order: the earlier ones are done too). */
  let subscribed: Promise<void> = Promise.resolve();
  const start = () => {
    if (started) return;
    started = true;
    void connectListener(l);
  };

  return {
    async publish(channel, payload, t) {
      const text = encode(channel, payload);
      // Inside a transaction, on its connection: Postgres holds the notification until COMMIT.
      await (t ? postgresQueryable(t) : pool).query('SELECT pg_notify($1, $2)', [channel, text]);
    },
    subscribe(channel, fn) {
      const listener = fn as (payload: unknown) => void;
      emitter.on(channel, listener);
      start();
      if (!l.channels.has(channel)) {
        l.channels.add(channel);
        // A connection being made LISTENs to every channel once it is up.
        const c = l.client;
        if (c) subscribed = c.query(`LISTEN ${channel}`).then(noop, () => loseListener(l, c));
      }
      return () => emitter.off(channel, listener);
    },
    onReset(fn) {
      // Whatever was learnt while the connection was down may be stale: both ends of the gap reset.
      emitter.on(RESET, fn);
      emitter.on(LOST, fn);
      return () => {
        emitter.off(RESET, fn);
        emitter.off(LOST, fn);
      };
    },
    get listening() {
      return l.listening;
    },
    ready: async () => {
      start();
      await l.firstConnection;
      await subscribed;
    },
    async close() {
      l.closed = true;
      if (l.retry) clearTimeout(l.retry);
      const c = l.current;
      l.current = null;
      l.client = null;
      l.listening = false;
      await c?.end().catch(() => {});
    },
  };
}
