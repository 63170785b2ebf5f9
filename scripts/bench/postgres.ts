// Postgres with N processes vs the one-file SQLite default, in the same run, on the built server
// (BENCH_DIST, default dist/): one process on a SQLite file answering directly, and two processes on one
// Postgres database behind the round-robin proxy of tests/helpers/cluster.ts (in its own process), as an
// operator runs them behind a load balancer. Measured on both:
//   1. signed-in GET /api/auth/check and GET /api/trpc/user.get (autocannon, 50 connections, best of 2):
//      req/s and p99, and Postgres's p99 over SQLite's (budget: within 2x);
//   2. the bulk send of delivery.ts (the ~23 KB themed issue to 10,000 readers) into one SMTP sink in its
//      own process, started through the product's sends.create: msgs/s with one worker (SQLite) and two
//      (Postgres, pg-boss; one send is one job, worked in 30 s slices by whichever worker claims each);
//   3. tracking-event inserts per second through the open pixel (GET /t/o/<token>.gif: verify the token,
//      look the recipient up, insert the event), counted in the database afterwards.
// Beside them, for comparison: one Postgres process without the proxy, and the SQLite process through
// the same proxy; they tell the proxy's share of a figure from the database's.
// Postgres: BENCH_DATABASE_URL (a server the bench may create and drop a database on), else a throw-away
// cluster (Debian's postgresql, as the `postgres` user when run as root) on a loopback port, removed
// after. Its fsync stays on and synchronous_commit at its default (each commit waits for the disk),
// as an operator runs it; SQLite runs as the product opens it (WAL, synchronous=NORMAL: a commit does
// not wait for the disk).
// Run alone: `tsx scripts/bench/index.ts postgres` (BENCH_PORT_FROM moves its 60 ports off 3200-3259).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { report } from './report';
import { openToken } from '../../src/server/tracking/tokens';
import {
  baseEnv,
  benchDatabase,
  DIST,
  forkChild,
  onServer,
  port,
  SECRET,
  startAgent,
  startBuilt,
  startSink,
  throwAwayCluster,
  type Agent,
  type PostgresServer,
} from './postgres-setup';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONNECTIONS = 50;
const DURATION_S = 5;
const ROUNDS = 2;
const RECIPIENTS = 10_000;
const WRITER = { email: 'writer@example.com', password: 'bench password' };
const SEND_TIMEOUT_MS = 10 * 60_000;

/** Something to undo at the end, newest first. */
type Cleanup = () => Promise<unknown> | unknown;

// ---- measuring -------------------------------------------------------------------------------------

interface Target {
  name: string;
  /** Where requests go: the SQLite server itself, or the proxy in front of the Postgres servers. */
  url: string;
  agent: Agent;
  cookie: string;
}

interface Load {
  rps: number;
  p99: number;
  ok: number;
  bad: number;
  seconds: number;
}

async function load(url: string, o: { headers?: Record<string, string>; paths?: string[]; duration?: number; connections?: number } = {}): Promise<Load> {
  let i = 0;
  const paths = o.paths;
  const r = await autocannon({
    url,
    connections: o.connections ?? CONNECTIONS,
    duration: o.duration ?? DURATION_S,
    headers: o.headers ?? {},
    ...(paths ? { requests: [{ method: 'GET' as const, setupRequest: (req: object) => ({ ...req, path: paths[i++ % paths.length]! }) }] } : {}),
  });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    ok: r['2xx'],
    bad: r.non2xx + r.errors + r.timeouts,
    seconds: (new Date(r.finish).getTime() - new Date(r.start).getTime()) / 1000,
  };
}

const fmt = (l: Load) => `${Math.round(l.rps).toLocaleString('en-US')} req/s, p99 ${l.p99} ms${l.bad ? ` (${l.bad} not 2xx or failed)` : ''}`;

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(WRITER) });
  if (res.status !== 200) throw new Error(`sign-in through ${base} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const check = (await (await fetch(`${base}/api/auth/check`, { headers: { cookie } })).json()) as { authenticated: boolean };
  if (!check.authenticated) throw new Error(`the session from ${base} is not signed in`);
  return cookie;
}

/** Every (target, path) ROUNDS times, interleaved so a disturbance of the shared machine falls on both; each pair's best round. */
async function apiLoads(targets: Target[], paths: string[]) {
  const pairs = paths.flatMap((p) => targets.map((t) => ({ t, url: `${t.url}${p}` })));
  for (const { t, url } of pairs) await load(url, { headers: { cookie: t.cookie }, connections: 10, duration: 1 });
  const best: Load[] = [];
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, { t, url }] of pairs.entries()) {
      const l = await load(url, { headers: { cookie: t.cookie } });
      if (!best[i] || l.rps > best[i].rps) best[i] = l;
    }
  return best;
}

/** Creates the send through the product (sends.create) and waits until the sink has every message and the send says 'sent'. */
async function bulkSend(target: Target, publicationId: string, sink: Awaited<ReturnType<typeof startSink>>) {
  const before = await sink.accepted();
  const id = crypto.randomUUID().replace(/-/g, '');
  const t0 = performance.now();
  const res = await fetch(`${target.url}/api/trpc/sends.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: target.cookie },
    body: JSON.stringify({ id, publicationId }),
  });
  if (res.status !== 200) throw new Error(`sends.create through ${target.url} answered ${res.status}: ${await res.text()}`);
  for (;;) {
    const got = (await sink.accepted()) - before;
    if (got >= RECIPIENTS) break;
    if (performance.now() - t0 > SEND_TIMEOUT_MS) throw new Error(`the ${target.name} send stalled at ${got} messages`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - t0) / 1000;
  let state = await target.agent.call<{ status: string; sent: number; total: number }>('sendState', { sendId: id });
  while (state.status !== 'sent' && performance.now() - t0 < SEND_TIMEOUT_MS) {
    await new Promise((r) => setTimeout(r, 100));
    state = await target.agent.call('sendState', { sendId: id });
  }
  const accepted = (await sink.accepted()) - before;
  return { id, seconds, rate: RECIPIENTS / seconds, accepted, state };
}

