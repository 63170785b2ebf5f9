// Two app processes on one Postgres database behind a round-robin proxy, as an operator runs them
// behind a load balancer: both start at once on the empty database, and what one process knows every
// other must know: rate limits, sign-outs, the first account, AI Magic generations being written.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { closeDb, openPostgres, type Db } from '../../src/server/db';
import { users } from '../../db/schema';
import type { AiJobEvent } from '../../src/shared/schemas/ai';
import { roundRobinProxy, startApp, type AppProcess, type Proxy } from '../helpers/cluster';
import { startAiFeeds } from '../integration/ai/support';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai';
import type { FeedServer } from '../helpers/feed-server';
import { freshDatabase, SERVER_URL } from './support';

const SECRET = 'the-cluster-secret-shared-by-every-process-0123';
const PASSWORD = 'correct horse battery';

let proxy: Proxy;
let apps: AppProcess[] = [];
let db: Db;
let feeds: FeedServer;
let model: FakeOpenAI;
const cleanup: (() => Promise<unknown>)[] = [];

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: proxy.url, ...headers },
  body: JSON.stringify(body),
});
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe.skipIf(!SERVER_URL)('two processes behind a round-robin proxy', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    feeds = await startAiFeeds();
    model = await startFakeOpenAI();
    cleanup.push(
      () => feeds.close(),
      () => model.close(),
    );
    proxy = await roundRobinProxy(() => apps.map((a) => a.port));
    cleanup.push(() => proxy.close());
    const env = {
      DATABASE_URL: fresh.url,
      APP_SECRET: SECRET,
      APP_URL: proxy.url,
      FETCH_ALLOW_HOSTS: `${feeds.allowHost},${new URL(model.url).host}`,
      AI_BASE_URL: model.url,
      AI_API_KEY: 'sk-test',
      AI_MODEL: 'test-model-1',
      RATE_LIMIT_SIGNIN_PER_IP: '1000',
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
    };
    // Both start at once on the empty database: one migrates under the lock, the other waits and serves.
    apps = await Promise.all([startApp(env), startApp(env)]);
    cleanup.push(() => Promise.all(apps.map((a) => a.stop())));
    db = await openPostgres(fresh.url, { migrate: false, max: 2 });
    cleanup.push(() => closeDb(db));
  }, 120_000);

  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('both processes serve, and the proxy alternates between them', async () => {
    for (const app of apps) expect((await fetch(`${app.url}/api/auth/check`)).status).toBe(200);
    const before = proxy.routed.length;
    await Promise.all([fetch(`${proxy.url}/api/auth/providers`), fetch(`${proxy.url}/api/auth/providers`)]);
    expect(new Set(proxy.routed.slice(before))).toEqual(new Set([0, 1]));
  });

  it('20 simultaneous first sign-ups through both processes make exactly one admin', async () => {
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${proxy.url}/api/auth/signup`, json({ name: `Early ${i}`, email: `early${i}@example.com`, password: PASSWORD })),
      ),
    );
    expect(res.map((r) => r.status)).toEqual(res.map(() => 201));
    const roles = await db.select({ role: users.role }).from(users);
    expect(roles.filter((r) => r.role === 'admin')).toHaveLength(1);
    expect(roles).toHaveLength(20);
  });

  it('30 wrong passwords for one address through both processes: 10 checked, 20 refused', async () => {
    const res = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`${proxy.url}/api/auth/login`, json({ email: 'early3@example.com', password: 'not the password' }))),
    );
    const statuses = res.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('a sign-out through one process is refused by the other within a second', async () => {
    const signin = await fetch(`${apps[0]!.url}/api/auth/login`, json({ email: 'early5@example.com', password: PASSWORD }));
    expect(signin.status).toBe(200);
    const cookie = cookieOf(signin);
    const check = (app: AppProcess) => fetch(`${app.url}/api/auth/check`, { headers: { cookie } }).then((r) => r.json() as Promise<{ authenticated: boolean }>);
    // Both processes have the session in their cache.
    expect((await check(apps[0]!)).authenticated).toBe(true);
    expect((await check(apps[1]!)).authenticated).toBe(true);

    const out = await fetch(`${apps[0]!.url}/api/auth/logout`, json({}, { cookie }));
    expect(out.status).toBe(200);
    const started = Date.now();
    while ((await check(apps[1]!)).authenticated) {
      expect(Date.now() - started, 'the other process still accepts the session').toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  it('an AI Magic generation started through one process streams to a watcher on the other', async () => {
    await db.update(users).set({ planType: 'professional' }).where(eq(users.email, 'early7@example.com'));
    const signin = await fetch(`${apps[0]!.url}/api/auth/login`, json({ email: 'early7@example.com', password: PASSWORD }));
    const cookie = cookieOf(signin);
    const list = await fetch(
      `${apps[0]!.url}/api/trpc/articles.listForChannel`,
      json({ channelName: 'Fixture News', channelUrl: feeds.url('/ai/feed.xml'), niche: 'energy' }, { cookie }),
    );
    const articles = (
      (await list.json()) as { result: { data: { data: { id: string; title: string; url: string; summary: string; source: string }[] } } }
    ).result.data.data
      .slice(0, 1)
      .map((a) => ({ id: a.id, title: a.title, url: a.url, summary: a.summary, source: a.source }));
    expect(articles).toHaveLength(1);

    const text = 'Recyclers recover lithium from old batteries [1]. '.repeat(10).trim();
    model.script({ kind: 'text', text, chunkSize: 6, delayMs: 20 });
    const started = await fetch(`${apps[0]!.url}/api/trpc/ai.generate`, json({ kind: 'blog', articles }, { cookie }));
    expect(started.status).toBe(200);
    const { id } = ((await started.json()) as { result: { data: { id: string } } }).result.data;

    const watch = await fetch(`${apps[1]!.url}/api/trpc/ai.watch?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(watch.status).toBe(200);
    const events: AiJobEvent[] = [];
    const reader = watch.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    while (!events.some((e) => e.type === 'end')) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let cut; (cut = buffer.indexOf('\n\n')) >= 0;) {
        const data = buffer
          .slice(0, cut)
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trim())
          .join('');
        buffer = buffer.slice(cut + 2);
        const parsed = data ? (JSON.parse(data) as Partial<AiJobEvent>) : null;
        if (parsed?.type) events.push(parsed as AiJobEvent);
      }
    }
    await reader.cancel();
    // The watcher saw the text grow while it was written on the other process, then the end.
    expect(events[0]!.type).toBe('snapshot');
    expect(events.filter((e) => e.type === 'delta').length).toBeGreaterThan(1);
    const end = events.at(-1)!;
    expect(end).toMatchObject({ type: 'end', status: 'done' });
    expect((end as Extract<AiJobEvent, { type: 'end' }>).output).toContain('Recyclers recover lithium');
  });
});
