// The transaction gate: async transactions on one synchronous SQLite connection.
//
// better-sqlite3 runs a transaction callback synchronously and refuses one that returns a promise, yet
// domain code awaits every query so the same code can run on Postgres. `tx(db, async (t) => …)` opens
// BEGIN on the process's one connection and lets the callback await; while it is open, that connection
// belongs to the transaction, so every other query of the process (other requests' reads and writes,
// prepared statements, the job worker) waits at the gate until COMMIT or ROLLBACK. A query can only
// slip in at an await point, and every query of the gated handle checks the gate right before it runs:
// with no transaction open that check is one property read.
//
// Rules:
// - `t` (the handle the callback receives) is the only way into its transaction. The shared handle
//   used inside a transaction waits for that transaction like any other query, so awaiting it there
//   would wait forever (on Postgres it would run on another connection, outside the transaction): a
//   wait longer than `waitMs` (5 s, SQLite's own busy timeout) fails with GateTimeoutError instead,
//   which also rolls the transaction back. Async context tracking could name the culprit at once, but
//   Node 20's AsyncLocalStorage hooks every promise of the process and slowed awaited reads by a third.
// - `tx(t, …)` inside a transaction is a savepoint: its failure undoes only its own writes.
// - A statement prepared on the shared handle runs outside transactions (it waits for an open one);
//   `inTx(t, stmt)` runs the same statement inside the transaction `t`. A statement prepared on `t`
//   works only until that transaction ends. Nothing beyond the data layer sees the raw client, so
//   nothing runs past the gate.
import type Database from 'better-sqlite3';
import { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { BetterSQLiteSession, PreparedQuery } from 'drizzle-orm/better-sqlite3/session';
import type { BaseSQLiteDatabase, SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NoopLogger, type Logger } from 'drizzle-orm/logger';
import type * as schema from '../../db/schema';

/**
 * The handle domain code uses: drizzle's query builder typed as an async driver, so every query is
 * awaited exactly as it would be on Postgres. Both the shared handle and a transaction's `t` have it.
 */
export type GatedDb = BaseSQLiteDatabase<'async', Database.RunResult, typeof schema>;

export interface TxOptions {
  /**
   * `immediate` (default) takes SQLite's write lock at BEGIN, so a transaction that reads then writes
   * never fails to upgrade its lock against another process (the CLI, a second server) mid-way.
   */
  behavior?: 'immediate' | 'deferred';
}

/** One open transaction or savepoint: its handle works only while it and its transaction are open. */
interface Lane {
  open: boolean;
  /** The top-level transaction of a savepoint. */
  root?: Lane;
  /** A savepoint open on this lane: siblings would share its name and undo each other's writes. */
  child?: Lane;
}

const isOpen = (lane: Lane) => lane.open && (lane.root === undefined || lane.root.open);

class Gate {
  /** The open top-level transaction, or null. */
  current: Lane | null = null;
  private waiters: Array<() => void> = [];

  constructor(readonly waitMs: number) {}

  /** Resolves when no transaction is open (callers re-check: a queued one may start first). */
  private next(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(false);
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(wake);
    });
  }

  /**
   * Waits until no transaction is open, failing after `waitMs`. The caller checks `current` again in
   * the same synchronous step as its query or BEGIN: a continuation queued before it may begin first.
   */
  async free(deadline: number): Promise<void> {
    while (this.current !== null) {
      const left = deadline - Date.now();
      if (left <= 0 || !(await this.next(left))) {
        throw new GateTimeoutError(
          `The database stayed in one transaction for over ${this.waitMs} ms. A query through the shared handle awaited inside a transaction waits for it forever: use the transaction handle it was given.`,
        );
      }
    }
  }

  /**
   * Wakes every waiter in arrival order. Their continuations run in that order as microtasks: queries
   * queued before the next transaction run before it begins, those queued after it wait again.
   */
  release(): void {
    this.current = null;
    const woken = this.waiters;
    this.waiters = [];
    for (const resolve of woken) resolve();
  }
}

const gates = new WeakMap<Database.Database, Gate>();

export class GateMisuseError extends Error {
  override name = 'GateMisuseError';
}

export class GateTimeoutError extends Error {
  override name = 'GateTimeoutError';
}

function refuseClosed(): never {
  throw new GateMisuseError('This transaction handle was used after its transaction ended.');
}

type Lanes = { kind: 'shared'; gate: Gate } | { kind: 'tx'; lane: Lane };

/** Whether a query may run at once: the gate is free (shared handle) or its transaction is open. */
const clear = (lanes: Lanes) => (lanes.kind === 'shared' ? lanes.gate.current === null : isOpen(lanes.lane));

