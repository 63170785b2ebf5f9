// The data layer: the one module domain code reaches the database through. It opens SQLite through
// better-sqlite3 + drizzle (WAL, foreign keys, busy timeout, migrations at open) and hands out the
// gated handle (data-gate.ts): drizzle's query builder typed as an async driver, so every query is
// awaited as it would be on Postgres, and `tx(db, async (t) => …)` keeps other work out of an open
// transaction. The raw connection stays here; ESLint forbids the synchronous idioms (`.all()`,
// `.get()`, `.run()`, `.values()`), `$client` and drizzle's own `.transaction(` everywhere else.
import Database from 'better-sqlite3';
import { is, sql, type SQL } from 'drizzle-orm';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDatabase } from 'drizzle-orm/pg-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the SQLite connection is opened with the SQLite tables
import * as schema from '../../db/schema/sqlite';
import { pgTables } from '../../db/pg/schema';
import { DIALECT } from '../../db/dialect';
import { gatedDb, inTx as gatedInTx, tx as gatedTx, type GatedDb, type TxOptions } from './data-gate';

export { GateMisuseError, GateTimeoutError, type TxOptions } from './data-gate';

/** The handle domain code uses: the shared one, or the `t` a transaction callback receives. */
export type Db = GatedDb;
/**
 * What a function takes when it may run inside its caller's transaction: the same handle type, named
 * so the reader knows a caller may pass its `t`.
 */
export type DbOrTx = Db;
/** The handle a `tx()` callback receives. */
export type Tx = Db;

/**
 * db/migrations of the project: the nearest one above this module, which is src/server/db.ts in the
 * sources and dist/server/index.js or a chunk below it in the bundle (esbuild moves shared code into
 * dist/server/chunks/ as imports change).
 */
export const MIGRATIONS_FOLDER = findMigrations(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** db/migrations-pg: the same migrations for Postgres. */
export const PG_MIGRATIONS_FOLDER = findMigrations(path.dirname(fileURLToPath(import.meta.url)), 'migrations-pg');

function findMigrations(from: string, name: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const folder = path.join(dir, 'db', name);
    if (fs.existsSync(path.join(folder, 'meta', '_journal.json'))) return folder;
    if (path.dirname(dir) === dir) throw new Error(`db/${name} not found above ${from}`);
  }
}

type RawDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
const raws = new WeakMap<Db, { raw: RawDb; file: string }>();

/**
 * Applies the pending migrations while holding an exclusive lock on `<file>.migrate-lock`: drizzle's
 * migrator reads what is applied and then begins its transaction, so two processes starting at once
 * on an empty file would both apply the first migration and one would fail. The lock lives in its
 * own small file because the migrator opens its own transaction on the database. Returns how many
 * migrations this call applied, counted under the lock (a process that waited applies none).
 */
function migrateLocked(raw: RawDb, file: string): number {
  const apply = () => {
    const before = countApplied(raw.$client);
    migrate(raw, { migrationsFolder: MIGRATIONS_FOLDER });
    return countApplied(raw.$client) - before;
  };
  if (file === ':memory:') return apply();
  const lock = new Database(`${file}.migrate-lock`);
  try {
    lock.pragma('busy_timeout = 60000');
    lock.exec('BEGIN EXCLUSIVE');
    const applied = apply();
    lock.exec('COMMIT');
    return applied;
  } finally {
    lock.close();
  }
}

