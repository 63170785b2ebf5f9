// Global set-up of the integration suite's Postgres run: one migrated database the run's test databases
// are cloned from (tests/helpers/test-database.ts), dropped at the end.
import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export default async function setup(project: TestProject) {
  const server = process.env.DATABASE_URL!;
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
  // The data layer decides the dialect from DATABASE_URL when first imported; it is this run's server.
  const { openPostgres, closeDb } = await import('../../src/server/db');
  await closeDb(await openPostgres(url.toString()));
  project.provide('pgTemplate', name);
  return async () => {
    await on(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
