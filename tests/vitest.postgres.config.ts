// `npm run test:postgres` on the Postgres server named by TEST_DATABASE_URL (scripts/with-postgres.sh
// starts one): tests/postgres (the data layer, jobs, shared state on Postgres), and the integration files
// tagged `// @postgres` by the rule in tests/helpers/postgres-selection.ts, each harness on a clone of one
// migrated template database. `npm run test:postgres:full` (POSTGRES_SUITE=full) runs every integration
// file instead. The processes run in Postgres mode: DATABASE_URL is set before any module reads it.
import { defineConfig } from 'vitest/config';
import { BASE, FAST_LIMITS, filesUsingMocks, NODE_POOL, PER_FILE } from './helpers/suites.ts';
import { taggedFiles } from './helpers/postgres-selection.ts';

const server = process.env.TEST_DATABASE_URL;
if (!server) throw new Error('TEST_DATABASE_URL must name the Postgres server of this run (npm run test:postgres starts one).');
process.env.DATABASE_URL = server;

const integration = process.env.POSTGRES_SUITE === 'full' ? ['tests/integration/**/*.test.ts'] : taggedFiles();
const mocking = filesUsingMocks('tests/integration').filter((f) => process.env.POSTGRES_SUITE === 'full' || integration.includes(f));
const harnessed = { globalSetup: ['tests/helpers/pg-template.ts'], setupFiles: [PER_FILE] };

export default defineConfig({
  ...BASE,
  test: {
    ...NODE_POOL,
    env: { DATABASE_URL: server },
    ...FAST_LIMITS,
    projects: [
      { extends: true, test: { name: 'postgres', include: ['tests/postgres/**/*.test.ts'] } },
      { extends: true, test: { name: 'integration-postgres', include: integration, exclude: mocking, isolate: false, ...harnessed } },
      ...(mocking.length ? [{ extends: true as const, test: { name: 'integration-postgres-mocks', include: mocking, isolate: true, ...harnessed } }] : []),
    ],
  },
});
