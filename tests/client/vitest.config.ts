// Vitest for the client's hooks and components: a browser-like DOM (happy-dom), apart from the server
// suite (tests/vitest.config.ts), which stays in Node.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: { alias: { '~': fileURLToPath(new URL('../../src', import.meta.url)) } },
  test: {
    include: ['tests/client/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['tests/client/setup.ts'],
    testTimeout: 10_000,
  },
});
