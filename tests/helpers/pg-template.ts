// Global set-up of the integration suite's Postgres run: one migrated database the run's test databases
// are cloned from (tests/helpers/test-database.ts), dropped at the end.
import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `curated_template_${crypto.randomBytes(6).toString('hex')}`;
  const on = async (statement: string, db = 'postgres') => {
    const url = new URL(server);
    url.pathname = `/${db}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await on(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  // The data layer decides the dialect from DATABASE_URL when first imported: this run's server, for this
  // process only while the modules load (the workers of a SQLite project beside it must not inherit it).
  const before = process.env.DATABASE_URL;
  process.env.DATABASE_URL = server;
  const { openPostgres, closeDb } = await import('../../src/server/db');
  const { createPgBossQueue, pgBossTiming } = await import('../../src/server/jobs/pg-boss-queue');
  if (before === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = before;
  const db = await openPostgres(url.toString());
  // The job engine installs its own schema on first start: once here, not once per test database.
  const queue = createPgBossQueue(db, { ...pgBossTiming(30), log: { warn() {} } });
  await queue.start?.();
  await queue.stop?.();
  await closeDb(db);
  project.provide('pgTemplate', name);
  return async () => {
    await on(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
