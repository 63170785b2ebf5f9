// Tracking: the click redirect (GET /t/c/<token>: verify the HMAC, look the link up, record the click,
// 302) against a bare Hono redirect measured in the same run (autocannon, loopback, each server in its
// own process), and the /analytics query for one account over 1,000,000 tracking events.
// Run alone: `tsx scripts/bench/index.ts tracking`.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { count, eq, sql } from 'drizzle-orm';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { report, timeMedian, ms } from './report';

const here = fileURLToPath(import.meta.url);
const CONNECTIONS = 50;
const DURATION_S = 5;
const EVENTS = 1_000_000;
const SENDS = 50;
const READERS = 1_000;
const SECRET = 'bench-tracking-secret-0123456789abcdef';

/** Child mode: serve the app (or a bare Hono redirect) on the given port. */
async function serveChild(kind: string, port: number, dbPath: string) {
  if (kind === 'bare') {
    const app = new Hono();
    app.get('/r/:token', (c) => c.redirect('https://example.com/article?id=1', 302));
    serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => process.send!('ready'));
    return;
  }
  const { createHarness } = await import('../../tests/helpers/app');
  const h = await createHarness({ env: { DATABASE_PATH: dbPath, APP_SECRET: SECRET } });
  serve({ fetch: h.app.fetch, port, hostname: '127.0.0.1' }, () => process.send!('ready'));
}

if (process.argv[2] === '--serve') await serveChild(process.argv[3]!, Number(process.argv[4]), process.argv[5]!);

async function startChild(kind: 'bare' | 'app', port: number, dbPath: string): Promise<ChildProcess> {
  const child = fork(here, ['--serve', kind, String(port), dbPath], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return child;
}

interface Load {
  rps: number;
  p99: number;
  bad: number;
}

async function load(base: string, paths: string[]): Promise<Load> {
  let i = 0;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'user-agent': 'Mozilla/5.0 (bench) Chrome/120' },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.errors + r.timeouts + r['1xx'] + r['2xx'] + r['4xx'] + r['5xx'] };
}

const fmt = (l: Load) => `${Math.round(l.rps).toLocaleString('en-US')} req/s, p99 ${l.p99} ms${l.bad ? ` (${l.bad} not 302)` : ''}`;