/** A query that may not run at once: a shared one waits for the gate, a closed transaction's is refused. */
async function later<R>(lanes: Lanes, run: () => R): Promise<R> {
  if (lanes.kind === 'tx') refuseClosed();
  const { gate } = lanes;
  const deadline = Date.now() + gate.waitMs;
  while (gate.current !== null) await gate.free(deadline);
  return run();
}

// drizzle's better-sqlite3 prepared query with each execution routed through the gate (shared handle)
// or checked against its transaction (a transaction's handle). Every builder, raw `sql` call, count and
// relational query of drizzle ends in one of these four methods. The result is a value when the query
// ran at once, else a promise: callers await it either way (the handle is typed as an async driver),
// and the free gate costs one check and no allocation.
class GatedPreparedQuery extends PreparedQuery {
  constructor(
    readonly lanes: Lanes,
    ...rest: ConstructorParameters<typeof PreparedQuery>
  ) {
    super(...rest);
    const [stmt, , , , , , fields, , , mapper] = rest;
    this.objectRows = !fields && !mapper && stmt.reader ? stmt : null;
  }

  /**
   * The statement of a query that hands out SQLite's own row objects. drizzle switches a statement to
   * rows as arrays (`raw()`) where it maps the columns itself, and never back: a cached statement may
   * have been left so by another query of the same SQL, so such a query switches it back right before it runs.
   */
  private readonly objectRows: Database.Statement | null;

  override run(p?: Record<string, unknown>) {
    if (clear(this.lanes)) return super.run(p);
    return later(this.lanes, () => super.run(p)) as unknown as Database.RunResult;
  }
  override all(p?: Record<string, unknown>) {
    if (clear(this.lanes)) {
      this.objectRows?.raw(false);
      return super.all(p);
    }
    return later(this.lanes, () => {
      this.objectRows?.raw(false);
      return super.all(p);
    }) as unknown as unknown[];
  }
  override get(p?: Record<string, unknown>) {
    if (clear(this.lanes)) {
      this.objectRows?.raw(false);
      return super.get(p);
    }
    return later(this.lanes, () => {
      this.objectRows?.raw(false);
      return super.get(p);
    });
  }
  override values(p?: Record<string, unknown>) {
    if (clear(this.lanes)) return super.values(p);
    return later(this.lanes, () => super.values(p)) as unknown as unknown[][];
  }
}

/** Statements kept per connection: enough for every query text the app builds, bounded for built lists of varying length. */
export const STATEMENT_CACHE_SIZE = 500;
const statementCaches = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The connection's statement for an SQL text, compiled once: drizzle builds the same text for every run
 * of a query (values travel as parameters), and better-sqlite3 would otherwise compile it on each run.
 * Least recently used texts leave first. A statement is reused only one run at a time (every run is
 * synchronous and none iterates), and SQLite recompiles one by itself when the schema changes.
 */
