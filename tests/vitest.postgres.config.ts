// The Postgres suite: tests/postgres against the server named by TEST_DATABASE_URL (each file makes and
// drops its own databases there). The process runs in Postgres mode: DATABASE_URL is set before any
// module reads it (db/dialect.ts), so db/schema hands out the Postgres tables.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '~': fileURLToPath(new URL('../src', import.meta.url)) } },
  test: {
    include: ['tests/postgres/**/*.test.ts'],
    environment: 'node',
    env: process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {},
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
