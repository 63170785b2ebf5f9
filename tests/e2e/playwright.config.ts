// Playwright e2e: the BUILT app (npm run test:e2e builds first) on a fresh SQLite file, in the
// system Chromium. E2E_REQUIRED=1 turns a missing browser into a failure instead of a skip.
import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH, chromiumLaunchOptions } from '../helpers/chromium';
import { STRIPE_APP_PORT, STRIPE_ENV } from './fixtures/stripe';

// E2E_PORT lets two runs share one machine (each gets its own database folder too).
const PORT = Number(process.env.E2E_PORT ?? 3111);
// Paths in this file resolve from the repository root (the config lives in tests/e2e).
const ROOT = path.resolve(import.meta.dirname, '../..');
const TMP = 'tests/e2e/.tmp';
const DB_DIR = `${TMP}/db-${PORT}`;
// E2E_DIST: a build other than dist/ (scripts/build-to.sh), so two runs can build side by side.
const DIST = process.env.E2E_DIST ?? 'dist';

const hasChromium = fs.existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  const msg = `Chromium not found at ${CHROMIUM_PATH} (install it: apt-get install -y --no-install-recommends chromium)`;
  if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1: ${msg}`);
  console.warn(`Skipping e2e tests: ${msg}`);
  process.env.E2E_SKIP = msg;
}

export default defineConfig({
  testDir: '.',
  // The fixture feeds (workflow, AI, analytics, phone-width specs) serve the whole run, shared by both workers.
  globalSetup: './fixtures/global-feeds.ts',
  outputDir: path.join(ROOT, TMP, `results-${PORT}`),
  // Every test on its own where its file allows (a file that seeds shared state in beforeAll says
  // `mode: 'default'`); more workers than cores, since a test mostly waits on the browser and the server.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Bounds for a busy 2-core machine (a journey took 34 s with a second CI run beside it); a passing test
  // takes what it takes, and speed is npm run bench's.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // npm test (scripts/test.ts) names a JSON report to count the run's tests.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, dependencies: ['setup'], testIgnore: /\.stripe\.spec\.ts$/ },
    // Payments: a second server configured for Stripe, whose API is a loopback fake the specs start.
    {
      name: 'stripe',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${STRIPE_APP_PORT}` },
      testMatch: /\.stripe\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      cwd: ROOT,
      // A fresh database every run: the first account created on it becomes the admin.
      command: `rm -rf ${DB_DIR} && mkdir -p ${DB_DIR} && node ${DIST}/server/index.js`,
      url: `http://127.0.0.1:${PORT}/api/auth/check`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        CLIENT_DIR: `${DIST}/client`,
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${PORT}`,
        DATABASE_PATH: `${DB_DIR}/e2e.db`,
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'error',
        NODE_ENV: 'development',
        // The workflow e2e serves fixture feeds on this loopback port (tests/e2e/fixtures/feed-server.ts); the
        // webhooks e2e receives deliveries on PORT + 8 (webhooks.spec.ts); the recurring e2e's creator sends
        // through their own SMTP provider, a loopback SMTP server on PORT + 9 (recurring.spec.ts).
        FETCH_ALLOW_HOSTS: `127.0.0.1:${process.env.WORKFLOW_FIXTURE_PORT ?? 3191},127.0.0.1:${PORT + 8},127.0.0.1:${PORT + 9}`,
        // The integrations e2e serves its fake Brevo/Mailchimp/MailerLite/beehiiv APIs on this port (integrations.spec.ts).
        INTEGRATIONS_API_BASE: `http://127.0.0.1:${PORT + 7}`,
        // The custom-domain e2e publishes its TXT records on a loopback name server, UDP PORT + 12 (custom-domain.spec.ts).
        DOMAIN_DNS_SERVERS: `127.0.0.1:${PORT + 12}`,
      },
    },
    {
      cwd: ROOT,
      command: `rm -rf ${DB_DIR}-stripe && mkdir -p ${DB_DIR}-stripe && node ${DIST}/server/index.js`,
      url: `http://127.0.0.1:${STRIPE_APP_PORT}/api/auth/check`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(STRIPE_APP_PORT),
        CLIENT_DIR: `${DIST}/client`,
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${STRIPE_APP_PORT}`,
        DATABASE_PATH: `${DB_DIR}-stripe/e2e.db`,
        RATE_LIMITS: 'off',
        LOG_LEVEL: 'error',
        NODE_ENV: 'development',
        DELIVERY_WORKER: 'off',
        ...STRIPE_ENV,
      },
    },
  ],
});
