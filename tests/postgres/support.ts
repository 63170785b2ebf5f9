// Throw-away databases on the Postgres server named by TEST_DATABASE_URL: one per call, dropped after.
import crypto from 'node:crypto';
import pg from 'pg';

export const SERVER_URL = process.env.TEST_DATABASE_URL;

/** A new empty database on the test server; `drop()` removes it (and ends the connections left on it). */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!SERVER_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `curated_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
