// The data layer: the one module domain code reaches the database through. It opens SQLite through
// better-sqlite3 + drizzle (WAL, foreign keys, busy timeout, migrations at open) and hands out the
// gated handle (data-gate.ts): drizzle's query builder typed as an async driver, so every query is
// awaited as it would be on Postgres, and `tx(db, async (t) => …)` keeps other work out of an open
// transaction. The raw connection stays here; ESLint forbids the synchronous idioms (`.all()`,
// `.get()`, `.run()`, `.values()`), `$client` and drizzle's own `.transaction(` everywhere else.
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from '../../db/schema';
import { gatedDb, type GatedDb } from './data-gate';

export { tx, inTx, GateMisuseError, GateTimeoutError, type TxOptions } from './data-gate';

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
export const MIGRATIONS_FOLDER = findMigrations(path.dirname(fileURLToPath(import.meta.url)));

function findMigrations(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const folder = path.join(dir, 'db', 'migrations');
    if (fs.existsSync(path.join(folder, 'meta', '_journal.json'))) return folder;
    if (path.dirname(dir) === dir) throw new Error(`db/migrations not found above ${from}`);
  }
}

type RawDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
const raws = new WeakMap<Db, { raw: RawDb; file: string }>();

/**
 * Applies the pending migrations while holding an exclusive lock on `<file>.migrate-lock`: drizzle's
 * migrator reads what is applied and then begins its transaction, so two processes starting at once
 * on an empty file would both apply the first migration and one would fail. The lock lives in its
 * own small file because the migrator opens its own transaction on the database.
 */
function migrateLocked(raw: RawDb, file: string): void {
  if (file === ':memory:') return migrate(raw, { migrationsFolder: MIGRATIONS_FOLDER });
  const lock = new Database(`${file}.migrate-lock`);
  try {
    lock.pragma('busy_timeout = 60000');
    lock.exec('BEGIN EXCLUSIVE');
    migrate(raw, { migrationsFolder: MIGRATIONS_FOLDER });
    lock.exec('COMMIT');
  } finally {
    lock.close();
  }
}

/** Opens (and unless told otherwise migrates) the SQLite file and returns its shared, gated handle. */
export function openDb(file: string, opts: { migrate?: boolean } = {}): Db {
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

/** Closes the connection behind a handle from openDb() (after the work on it has finished). */
export function closeDb(db: Db): void {
  raws.get(db)?.raw.$client.close();
}

/** Applies the committed migrations not yet applied (`npm run db:migrate`); openDb() does it by default. */
export function migrateDb(db: Db): void {
  const { raw, file } = rawOf(db);
  migrateLocked(raw, file);
}

/** How many migrations the database has applied. */
export function appliedMigrations(db: Db): number {
  const client = rawOf(db).raw.$client;
  const table = client.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  if (!table) return 0;
  return (client.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
}

/**
 * The raw better-sqlite3 connection behind a handle from openDb(), for benchmarks and tests that seed
 * many rows at once. It runs past the transaction gate; ESLint keeps it out of src/ and the scripts.
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

/** How many rows a write changed: better-sqlite3's `changes`, or a Postgres result's `rowCount`. */
export function affectedRows(result: { changes: number } | { rowCount: number | null }): number {
  return 'changes' in result ? result.changes : (result.rowCount ?? 0);
}
