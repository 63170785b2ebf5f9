// Stall benchmark: how long other requests wait while hostile heavy work is in flight on the built
// server. A probe asks GET /api/auth/check every 10 ms (one at a time, as a user's page would) and
// records each answer's latency while (a) a ~1 MB tRPC batch of 300 assembly calls, (b) a ~1 MB batch
// within the batch cap (10 assemblies of 100 long articles), (c) the PDF export of a draft that is one
// 1,000,000-character word, (c') of one that is letters joined by no-break spaces, and (d) a, b and c at
// once are under way. The longest probe latency is the event loop's longest stall as other users feel
// it. Budget: no stall over 100 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent } from 'undici';
import { freePort, rssMb, startServer } from './api';
import { report } from './report';

const BUDGET_MS = 100;
const PROBE_EVERY_MS = 10;

function longArticles(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `bench-${i}`,
    title: `Benchmark story ${i}: ${'headline words '.repeat(12)}`,
    summary: 'A long summary sentence that goes on. '.repeat(17),
    url: `https://example.com/story/${i}`,
    source: 'Bench Wire',
  }));
}

/** A tRPC batch request of `calls` assembly calls, each with `articles` articles. */
function assembleBatch(url: string, cookie: string, calls: number, articles: number) {
  const input = { newsletterName: 'Stall', themeId: 'market-watch', articles: longArticles(articles) };
  const body = JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [String(i), input])));
  const paths = Array.from({ length: calls }, () => 'wizard.assemble').join(',');
  // A connection of its own each time: the server closes one whose upload it refused.
  const send = () =>
    fetch(`${url}/api/trpc/${paths}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body,
      dispatcher: new Agent(),
    } as RequestInit);
  return { bytes: Buffer.byteLength(body), send };
}

interface Probe {
  stop(): Promise<number[]>;
}

function startProbe(url: string, cookie: string): Probe {
  const latencies: number[] = [];
  const failures: string[] = [];
  let running = true;
  // Its own connections: a refused upload may close the socket it came on.
  const dispatcher = new Agent({ connections: 1 });
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const res = await fetch(`${url}/api/auth/check`, { headers: { cookie }, dispatcher } as RequestInit);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
      } catch (err) {
        failures.push((err as Error & { cause?: { code?: string } }).cause?.code ?? String(err));
      }
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await dispatcher.close();
      if (failures.length) throw new Error(`${failures.length} probe requests failed: ${[...new Set(failures)].join(', ')}`);
      return latencies;
    },
  };
}

const p99 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * 0.99))];

async function during(label: string, url: string, cookie: string, work: () => Promise<string>) {
  const probe = startProbe(url, cookie);
  await new Promise((r) => setTimeout(r, 50));
  const t = performance.now();
  const outcome = await work();
  const took = performance.now() - t;
  await new Promise((r) => setTimeout(r, 50));
  const lat = await probe.stop();
  const worst = Math.max(...lat);
  report(
    `${label}: ${outcome} in ${took.toFixed(0)} ms`,
    `longest other request ${worst.toFixed(1)} ms, p99 ${p99(lat).toFixed(1)} ms (${lat.length} probes)`,
    {
      ok: worst <= BUDGET_MS,
      text: `no stall over ${BUDGET_MS} ms`,
    },
  );
}

export default async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-stall-'));
  const server = await startServer({ databasePath: path.join(dir, 'app.db'), port: await freePort() });
  try {
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Stall', email: 'stall@example.com', password: 'bench password' }),
    });
    if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status}`);
    const cookie = signup.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // A second user is the probe: another person using the product while the first one attacks it.
    const other = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Other', email: 'other@example.com', password: 'bench password' }),
    });
    const otherCookie = other.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const draft = await fetch(`${server.url}/api/newsletter-drafts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ title: 'One long word', content: 'w'.repeat(1_000_000) }),
    });
    if (draft.status !== 201) throw new Error(`draft failed: ${draft.status} ${await draft.text()}`);
    const draftId = ((await draft.json()) as { data: { id: string } }).data.id;
    // Letters joined by no-break spaces (900 KB as JSON): JavaScript sees short words, pdfkit one unbreakable stretch.
    const nbsp = await fetch(`${server.url}/api/newsletter-drafts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ title: 'No-break spaces', content: 'a\u00a0'.repeat(300_000) }),
    });
    if (nbsp.status !== 201) throw new Error(`draft failed: ${nbsp.status} ${await nbsp.text()}`);
    const nbspId = ((await nbsp.json()) as { data: { id: string } }).data.id;
    const exportPdf = async (id = draftId) => {
      const res = await fetch(`${server.url}/api/newsletters/${id}/export/pdf`, { headers: { cookie } });
      const bytes = (await res.arrayBuffer()).byteLength;
      return `HTTP ${res.status}, ${(bytes / 1024).toFixed(0)} KB`;
    };
    const oversized = assembleBatch(server.url, cookie, 300, 3);
    const capped = assembleBatch(server.url, cookie, 10, 100);
    const sendBatch = async (b: ReturnType<typeof assembleBatch>) => {
      const res = await b.send();
      await res.arrayBuffer();
      return `HTTP ${res.status}`;
    };

    report('CPU cores / load average at start', `${os.cpus().length} / ${os.loadavg()[0].toFixed(1)}`);
    // Warm the paths once (first export starts the worker thread).
    await exportPdf();
    await sendBatch(assembleBatch(server.url, cookie, 1, 5));

    await during(`batch of 300 assemblies (${(oversized.bytes / 1024).toFixed(0)} KB)`, server.url, otherCookie, () => sendBatch(oversized));
    await during(`batch of 10 assemblies x 100 articles (${(capped.bytes / 1024).toFixed(0)} KB)`, server.url, otherCookie, () => sendBatch(capped));
    await during('PDF export of a 1,000,000-character word', server.url, otherCookie, () => exportPdf());
    await during('PDF export of 600,000 characters joined by no-break spaces', server.url, otherCookie, () => exportPdf(nbspId));
    await during('all three at once', server.url, otherCookie, async () =>
      (await Promise.all([sendBatch(oversized), sendBatch(capped), exportPdf()])).join(' / '),
    );
    const rss = rssMb(server.child.pid!);
    if (rss !== null) report('server memory (RSS) afterwards', `${rss.toFixed(1)} MB`);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
