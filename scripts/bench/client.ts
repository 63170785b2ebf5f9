// Front-end benchmark: the gzipped JavaScript the landing page loads, measured in a real browser
// (Playwright Chromium) against the real server serving the built client.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort, startServer, type RunningServer } from './api';
import { kb, report } from './report';
import { chromiumLaunchOptions } from '../../tests/helpers/chromium';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUDGET_BYTES = 170 * 1024;

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
  } finally {
    await browser.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
