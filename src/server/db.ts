// SQLite through better-sqlite3 + drizzle: WAL, foreign keys, busy timeout, migrations at open.
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from '../../db/schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** The handle a drizzle transaction callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * The database or a transaction on it: what a function takes when it may run inside its caller's
 * transaction (reads and writes, nested transactions). Both are drizzle's query builder over the same
 * schema; only the database itself has the driver handle (`$client`).
 */
export type DbOrTx = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;

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

export function openDb(file: string, opts: { migrate?: boolean } = {}): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema }) as Db;
  if (opts.migrate !== false) migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return db;
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