function countApplied(client: Database.Database): number {
  const table = client.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  if (!table) return 0;
  return (client.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
}

/**
 * The process's database as configured: the Postgres database named by `DATABASE_URL` (a pool;
 * migrations under an advisory lock), else the SQLite file at `DATABASE_PATH`. The tables db/schema
 * hands out follow the same variable (db/dialect.ts), so the two must agree.
 */
export async function openDatabase(env: { DATABASE_URL?: string; DATABASE_PATH: string }, opts: { migrate?: boolean; max?: number } = {}): Promise<Db> {
  if (!env.DATABASE_URL) {
    if (DIALECT === 'postgresql') throw new Error('The tables were loaded for Postgres, but no DATABASE_URL was given.');
    return openDb(env.DATABASE_PATH, opts);
  }
  if (DIALECT !== 'postgresql') throw new Error('DATABASE_URL must be set in the environment before the server starts (the tables are chosen by it).');
  return openPostgres(env.DATABASE_URL, opts);
}

/** Opens (and unless told otherwise migrates) the SQLite file and returns its shared, gated handle. */
export function openDb(file: string, opts: { migrate?: boolean } = {}): Db {
  if (DIALECT === 'postgresql') throw new Error('DATABASE_URL names a Postgres database: open it with openDatabase(env).');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const raw = drizzle(sqlite, { schema }) as RawDb;
  if (opts.migrate !== false) migrateLocked(raw, file);
  const db = gatedDb(raw);
  raws.set(db, { raw, file });
  return db;
}

function rawOf(db: Db): { raw: RawDb; file: string } {
  const found = raws.get(db);
  if (!found) throw new Error('This takes the handle openDb() returned.');
  return found;
}

/** Closes the connection (SQLite) or the pool (Postgres) behind a handle from openDb()/openPostgres(); a second call does nothing. */
export async function closeDb(db: Db): Promise<void> {
  raws.get(db)?.raw.$client.close();
  const pool = pools.get(db);
  pools.delete(db);
  await pool?.end();
}

// Postgres: a pool of connections; transactions are the driver's own (one pooled connection each,
// so nothing needs to wait at a gate), nested ones are savepoints.
const pools = new WeakMap<Db, pg.Pool>();
/** The advisory lock every process takes while it migrates (N processes may start at once). */
const MIGRATION_LOCK = 4_201_124;

/**
 * Connects to the Postgres database at `url`, applies the pending migrations under an advisory lock
 * (unless told otherwise) and returns its handle, typed like SQLite's: the tables of db/schema are the
 * Postgres twins in this mode (db/dialect.ts), with the same names and JavaScript values.
 */
export async function openPostgres(url: string, opts: { migrate?: boolean; max?: number } = {}): Promise<Db> {
  // A request waits at most 5 s for a connection: with the server gone it answers 503 instead of hanging.
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle connection the server dropped must not take the process down.
  pool.on('error', () => {});
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    await pool.end();
    throw new Error(`Could not connect to the Postgres database named by DATABASE_URL: ${(err as Error).message}`, { cause: err });
  }
  client.release();
  if (opts.migrate !== false) await migratePostgresLocked(pool);
  const db = drizzlePg(pool, { schema: pgTables }) as unknown as Db;
  pools.set(db, pool);
  return db;
}

/**
 * Applies the pending Postgres migrations holding an advisory lock (drizzle's migrator takes none, and
 * N processes may start at once); returns how many this call applied, counted under the lock.
 */
async function migratePostgresLocked(pool: pg.Pool): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      const before = await countAppliedPg(client);
      await migratePg(drizzlePg(client), { migrationsFolder: PG_MIGRATIONS_FOLDER });
      return (await countAppliedPg(client)) - before;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function countAppliedPg(client: pg.PoolClient | pg.Pool): Promise<number> {
  const { rows: found } = await client.query<{ t: string | null }>("SELECT to_regclass('drizzle.__drizzle_migrations') AS t");
  if (!found[0]?.t) return 0;
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
  return Number(rows[0]?.n ?? 0);
}

/** Whether a handle (or a transaction's `t`) talks to Postgres. */
export const isPostgres = (db: Db) => is(db as unknown as NodePgDatabase, PgDatabase);

/** The pool behind a Postgres handle from openDatabase(), for work that needs its own connections (LISTEN, the job engine). */
export function postgresPool(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('This takes the Postgres handle openDatabase() returned.');
  return pool;
}

/**
 * What runs SQL on a Postgres handle or inside its transaction `t` (the transaction's own connection),
 * for a library that writes its rows in the caller's transaction (the job engine's `executeSql`).
 */
