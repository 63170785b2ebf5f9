// The checks of the code itself, run once by `npm run lint` after ESLint and Prettier: the lint zones'
// own rules shown to refuse, import circles (type imports included), schema drift of both dialects,
// portable SQL, transaction handles, the runtime line, the Postgres selection. They read files; none
// starts the app.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/checks/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    pool: 'threads',
  },
});
