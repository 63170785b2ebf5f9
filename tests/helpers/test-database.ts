// A fresh database per harness. SQLite: an in-memory database with the real migrations. Postgres (the
// integration suite's second run, DATABASE_URL set by tests/vitest.postgres.config.ts): a clone of the
// migrated template database tests/helpers/pg-template.ts made for the run (CREATE DATABASE … TEMPLATE
// takes milliseconds where migrating takes a second), dropped after the file's tests.
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
let cleanupRegistered = false;

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
  if (DIALECT === 'sqlite') return openDb(file);
  // Only the Postgres run needs vitest's hooks; the benchmarks import this harness outside vitest.
  const { afterAll, inject } = await import('vitest');
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    afterAll(async () => {
      for (const { db, name, before } of opened.splice(0)) {
        for (const fn of before) await fn();
        await closeDb(db);
        await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    });
  }
  const name = `curated_t_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  const db = await openPostgres(databaseUrl(name), { migrate: false, max: 5 });
  opened.push({ db, name, before: [] });
  return db;
}
