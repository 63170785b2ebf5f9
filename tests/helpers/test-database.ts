// A fresh database per harness. SQLite: an in-memory database with the real migrations. Postgres (the
// integration suite's Postgres run, DATABASE_URL set by its config): a clone of the migrated template
// database tests/helpers/pg-template.ts made for the run (CREATE DATABASE … TEMPLATE takes milliseconds
// where migrating takes a second). A test file's databases are closed (and on Postgres dropped) after it
// by tests/helpers/per-file.ts: the files of a worker share one module graph, so nothing else would.
import crypto from 'node:crypto';
import pg from 'pg';
import { closeDb, openDb, openPostgres, type Db } from '../../src/server/db';
import { DIALECT } from '../../db/dialect';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

const opened: { db: Db; name: string; before: (() => Promise<unknown>)[] }[] = [];

/** Work to end before the database of `db` is closed and dropped (the harness stops its job engine). */
export function beforeClose(db: Db, fn: () => Promise<unknown>): void {
  opened.find((o) => o.db === db)?.before.push(fn);
}

/** The server of the Postgres run, with the database part of the URL replaced by `name`. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statement` on the Postgres server's maintenance database (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `file` is SQLite's (`:memory:` unless a benchmark wants a file); Postgres clones the template. */
export async function openTestDatabase(file = ':memory:'): Promise<Db> {
  if (DIALECT === 'sqlite') {
    const db = openDb(file);
    opened.push({ db, name: '', before: [] });
    return db;
  }
  // Only the Postgres run needs vitest; the benchmarks import this harness outside it.
  const { inject } = await import('vitest');
  const name = `curated_t_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  const db = await openPostgres(databaseUrl(name), { migrate: false, max: 5 });
  opened.push({ db, name, before: [] });
  return db;
}

/** Ends every harness opened so far (its job engine and bus first), closes its database and drops a Postgres one. */
export async function closeTestDatabases(): Promise<void> {
  for (const { db, name, before } of opened.splice(0)) {
    for (const fn of before) await fn();
    await closeDb(db);
    if (name) await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
