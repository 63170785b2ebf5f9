// `npm run test:unit`: unit, integration (in-memory SQLite) and tests/sqlite (the SQLite machinery the
// Postgres run has no twin of). A worker's files share one module graph (isolate: false), so the server
// is imported once per worker instead of once per file; tests/helpers/per-file.ts ends each file's
// harnesses after it. Files that replace modules with vi.mock run isolated. The Postgres, system and
// client suites have their own configs.
import { defineConfig } from 'vitest/config';
import { BASE, FAST_LIMITS, filesUsingMocks, NODE_POOL, PER_FILE } from './helpers/suites.ts';

const include = ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/sqlite/**/*.test.ts'];
const mocking = filesUsingMocks('tests/unit', 'tests/integration', 'tests/sqlite');

export default defineConfig({
  ...BASE,
  test: {
    ...NODE_POOL,
    setupFiles: [PER_FILE],
    ...FAST_LIMITS,
    projects: [
      { extends: true, test: { name: 'server', include, exclude: mocking, isolate: false } },
      ...(mocking.length ? [{ extends: true as const, test: { name: 'server-mocks', include: mocking, isolate: true } }] : []),
    ],
  },
});
