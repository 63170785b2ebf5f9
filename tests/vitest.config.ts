// `npm run test:unit`: unit, integration (in-memory SQLite) and tests/sqlite (the SQLite machinery the
// Postgres run has no twin of). A worker's files share one module graph (isolate: false), so the server
// is imported once per worker instead of once per file; tests/helpers/per-file.ts ends each file's
// harnesses after it. Files that replace modules with vi.mock run isolated. The Postgres, system and
// client suites have their own configs.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { FAST_LIMITS, filesUsingMocks, PER_FILE, WORKERS } from './helpers/suites';

const include = ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/sqlite/**/*.test.ts'];
const mocking = filesUsingMocks('tests/unit', 'tests/integration', 'tests/sqlite');

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '~': fileURLToPath(new URL('../src', import.meta.url)) } },
  test: {
    environment: 'node',
    pool: 'forks',
    // Files wait on sockets, SMTP and timers as much as on the CPU: one worker more than cores keeps both busy.
    maxWorkers: WORKERS,
    setupFiles: [PER_FILE],
    ...FAST_LIMITS,
    projects: [
      { extends: true, test: { name: 'server', include, exclude: mocking, isolate: false } },
      ...(mocking.length ? [{ extends: true as const, test: { name: 'server-mocks', include: mocking, isolate: true } }] : []),
    ],
  },
});
