// Shared state of several processes on one Postgres database: how long a sign-out through one process
// takes to be refused by another that had the session cached (the bus's LISTEN/NOTIFY), and what one
// rate-limit attempt costs as a row upsert against the in-memory limiter of one SQLite process. Two sets
// of deps on two pools stand for the two processes. Postgres mode only (the tables are chosen at start):
// `DATABASE_URL=postgres://… npm run bench -- shared-state`; a throw-away database is made and dropped.
import crypto from 'node:crypto';
import pg from 'pg';
import { closeDb, openPostgres } from '../../src/server/db';
import { loadEnv } from '../../src/server/env';
import { createDeps } from '../../src/server/deps';
import { createAccount } from '../../src/server/auth/accounts';
import { RateLimiter } from '../../src/server/http/rate-limit';
import { median, ms, report } from './report';

const ROUNDS = 100;
const HITS = 2000;
const silent = { info() {}, warn() {}, error() {} };
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;
const us = (v: number) => `${(v * 1000).toFixed(v < 0.01 ? 2 : 0)} µs`;

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function run() {
  const server = process.env.DATABASE_URL;
  if (!server?.startsWith('postgres')) {
    report('shared state (Postgres)', 'skipped: set DATABASE_URL=postgres://… to run it');
    return;
  }
  const name = `curated_bench_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', APP_SECRET: crypto.randomBytes(32).toString('hex') });
  const [dbA, dbB] = [await openPostgres(url.toString()), await openPostgres(url.toString())];
  const a = createDeps(env, dbA, { log: silent });
  const b = createDeps(env, dbB, { log: silent });
  try {
    await Promise.all([a.bus.ready(), b.bus.ready()]);
    const user = await createAccount(dbA, { email: 'bench@example.com', name: 'Bench', passwordHash: null }, new Date());

    const eviction: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const cookie = (await a.auth.start(user.id)).split(';')[0]!;
      const cached = await b.auth.validate(cookie);
      await b.auth.validate(cookie);
      const t = performance.now();
      await a.auth.end(cached.sessionId);
      while ((await b.auth.validate(cookie)).user) await new Promise((r) => setImmediate(r));
      eviction.push(performance.now() - t);
    }
    report('sign-out on A refused on B (median / p99)', `${ms(median(eviction))} / ${ms(p99(eviction))}`, {
      ok: p99(eviction) < 1000,
      text: 'p99 < 1 s',
    });

    const rule = { limit: 1_000_000, windowMs: 60_000 };
    const hits: number[] = [];
    for (let i = 0; i < HITS; i++) {
      const t = performance.now();
      await a.limiter.hit(`bench:${i % 200}`, rule);
      hits.push(performance.now() - t);
    }
    const t = performance.now();
    await Promise.all(Array.from({ length: HITS }, (_, i) => (i % 2 ? a : b).limiter.hit(`bench:${i % 200}`, rule)));
    const perSecond = HITS / ((performance.now() - t) / 1000);
    const memory = new RateLimiter(true);
    const tm = performance.now();
    for (let i = 0; i < 100_000; i++) await memory.hit(`bench:${i % 200}`, rule);
    const memoryMs = (performance.now() - tm) / 100_000;
    report('rate-limit attempt, one upsert (median / p99)', `${us(median(hits))} / ${us(p99(hits))}`);
    report('rate-limit attempts, two processes, all at once', `${perSecond.toFixed(0)}/s`);
    report('rate-limit attempt in memory (one SQLite process)', us(memoryMs));
  } finally {
    await Promise.all([a.bus.close(), b.bus.close()]);
    await Promise.all([closeDb(dbA), closeDb(dbB)]);
    await onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
