// The integration suite's second run, on the Postgres server named by TEST_DATABASE_URL: every file's
// harnesses get their own clone of one migrated template database (tests/helpers/pg-template.ts,
// test-database.ts). The process runs in Postgres mode: DATABASE_URL is set before any module reads it
// (db/dialect.ts), here and in the test processes.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const server = process.env.TEST_DATABASE_URL;
if (!server) throw new Error('TEST_DATABASE_URL must name the Postgres server of this run (npm run test:postgres starts one).');
process.env.DATABASE_URL = server;

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '~': fileURLToPath(new URL('../src', import.meta.url)) } },
  test: {
    include: ['tests/integration/**/*.test.ts'],
    globalSetup: ['tests/helpers/pg-template.ts'],
    environment: 'node',
    env: { DATABASE_URL: server },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