/** Open-pixel hits for every recipient of the send; the inserts are counted in the database, not inferred from the answers. */
async function trackingInserts(target: Target, sendId: string) {
  const ids = await target.agent.call<number[]>('recipients', { sendId });
  const paths = ids.map((recipientId) => `/t/o/${openToken(SECRET, { sendId, recipientId })}.gif`);
  const headers = { 'user-agent': 'Mozilla/5.0 (bench) Chrome/120' };
  await load(target.url, { paths, headers, duration: 1, connections: 10 });
  const before = await target.agent.call<number>('events');
  const l = await load(target.url, { paths, headers });
  const inserted = (await target.agent.call<number>('events')) - before;
  return { load: l, inserted, perSecond: inserted / l.seconds };
}

// ---- the section -----------------------------------------------------------------------------------

export default async function run() {
  if (!fs.existsSync(path.join(DIST, 'server/index.js'))) {
    report('postgres: skipped', `no built server at ${path.relative(ROOT, DIST) || '.'}/server/index.js (npm run build, or set BENCH_DIST)`);
    return;
  }
  let server: PostgresServer;
  if (process.env.BENCH_DATABASE_URL) server = { serverUrl: process.env.BENCH_DATABASE_URL, stop: async () => {} };
  else {
    const cluster = await throwAwayCluster();
    if (typeof cluster === 'string') {
      report('postgres: skipped', cluster);
      return;
    }
    server = cluster;
  }
  const cleanups: Cleanup[] = [() => server.stop()];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-postgres-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    const database = await benchDatabase(server.serverUrl);
    cleanups.push(() => database.drop());
    const sink = await startSink();
    cleanups.push(() => sink.stop());

    // SQLite: one process on a file, requests straight to it.
    const sqlitePath = path.join(dir, 'app.db');
    const sqlitePort = await port();
    const sqliteEnv = { DATABASE_PATH: sqlitePath, APP_URL: `http://127.0.0.1:${sqlitePort}`, SMTP_URL: sink.url };
    const sqliteServer = await startBuilt(sqlitePort, sqliteEnv);
    cleanups.push(() => sqliteServer.stop());

    // Postgres: two processes on one database started at once (migrations under the lock), behind the proxy.
    const pgPorts = [await port(sqlitePort + 1)];
    pgPorts.push(await port(pgPorts[0]! + 1));
    const proxyPort = await port(pgPorts[1]! + 1);
    const pgEnv = {
      DATABASE_URL: database.url,
      DATABASE_PATH: path.join(dir, 'unused.db'),
      APP_URL: `http://127.0.0.1:${proxyPort}`,
      SMTP_URL: sink.url,
    };
    const starts = await Promise.allSettled(pgPorts.map((p) => startBuilt(p, pgEnv)));
    const pgServers = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    for (const s of pgServers) cleanups.push(() => s.stop());
    for (const s of starts) if (s.status === 'rejected') throw s.reason;
    const { child: proxyChild } = await forkChild(['proxy', String(proxyPort), ...pgPorts.map(String)], baseEnv());
    cleanups.push(() => proxyChild.kill());

    const sqliteProxyPort = await port(proxyPort + 1);
    const { child: sqliteProxyChild } = await forkChild(['proxy', String(sqliteProxyPort), String(sqlitePort)], baseEnv());
    cleanups.push(() => sqliteProxyChild.kill());

    const sqliteAgent = await startAgent(sqliteEnv);
    cleanups.push(() => sqliteAgent.stop());
    const pgAgent = await startAgent(pgEnv);
    cleanups.push(() => pgAgent.stop());
    const [sqlitePub, pgPub] = await Promise.all(
      [sqliteAgent, pgAgent].map((a) => a.call<{ publicationId: string }>('seed', { ...WRITER, recipients: RECIPIENTS })),
    );
    const sqlite: Target = { name: 'SQLite', url: sqliteServer.url, agent: sqliteAgent, cookie: await signIn(sqliteServer.url) };
    const postgres: Target = { name: 'Postgres', url: `http://127.0.0.1:${proxyPort}`, agent: pgAgent, cookie: await signIn(`http://127.0.0.1:${proxyPort}`) };
    // Not a budget line: one Postgres process without the proxy tells the proxy's share from the database's.
    const pgDirect: Target = { ...postgres, name: 'Postgres, 1 process', url: pgServers[0]!.url };
    const sqliteViaProxy: Target = { ...sqlite, name: 'SQLite via the proxy', url: `http://127.0.0.1:${sqliteProxyPort}` };

    report('CPU cores / load average at start', `${os.cpus().length} / ${os.loadavg()[0].toFixed(1)}`);
    const [version] = await onServer(server.serverUrl, 'SHOW server_version');
    report('set-up', `SQLite file (WAL), 1 process; Postgres ${String(version?.server_version)} (fsync on), 2 processes behind the proxy`);

    // 1. The signed-in reads.
    const runs = `${CONNECTIONS} connections, ${DURATION_S} s, best of ${ROUNDS}`;
    const [sqAuth, pgAuth, dAuth, spAuth, sqTrpc, pgTrpc, dTrpc, spTrpc] = await apiLoads(
      [sqlite, postgres, pgDirect, sqliteViaProxy],
      ['/api/auth/check', '/api/trpc/user.get'],
    );
    for (const [label, sq, viaProxy, direct, sqliteProxied] of [
      ['GET /api/auth/check', sqAuth!, pgAuth!, dAuth!, spAuth!],
      ['GET /api/trpc/user.get', sqTrpc!, pgTrpc!, dTrpc!, spTrpc!],
    ] as const) {
      report(`${label}, SQLite direct (${runs})`, fmt(sq));
      report(`${label}, Postgres x2 via proxy`, fmt(viaProxy));
      const ratio = viaProxy.p99 / Math.max(sq.p99, 1);
      report('  p99 Postgres via proxy / SQLite direct', `${ratio.toFixed(2)}x`, {
        ok: ratio <= 2 && sq.bad === 0 && viaProxy.bad === 0,
        text: 'within 2x',
      });
      report('  for comparison: Postgres, 1 process direct', fmt(direct));
      report('  for comparison: SQLite via the same proxy', fmt(sqliteProxied));
    }

    // 2. The bulk send: SQLite's one worker, then Postgres's two (pg-boss).
    const sqSend = await bulkSend(sqlite, sqlitePub!.publicationId, sink);
    const pgSend = await bulkSend(postgres, pgPub!.publicationId, sink);
    const sendLine = (label: string, s: typeof sqSend) =>
      report(
        `bulk send to 10,000 readers, ${label}`,
        `${s.seconds.toFixed(2)} s = ${Math.round(s.rate).toLocaleString('en-US')} msgs/s (${s.accepted.toLocaleString('en-US')} accepted, send ${s.state.status}, ${s.state.sent.toLocaleString('en-US')} marked sent)`,
      );
    sendLine('SQLite, 1 process', sqSend);
    sendLine('Postgres, 2 worker processes', pgSend);
    report('  bulk send msgs/s Postgres / SQLite', `${((pgSend.rate / sqSend.rate) * 100).toFixed(0)}%`);

    // 3. Tracking-event inserts through the open pixel.
    const trackLine = (label: string, t: Awaited<ReturnType<typeof trackingInserts>>) =>
      report(
        label.startsWith(' ') ? label : `open pixel, ${label}`,
        `${Math.round(t.perSecond).toLocaleString('en-US')} events inserted/s (${t.inserted.toLocaleString('en-US')} rows, ${t.load.ok.toLocaleString('en-US')} pixels served), p99 ${t.load.p99} ms${t.load.bad ? `, ${t.load.bad} failed` : ''}`,
      );
    const sqTrack = await trackingInserts(sqlite, sqSend.id);
    const pgTrack = await trackingInserts(postgres, pgSend.id);
    trackLine(`SQLite direct (${CONNECTIONS} connections, ${DURATION_S} s)`, sqTrack);
    trackLine('Postgres x2 via proxy', pgTrack);
    report('  tracking inserts/s Postgres / SQLite', `${((pgTrack.perSecond / sqTrack.perSecond) * 100).toFixed(0)}%`);
    trackLine('  for comparison: Postgres, 1 process direct', await trackingInserts(pgDirect, pgSend.id));
    trackLine('  for comparison: SQLite via the same proxy', await trackingInserts(sqliteViaProxy, sqSend.id));
  } finally {
    for (const undo of cleanups.reverse()) {
      try {
        await undo();
      } catch (err) {
        console.error(`postgres bench clean-up: ${(err as Error).message}`);
      }
    }
  }
}