export default async function run() {
  if (process.argv[2] === '--serve') return;
  const { createHarness } = await import('../../tests/helpers/app');
  const { addSubscribers, newId, readyPublication } = await import('../../tests/integration/delivery/send-support');
  const { startJobWorker } = await import('../../src/server/jobs/worker');
  const { jobHandlers } = await import('../../src/server/job-handlers');
  const { clickToken } = await import('../../src/server/tracking/tokens');
  const { analyticsIssue, analyticsOverview } = await import('../../src/server/analytics/analytics');
  const { issueSends, sendLinks, sendRecipients, trackingEvents } = await import('../../db/schema');
  const { execute, inTx, tx } = await import('../../src/server/db');
  const { freePort } = await import('./api');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tracking-'));
  const dbPath = path.join(dir, 'app.db');
  const children: ChildProcess[] = [];
  try {
    const h = await createHarness({ env: { DATABASE_PATH: dbPath, APP_SECRET: SECRET } });
    await h.insertUser({ email: 'admin@example.com' });
    const user = await h.insertUser({ email: 'writer@example.com', verified: true, planType: 'professional' });
    const pub = await readyPublication(h, user);
    await addSubscribers(h, pub.id, READERS);
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 10, leaseMs: 30_000 });
    h.deps.delivery.kick = worker.kick;
    const send = await h.caller(user).sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();
    await worker.stop();
    const links = await h.db.select().from(sendLinks).where(eq(sendLinks.sendId, send.id));
    const recipients = await h.db.select({ id: sendRecipients.id }).from(sendRecipients).where(eq(sendRecipients.sendId, send.id));
    const paths = recipients.flatMap((r) => links.map((l) => `/t/c/${clickToken(SECRET, { sendId: send.id, recipientId: r.id, position: l.position })}`));

    // Click redirect vs a bare Hono redirect, each in its own process.
    const appPort = await freePort();
    const barePort = await freePort(appPort + 1);
    children.push(await startChild('app', appPort, dbPath), await startChild('bare', barePort, dbPath));
    const check = await fetch(`http://127.0.0.1:${appPort}${paths[0]}`, { redirect: 'manual' });
    if (check.status !== 302) throw new Error(`click redirect answered ${check.status}`);
    const barePaths = paths.map((p) => p.replace('/t/c/', '/r/'));
    await load(`http://127.0.0.1:${barePort}`, barePaths.slice(0, 100));
    await load(`http://127.0.0.1:${appPort}`, paths.slice(0, 100));
    let bare: Load | undefined;
    let click: Load | undefined;
    for (let round = 0; round < 2; round++) {
      const b = await load(`http://127.0.0.1:${barePort}`, barePaths);
      const c = await load(`http://127.0.0.1:${appPort}`, paths);
      if (!bare || b.rps > bare.rps) bare = b;
      if (!click || c.rps > click.rps) click = c;
    }
    const runs = `${CONNECTIONS} connections, ${DURATION_S} s, best of 2`;
    report(`bare Hono 302 redirect (${runs})`, fmt(bare!));
    report(`GET /t/c/<token> (${links.length} links x ${READERS} readers)`, fmt(click!), { ok: click!.p99 < 20 && click!.bad === 0, text: 'p99 under 20 ms' });
    report('  click redirect throughput / bare Hono', `${((click!.rps / bare!.rps) * 100).toFixed(0)}%`);
    for (const c of children.splice(0)) c.kill();

    // The analytics query for one account over 1,000,000 events spread over 50 issues, seeded through
    // the data layer: copies of the first issue (its row, recipients and links) under new ids, then the
    // events through one prepared statement, each part in one transaction.
    const sendIds = [send.id];
    const [original] = await h.db.select().from(issueSends).where(eq(issueSends.id, send.id));
    const firstRecipients = await h.db.select().from(sendRecipients).where(eq(sendRecipients.sendId, send.id));
    await tx(h.db, async (t) => {
      for (let s = 1; s < SENDS; s++) {
        const id = newId();
        sendIds.push(id);
        const later = (d: Date | null) => (d ? new Date(d.getTime() + s * 1000) : d);
        await t
          .insert(issueSends)
          .values({ ...original!, id, subject: `${original!.subject} #${s}`, startedAt: later(original!.startedAt), createdAt: later(original!.createdAt)! });
        for (let i = 0; i < firstRecipients.length; i += 500) {
          await t.insert(sendRecipients).values(firstRecipients.slice(i, i + 500).map(({ id: _id, ...r }) => ({ ...r, sendId: id })));
        }
        await t.insert(sendLinks).values(links.map((l) => ({ ...l, sendId: id })));
      }
    });
    const ridsBySend = new Map<string, number[]>();
    for (const row of await h.db.select({ s: sendRecipients.sendId, id: sendRecipients.id }).from(sendRecipients)) {
      if (!ridsBySend.has(row.s)) ridsBySend.set(row.s, []);
      ridsBySend.get(row.s)!.push(row.id);
    }
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const p = (name: string) => sql.placeholder(name);
    const insert = h.db
      .insert(trackingEvents)
      .values({ sendId: p('sendId'), recipientId: p('recipientId'), kind: p('kind'), linkPosition: p('linkPosition'), machine: p('machine'), at: p('at') })
      .prepare();
    const t0 = performance.now();
    await tx(h.db, async (t) => {
      const now = Date.now();
      const insertHere = inTx(t, insert);
      for (let i = 0; i < EVENTS; i++) {
        const sid = sendIds[Math.floor((i * SENDS) / EVENTS)]!;
        const rids = ridsBySend.get(sid)!;
        const click = rand() < 0.3;
        await insertHere.execute({
          sendId: sid,
          recipientId: rids[Math.floor(rand() * rids.length)],
          kind: click ? 'click' : 'open',
          linkPosition: click ? Math.floor(rand() * links.length) : null,
          machine: rand() < 0.2,
          at: new Date(now - i),
        });
      }
    });
    report(`seeding ${EVENTS.toLocaleString('en-US')} events (one transaction)`, `${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await execute(h.db, sql`ANALYZE`);
    const ctx = { db: h.db, user, now: () => new Date() };
    const overview = await timeMedian(() => analyticsOverview(ctx, { limit: SENDS }), 15, 3);
    const check2 = await analyticsOverview(ctx, { limit: SENDS });
    const total = check2.issues.reduce((t, i) => t + i.opens + i.clicks + i.machineClicks, 0);
    const [stored] = await h.db.select({ n: count() }).from(trackingEvents);
    if (total !== stored!.n) throw new Error(`the overview counted ${total} events, not ${stored!.n}`);
    report(`analytics.overview, ${SENDS} issues, ${(stored!.n / 1e6).toFixed(2)}M events (median)`, ms(overview), { ok: overview < 1000, text: 'under 1 s' });
    const [own] = await h.db.select({ n: count() }).from(trackingEvents).where(eq(trackingEvents.sendId, send.id));
    const one = await timeMedian(() => analyticsIssue(ctx, send.id), 15, 3);
    report(`analytics.issue with per-link table, ${own!.n.toLocaleString('en-US')} events (median)`, ms(one));
  } finally {
    for (const c of children) c.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
