// Workflow benchmark: the gzipped JavaScript the /workflow page loads for a signed-in user, and the
// time from opening step 5 to the preview being shown with 20 articles (median of several runs), with
// the bare wizard.assemble call measured in the same run as the baseline. Real server, real browser,
// fixture feeds on loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { freePort, startServer, type RunningServer } from './api';
import { kb, median, ms, report } from './report';
import { startFixtureServer, type FixtureServer } from '../../tests/e2e/fixtures/feed-server';
import { chromiumLaunchOptions } from '../../tests/helpers/chromium';

const RUNS = 7;
const ARTICLES = 20;
const PASSWORD = 'correct horse battery staple';

async function call<T>(page: Page, proc: string, input?: unknown): Promise<T> {
  const res = input === undefined ? await page.request.get(`/api/trpc/${proc}`) : await page.request.post(`/api/trpc/${proc}`, { data: input });
  if (!res.ok()) throw new Error(`${proc}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/** A signed-in user with a publication at step 4: theme, the fixture channel and 20 articles chosen. */
export async function prepare(page: Page, fixtures: FixtureServer) {
  await page.request.post('/api/auth/signup', { data: { name: 'Bench Admin', email: `bench-admin-${Date.now()}@example.test`, password: PASSWORD } });
  await page.context().clearCookies();
  const signup = await page.request.post('/api/auth/signup', { data: { name: 'Bench User', email: `bench-${Date.now()}@example.test`, password: PASSWORD } });
  if (signup.status() !== 201) throw new Error(`sign-up failed: ${signup.status()}`);
  const pub = await call<{ id: string }>(page, 'publications.create', { name: 'Bench Weekly' });
  const channel = await call<{ url: string; name: string; niche: string }>(page, 'channels.add', { url: `${fixtures.origin}/city/feed.xml` });
  const { articles } = await call<{ articles: { id: string; title: string }[] }>(page, 'articles.listForChannels', {
    channels: [{ name: channel.name, url: channel.url, niche: channel.niche }],
  });
  if (articles.length < ARTICLES) throw new Error(`the fixture feed gave ${articles.length} articles, ${ARTICLES} needed`);
  const picked = articles.slice(0, ARTICLES);
  await call(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 4,
    workflowData: { selectedTheme: 'market-watch', selectedChannels: [channel], selectedArticles: picked },
  });
  return { publicationId: pub.id, articles: picked };
}

/**
 * From the click on Continue in step 4 to the step 5 preview frame being inserted with the assembled
 * HTML (`shown`) and to its load event (`loaded`), `runs` times after one warm-up; the page is at step 4.
 */
export async function timeStep5(page: Page, lastTitle: string, runs: number): Promise<{ shown: number[]; loaded: number[] }> {
  // The frame is sandboxed (an opaque origin), so only Playwright's frame access can read it.
  const last = page.frameLocator('iframe[title="Web preview"]').getByText(lastTitle, { exact: true }).first();
  const loaded: number[] = [];
  const shown: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    // Timed inside the page, without polling delays.
    await page.evaluate(() => {
      const w = window as unknown as { __bench: { click?: number; load?: number; shown?: number } };
      w.__bench = {};
      const mo = new MutationObserver(() => {
        if (document.querySelector('iframe[title="Web preview"]')) {
          w.__bench.shown = performance.now();
          mo.disconnect();
        }
      });
      mo.observe(document.body, { childList: true, subtree: true });
      document.addEventListener('click', () => (w.__bench.click = performance.now()), { capture: true, once: true });
      document.addEventListener(
        'load',
        (e) => {
          if ((e.target as HTMLElement).title === 'Web preview' && w.__bench.load === undefined) w.__bench.load = performance.now();
        },
        true,
      );
    });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await last.waitFor({ timeout: 30_000 });
    const t = await page.evaluate(() => (window as unknown as { __bench: { click: number; load: number; shown: number } }).__bench);
    if (i > 0) {
      shown.push(t.shown - t.click);
      loaded.push(t.load - t.click);
    }
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('heading', { name: 'Choose Articles' }).waitFor();
  }
  return { shown, loaded };
}

export default async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-workflow-'));
  const fixtures = await startFixtureServer(await freePort(3184, 3189));
  let server: RunningServer | null = null;
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const allow = new URL(fixtures.origin).host;
    server = await startServer({ databasePath: path.join(dir, 'app.db'), port: await freePort(3180, 3183), env: { FETCH_ALLOW_HOSTS: allow } });
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { publicationId, articles } = await prepare(page, fixtures);

    // 1. JavaScript loaded by opening /workflow signed in (a cold cache: a fresh context).
    const scripts: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    const cold = await browser.newContext({ baseURL: server.url, storageState: await context.storageState() });
    const coldPage = await cold.newPage();
    coldPage.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (res.request().resourceType() !== 'script' && !type.includes('javascript')) return;
      scripts.push(res.body().then((body) => ({ url: new URL(res.url()).pathname, raw: body.length, gzip: zlib.gzipSync(body).length })));
    });
    await coldPage.goto(`/workflow?publicationId=${publicationId}`, { waitUntil: 'networkidle' });
    await coldPage.getByRole('heading', { name: 'Choose Articles' }).waitFor();
    const files = await Promise.all(scripts);
    const total = files.reduce((s, f) => s + f.gzip, 0);
    report('workflow page JS files loaded', String(files.length));
    for (const f of [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 4)) report(`  ${f.url}`, `${kb(f.gzip)} gzip (${kb(f.raw)} raw)`);
    report('workflow page JS, gzipped (sum)', kb(total));
    await cold.close();

    // 2. Step 4 -> Continue -> the web preview shows the 20th article, several times.
    await page.goto(`/workflow?publicationId=${publicationId}`);
    await page.getByRole('heading', { name: 'Choose Articles' }).waitFor();
    const { shown, loaded: times } = await timeStep5(page, articles[ARTICLES - 1].title, RUNS);
    const ui = median(times);

    // Baseline: the assembly call alone, same input, same server.
    const pub = await call<{ workflowData: { newsletterName: string; selectedArticles: unknown[] } }>(
      page,
      `publications.get?input=${encodeURIComponent(JSON.stringify({ id: publicationId }))}`,
    );
    const api: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const t = performance.now();
      await call(page, 'wizard.assemble', {
        newsletterName: pub.workflowData.newsletterName,
        themeId: 'market-watch',
        articles: pub.workflowData.selectedArticles,
      });
      if (i > 0) api.push(performance.now() - t);
    }
    const base = median(api);
    report(`step 5 opened -> preview frame shown, ${ARTICLES} articles (median of ${RUNS})`, ms(median(shown)));
    report(`step 5 opened -> preview loaded with images (median of ${RUNS})`, ms(ui));
    report('  baseline: wizard.assemble over HTTP (median)', ms(base));
    report('  ratio preview shown / assemble call', `${(median(shown) / base).toFixed(2)}x`);
    await context.close();
  } finally {
    await browser.close();
    await server?.stop();
    await fixtures.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