export function cachedStatement(client: Database.Database, text: string): Database.Statement {
  let cache = statementCaches.get(client);
  if (!cache) statementCaches.set(client, (cache = new Map()));
  let stmt = cache.get(text);
  if (stmt) {
    cache.delete(text);
  } else {
    stmt = client.prepare(text);
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(text, stmt);
  return stmt;
}

// openDb() gives drizzle no query cache; the gate would have to order cache writes too.
const noCache = new NoopCache();

type SchemaConfig = ConstructorParameters<typeof BetterSQLiteSession>[2];

function gatedSession(base: Internals, lanes: Lanes) {
  const session = new BetterSQLiteSession(base.client, base.dialect, base.schemaConfig, { logger: base.logger });
  const logger = base.logger ?? new NoopLogger();
  // As drizzle's own, with the gated query class.
  session.prepareQuery = ((...[query, fields, method, arrayMode, mapper, meta, cacheConfig]: Parameters<typeof session.prepareQuery>) =>
    new GatedPreparedQuery(
      lanes,
      cachedStatement(base.client, query.sql),
      query,
      logger,
      noCache,
      meta,
      cacheConfig,
      fields,
      method,
      arrayMode,
      mapper,
    )) as typeof session.prepareQuery;
  return session;
}

interface Internals {
  client: Database.Database;
  dialect: SQLiteSyncDialect;
  schemaConfig: SchemaConfig;
  logger: Logger | undefined;
}

const internals = new WeakMap<object, Internals & { gate: Gate; lane?: Lane; depth: number }>();

function handle(base: Internals, gate: Gate, lanes: Lanes, depth: number): GatedDb {
  const db = new BetterSQLite3Database('sync', base.dialect, gatedSession(base, lanes), base.schemaConfig);
  // drizzle's own transaction would run synchronously past the gate.
  db.transaction = () => {
    throw new GateMisuseError('Transactions go through tx(db, async (t) => …), which the gate keeps apart.');
  };
  internals.set(db, { ...base, gate, lane: lanes.kind === 'tx' ? lanes.lane : undefined, depth });
  return db as unknown as GatedDb;
}

/**
 * The shared, gated handle over an open database. One gate per connection: every gated handle made
 * from the same connection waits at the same gate (the first one sets `waitMs`, default 5000).
 */
export function gatedDb(db: BetterSQLite3Database<typeof schema> & { $client: Database.Database }, opts: { waitMs?: number } = {}): GatedDb {
  const raw = db as unknown as {
    dialect: SQLiteSyncDialect;
    _: { schema?: unknown; fullSchema: unknown; tableNamesMap: unknown };
    session: { logger?: Logger };
  };
  const client = db.$client;
  let gate = gates.get(client);
  if (!gate) gates.set(client, (gate = new Gate(opts.waitMs ?? 5000)));
  const schemaConfig = (raw._.schema ? { schema: raw._.schema, fullSchema: raw._.fullSchema, tableNamesMap: raw._.tableNamesMap } : undefined) as SchemaConfig;
  return handle({ client, dialect: raw.dialect, schemaConfig, logger: raw.session.logger }, gate, { kind: 'shared', gate }, 0);
}

/**
 * Runs `fn` in a transaction: BEGIN (IMMEDIATE unless told otherwise), `fn(t)` with its awaits, then
 * COMMIT, or ROLLBACK when it throws (the error is rethrown). Given a transaction's handle, it is a
 * savepoint inside that transaction instead.
 */
export async function tx<T>(db: GatedDb, fn: (t: GatedDb) => Promise<T> | T, opts: TxOptions = {}): Promise<T> {
  const self = internals.get(db);
  if (!self) throw new GateMisuseError('tx() takes a handle made by gatedDb() or given by tx().');
  const { gate, client } = self;
  if (self.lane) {
    if (!isOpen(self.lane)) refuseClosed();
    return savepoint({ ...self, lane: self.lane }, fn);
  }
  const deadline = Date.now() + gate.waitMs;
  while (gate.current !== null) await gate.free(deadline);
  const lane: Lane = { open: true };
  gate.current = lane;
  try {
    client.exec(opts.behavior === 'deferred' ? 'BEGIN DEFERRED' : 'BEGIN IMMEDIATE');
  } catch (err) {
    lane.open = false;
    gate.release();
    throw err;
  }
  const t = handle(self, gate, { kind: 'tx', lane }, 1);
  try {
    const result = await fn(t);
    client.exec('COMMIT');
    return result;
  } catch (err) {
    // SQLite may already have rolled back on its own (a full disk, an interrupted statement).
    if (client.inTransaction) client.exec('ROLLBACK');
    throw err;
  } finally {
    lane.open = false;
    gate.release();
  }
}

async function savepoint<T>(parent: Internals & { gate: Gate; lane: Lane; depth: number }, fn: (t: GatedDb) => Promise<T> | T): Promise<T> {
  if (parent.lane.child?.open) {
    throw new GateMisuseError('Savepoints of one transaction run one after another: await the first before starting the next.');
  }
  const name = `sp${parent.depth}`;
  const { client } = parent;
  client.exec(`SAVEPOINT ${name}`);
  const lane: Lane = { open: true, root: parent.lane.root ?? parent.lane };
  parent.lane.child = lane;
  const t = handle(parent, parent.gate, { kind: 'tx', lane }, parent.depth + 1);
  try {
    const result = await fn(t);
    client.exec(`RELEASE ${name}`);
    return result;
  } catch (err) {
    if (client.inTransaction) client.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
    throw err;
  } finally {
    lane.open = false;
  }
}

/**
 * A statement prepared on the shared handle, run inside the transaction `t` instead of waiting for it
 * (the statement itself is shared, not prepared again).
 */
export function inTx<P extends object>(t: GatedDb, stmt: P): P {
  const self = internals.get(t);
  if (!self?.lane) throw new GateMisuseError('inTx() takes the handle a transaction was given.');
  if (!(stmt instanceof GatedPreparedQuery) || stmt.lanes.kind !== 'shared' || stmt.lanes.gate !== self.gate) {
    throw new GateMisuseError('inTx() takes a statement prepared on the shared handle of the same database.');
  }
  const lanes: Lanes = { kind: 'tx', lane: self.lane };
  return Object.create(stmt, { lanes: { value: lanes } }) as P;
}
