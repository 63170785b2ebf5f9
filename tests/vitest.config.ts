// Vitest (unit, integration, and tests/sqlite: the SQLite machinery the Postgres run has no twin of: the gate, file
// migrations and their lock file, the SQLite job queue, a worker killed on a file). The integration suite runs a second
// time on Postgres (tests/vitest.integration-pg.config.ts); Playwright has its own in tests/e2e.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '~': fileURLToPath(new URL('../src', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/sqlite/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