export function postgresQueryable(t: Db): { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  if (!isPostgres(t)) throw new Error('This takes a Postgres handle.');
  return (t as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
}

/**
 * Runs `fn` in a transaction: BEGIN, `fn(t)` with its awaits, then COMMIT, or ROLLBACK when it throws
 * (the error is rethrown). Given a transaction's handle, it is a savepoint inside that transaction. On
 * SQLite the gate keeps every other query of the process out until it ends (BEGIN IMMEDIATE unless told
 * otherwise); on Postgres it holds one pooled connection.
 */
export function tx<T>(db: Db, fn: (t: Db) => Promise<T> | T, opts: TxOptions = {}): Promise<T> {
  if (!isPostgres(db)) return gatedTx(db, fn, opts);
  return (db as unknown as NodePgDatabase).transaction(async (t) => fn(t as unknown as Db));
}

/**
 * Makes the check-then-write of transaction `t` on `key` wait for any other transaction holding the same
 * key until it ends. On Postgres (READ COMMITTED: two transactions could both pass the same check) it is
 * a transaction-scoped advisory lock on the key's hash; on SQLite the transaction already holds the
 * database's write lock (BEGIN IMMEDIATE), so there is nothing more to take. Call it first in the
 * transaction, before the reads it protects.
 */
export async function lockFor(t: Db, key: string): Promise<void> {
  if (!isPostgres(t)) return;
  await (t as unknown as NodePgDatabase).execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** Rows of a raw SQL query (`sql\`…\``), whichever the driver: better-sqlite3's `all`, node-postgres's `rows`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  if (!isPostgres(db)) return (await db.all(query)) as T[];
  return ((await (db as unknown as NodePgDatabase).execute(query)) as unknown as { rows: T[] }).rows;
}

/** Runs a raw SQL write; the result gives `affectedRows()` on either driver. */
export async function execute(db: Db, query: SQL): Promise<{ changes: number } | { rowCount: number | null }> {
  if (!isPostgres(db)) return db.run(query);
  return (await (db as unknown as NodePgDatabase).execute(query)) as unknown as { rowCount: number | null };
}

/**
 * A statement prepared on the shared handle, run inside the transaction `t` instead (the statement
 * itself is shared, not prepared again).
 */
export function inTx<P extends object>(t: Db, stmt: P): P {
  if (!isPostgres(t)) return gatedInTx(t, stmt);
  // drizzle's node-postgres statement runs on its `client`: the transaction's connection here.
  const client = (t as unknown as { session: { client: unknown } }).session.client;
  return Object.create(stmt, { client: { value: client } }) as P;
}

/** Applies the committed migrations not yet applied (`npm run db:migrate`); opening a database does it by default. */
export async function migrateDb(db: Db): Promise<number> {
  const pool = pools.get(db);
  if (pool) return migratePostgresLocked(pool);
  const { raw, file } = rawOf(db);
  return migrateLocked(raw, file);
}

/** How many migrations the database has applied. */
export async function appliedMigrations(db: Db): Promise<number> {
  const pool = pools.get(db);
  if (pool) return countAppliedPg(pool);
  return countApplied(rawOf(db).raw.$client);
}

/**
 * The raw better-sqlite3 connection behind a handle from openDb(), for tests that seed many rows at
 * once or break the database on purpose. It runs past the transaction gate; ESLint keeps it out of src/
 * and the scripts.
 */
export function sqliteClient(db: Db): Database.Database {
  return rawOf(db).raw.$client;
}

// Driver facts domain code must not spell out: how a driver names a unique violation and how it
// reports the rows a write touched. SQLite's today; Postgres's code and count are recognised too.
const UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505']);

/** Whether `err` (or an error it wraps: drizzle wraps the driver's in `cause`) is a unique or primary-key violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNIQUE_CODES.has(code)) return true;
  }
  return false;
}

// How a lost database shows itself: a refused or broken connection (node-postgres names some only by
// their message), a server shutting down or not yet accepting connections, SQLSTATE class 08.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03']);
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Whether `err` (or an error it wraps) says the database cannot be reached, rather than that a query was wrong. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** How many rows a write changed: better-sqlite3's `changes`, or a Postgres result's `rowCount`. */
export function affectedRows(result: { changes: number } | { rowCount: number | null }): number {
  return 'changes' in result ? result.changes : (result.rowCount ?? 0);
}
