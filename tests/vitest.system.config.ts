// `npm run test:system`: what needs real processes, real time or real volume: kill -9 during a send and
// a subject test, the operator scripts and the server's start-up as processes, idle keep-alive
// connections, 100,000-row imports; on Postgres (TEST_DATABASE_URL, scripts/with-postgres.sh) also two
// app processes behind a proxy, an outage, start-up, the job engine across processes, and the imports
// again. Each file in a process of its own; limits that hold on a busy machine.
import { defineConfig } from 'vitest/config';
import { BASE, NODE_POOL, PER_FILE, SYSTEM_LIMITS } from './helpers/suites.ts';

const server = process.env.TEST_DATABASE_URL;
const onBoth = ['tests/system/import-100k.test.ts'];

export default defineConfig({
  ...BASE,
  test: {
    ...NODE_POOL,
    ...SYSTEM_LIMITS,
    projects: [
      { extends: true, test: { name: 'system', include: ['tests/system/*.test.ts'], setupFiles: [PER_FILE] } },
      ...(server
        ? [
            {
              extends: true as const,
              test: {
                name: 'system-postgres',
                include: ['tests/system/postgres/**/*.test.ts', ...onBoth],
                env: { DATABASE_URL: server },
                globalSetup: ['tests/helpers/pg-template.ts'],
                setupFiles: [PER_FILE],
              },
            },
          ]
        : []),
    ],
  },
});
