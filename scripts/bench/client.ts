// Front-end benchmark, in a real browser (Playwright Chromium) against the real server serving the built
// client: the gzipped JavaScript the landing page loads, and the workflow's two waits a creator feels
// (opening a publication until its step's content shows; entering step 5 until the preview shows). With
// BENCH_BASELINE=<git ref> the same workflow timings are taken, in the same run, of that commit's build
// too (built once into a folder under the system's temp directory), so a change is measured before and after.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { freePort, startServer, type RunningServer } from './api';
import { kb, median, ms, report } from './report';
import { prepare, timeStep5 } from './workflow';
import { startFixtureServer } from '../../tests/e2e/fixtures/feed-server';
import { chromiumLaunchOptions } from '../../tests/helpers/chromium';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUDGET_BYTES = 170 * 1024;
const RUNS = 7;

type Build = { root: string; dist: string };

/** The build of another commit: its files (git archive) with this project's node_modules, built once. */
function baselineBuild(ref: string): Build {
  const sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  const root = path.join(os.tmpdir(), `curated-bench-build-${sha.slice(0, 12)}`);
  const build = { root, dist: '.dist' };
  if (fs.existsSync(path.join(root, build.dist, 'server/index.js'))) return build;
  console.log(`building ${ref} (${sha.slice(0, 12)}) for the baseline in ${root}`);
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  execFileSync('bash', ['-c', `git archive ${sha} | tar -x -C ${JSON.stringify(root)}`], { cwd: ROOT });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
  const { NODE_ENV: _drop, ...env } = process.env;
  const r = spawnSync('bash', ['scripts/build-to.sh', build.dist], { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`building ${ref} failed`);
  return build;
}

/**
 * A creator's two waits in the workflow on one build: a publication at step 4 opened by its address
 * until its articles show (from the navigation's start, the JavaScript in the browser's cache), and
 * Continue until the step 5 preview frame shows. Medians of RUNS after one warm-up each.
 */
async function workflowWaits(browser: Browser, build: Build | undefined): Promise<{ open: number; preview: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-client-wf-'));
  const fixtures = await startFixtureServer(await freePort(3184, 3189));
  let server: RunningServer | null = null;
  try {
    server = await startServer({
      databasePath: path.join(dir, 'app.db'),
      port: await freePort(3180, 3183),
      env: { FETCH_ALLOW_HOSTS: new URL(fixtures.origin).host },
      build,
    });
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    // Marks the moment the step's content (the article list with its first article) is in the page.
    // (A string: the bench runs through tsx, whose named-function helpers do not exist in the page.)
    await context.addInitScript(`
      new MutationObserver((_, mo) => {
        if (window.__stepShown === undefined && document.querySelector('ul[aria-label="Articles"] input[type="checkbox"]')) {
          window.__stepShown = performance.now();
          mo.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    `);
    const page = await context.newPage();
    const { publicationId, articles } = await prepare(page, fixtures);
    const open: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      await page.goto(`/workflow?publicationId=${publicationId}`);
      await page.waitForFunction(() => (window as unknown as { __stepShown?: number }).__stepShown !== undefined, undefined, { timeout: 30_000 });
      if (i > 0) open.push(await page.evaluate(() => (window as unknown as { __stepShown: number }).__stepShown));
    }
    const { shown } = await timeStep5(page, articles[articles.length - 1].title, RUNS);
    await context.close();
    return { open: median(open), preview: median(shown) };
  } finally {
    await server?.stop();
    await fixtures.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function ensureBuild() {
  if (fs.existsSync(path.join(ROOT, 'dist/client/index.html')) && fs.existsSync(path.join(ROOT, 'dist/server/index.js'))) return;
  console.log('dist is missing: building the client and the server (npm run build)');
  // NODE_ENV=test around vite build would ship React's development build (GUIDE §1).
  const { NODE_ENV: _drop, ...env } = process.env;
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

export default async function run() {
  ensureBuild();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-client-'));
  let server: RunningServer | null = null;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    server = await startServer({ databasePath: path.join(dir, 'app.db'), port: await freePort() });
    const page = await browser.newPage();
    const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (res.request().resourceType() !== 'script' && !type.includes('javascript')) return;
      scripts.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body).length })));
    });
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const raw = files.reduce((s, f) => s + f.raw, 0);
    report('landing page JS files loaded', String(files.length));
    for (const f of [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 5)) report(`  ${f.url}`, `${kb(f.gzip)} gzip (${kb(f.raw)} raw)`);
    report('landing page JS, gzipped (sum)', `${kb(total)} (${kb(raw)} raw)`, { ok: total <= BUDGET_BYTES, text: 'budget 170 KB' });

    const ref = process.env.BENCH_BASELINE;
    const before = ref ? await workflowWaits(browser, baselineBuild(ref)) : null;
    const after = await workflowWaits(browser, undefined);
    const line = (what: string, key: 'open' | 'preview') =>
      report(`${what} (median of ${RUNS})`, before ? `${ms(after[key])} (before, at ${ref}: ${ms(before[key])})` : ms(after[key]));
    line('publication opened -> step content shown', 'open');
    line('step 5 entered -> preview shown', 'preview');
    if (!ref) report('  before/after', 'set BENCH_BASELINE=<git ref> to time that commit in the same run');
  } finally {
    await browser.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
