// Two app processes on one Postgres database, stood for by two sets of deps on two pools in this test
// process: rate limits hold across both, a sign-out, a disable or a role change through one is seen by
// the other (how soon: npm run bench -- shared-state), an AI Magic generation started through one streams to a watcher on the
// other, and a process starting up interrupts only the generations of processes that are gone.
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { aiJobs, rateLimits, serverProcesses, users } from '../../db/schema';
import { closeDb, execute, openPostgres, type Db } from '../../src/server/db';
import { BUS_APPLICATION_NAME, kickEverywhere } from '../../src/server/bus';
import { loadEnv } from '../../src/server/env';
import { createDeps } from '../../src/server/deps';
import type { Deps } from '../../src/server/context';
import { createCaller } from '../../src/server/routers';
import { createContext } from '../../src/server/trpc/context';
import { createAccount } from '../../src/server/auth/accounts';
import { hashPassword } from '../../src/server/auth/password';
import { toSessionUser, type SessionUser } from '../../src/server/auth/service';
import { createAiRuntime } from '../../src/server/ai/runtime';
import { INTERRUPTED } from '../../src/server/ai/jobs';
import { processHeartbeat, registerAndEndOrphans } from '../../src/server/startup';
import type { AiJobEvent } from '../../src/shared/schemas/ai';
import { MSG } from '../../src/shared/messages';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai';
import { freshDatabase, SERVER_URL } from './support';

const silentLog = { info() {}, warn() {}, error() {} };
const cleanup: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

const env = loadEnv(
  { NODE_ENV: 'test', DATABASE_PATH: ':memory:', APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', APP_SECRET: 'x'.repeat(40) },
  { persistSecret: false },
);

/** One database and two "processes" on it, each with its own pool and deps. */
async function twoProcesses(overrides: Partial<Deps> = {}): Promise<{ a: Deps; b: Deps; db: Db }> {
  const fresh = await freshDatabase();
  cleanup.push(fresh.drop);
  const [dbA, dbB] = [await openPostgres(fresh.url), await openPostgres(fresh.url)];
  const a = createDeps(env, dbA, { log: silentLog, ...overrides });
  const b = createDeps(env, dbB, { log: silentLog, ...overrides });
  cleanup.push(
    () => closeDb(dbA),
    () => closeDb(dbB),
    () => a.bus.close(),
    () => b.bus.close(),
  );
  await Promise.all([a.bus.ready(), b.bus.ready()]);
  return { a, b, db: dbA };
}

const caller = (deps: Deps, user: SessionUser | null = null, sessionId: string | null = null, resHeaders = new Headers()) =>
  createCaller(createContext(deps, { user, sessionId, ip: '203.0.113.7', resHeaders }));

async function account(db: Db, email: string, extra: { password?: string; role?: 'admin' | 'user'; planType?: 'professional' } = {}) {
  const row = await createAccount(
    db,
    { email, name: email.split('@')[0]!, passwordHash: extra.password ? await hashPassword(extra.password) : null, role: extra.role, planType: extra.planType },
    new Date(),
  );
  return toSessionUser(row);
}

/** Signs in through `deps` and returns the session cookie. */
async function signIn(deps: Deps, email: string, password: string): Promise<string> {
  const resHeaders = new Headers();
  await caller(deps, null, null, resHeaders).auth.signIn({ email, password });
  return resHeaders
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * How long a change may take to reach the other process before the test fails: a bound for a busy machine,
 * not the product's figure (README: within a second), which `npm run bench -- shared-state` measures.
 */
const EVENTUALLY = 15_000;

/** Polls until `ok()` holds, for at most `ms`; returns whether it did. */
async function within(ms: number, ok: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await ok()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An AI Magic generation row still running (its process to be named by the test). */
function runningGeneration(userId: string) {
  const now = new Date();
  return {
    userId,
    kind: 'blog',
    topic: '',
    engine: 'Built-in engine',
    sources: [],
    output: 'so far',
    status: 'running' as const,
    createdAt: now,
    updatedAt: now,
  };
}

describe.skipIf(!SERVER_URL)('several processes on one Postgres database', () => {
  it('30 wrong passwords for one address split across two processes: 10 are checked, 20 refused', async () => {
    const { a, b, db } = await twoProcesses();
    await account(db, 'admin@example.com', { role: 'admin' });
    await account(db, 'target@example.com', { password: 'right password' });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        caller(i % 2 ? b : a)
          .auth.signIn({ email: 'target@example.com', password: `wrong ${i}` })
          .then(
            () => 'signed in',
            (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`,
          ),
      ),
    );
    expect(outcomes.filter((o) => o.startsWith('UNAUTHORIZED'))).toHaveLength(10);
    expect(outcomes.filter((o) => o === `TOO_MANY_REQUESTS: ${MSG.rateLimited}`)).toHaveLength(20);
    // The right password is refused on both processes until the window ends.
    for (const deps of [a, b])
      await expect(caller(deps).auth.signIn({ email: 'target@example.com', password: 'right password' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('a successful sign-in gives its attempt back on the shared count', async () => {
    const { a, b, db } = await twoProcesses();
    await account(db, 'admin@example.com', { role: 'admin' });
    await account(db, 'ok@example.com', { password: 'right password' });
    for (let i = 0; i < 9; i++) await expect(caller(i % 2 ? b : a).auth.signIn({ email: 'ok@example.com', password: 'wrong' })).rejects.toThrow();
    for (let i = 0; i < 5; i++) await caller(i % 2 ? b : a).auth.signIn({ email: 'ok@example.com', password: 'right password' });
    await expect(caller(b).auth.signIn({ email: 'ok@example.com', password: 'wrong' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(caller(a).auth.signIn({ email: 'ok@example.com', password: 'wrong' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('a sign-out through one process is refused on the other', async () => {
    const { a, b, db } = await twoProcesses();
    await account(db, 'admin@example.com', { role: 'admin' });
    await account(db, 'reader@example.com', { password: 'right password' });
    const cookie = await signIn(a, 'reader@example.com', 'right password');
    // B has validated (and cached) the session before the sign-out.
    const before = await b.auth.validate(cookie);
    expect(before.user?.email).toBe('reader@example.com');
    await caller(a, before.user, before.sessionId).auth.signOut();
    expect(await within(EVENTUALLY, async () => (await b.auth.validate(cookie)).user === null)).toBe(true);
  });

  it('a lost listening connection is made again: what was cached meanwhile is dropped, and evictions arrive again', async () => {
    // A clock that does not move: a cached session is re-read only when something drops it.
    const at = new Date();
    const { a, b, db } = await twoProcesses({ now: () => at });
    await account(db, 'admin@example.com', { role: 'admin' });
    const member = await account(db, 'member@example.com', { password: 'right password' });
    const cookie = await signIn(a, 'member@example.com', 'right password');
    expect((await b.auth.validate(cookie)).user?.planType).toBe('free');
    // A change behind the app's back, announced to nobody, while B loses its listening connection.
    await db.update(users).set({ planType: 'professional' }).where(eq(users.id, member.id));
    // B serves the session from its cache (the clock stands still)...
    expect((await b.auth.validate(cookie)).user?.planType).toBe('free');
    await execute(
      db,
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${BUS_APPLICATION_NAME} AND datname = current_database()`,
    );
    expect(await within(EVENTUALLY, async () => (await b.auth.validate(cookie)).user?.planType === 'professional')).toBe(true);
    expect(await within(EVENTUALLY, () => Promise.resolve(a.bus.listening && b.bus.listening))).toBe(true);
    const session = await b.auth.validate(cookie);
    await caller(a, session.user, session.sessionId).auth.signOut();
    expect(await within(EVENTUALLY, async () => (await b.auth.validate(cookie)).user === null)).toBe(true);
  });

  it('a message carries ids, not texts: one of 8000 bytes or more is refused', async () => {
    const { a } = await twoProcesses();
    await expect(a.bus.publish('curated_ai_jobs', { id: 'x'.repeat(8000) })).rejects.toThrow(/8000 bytes/);
  });

  it("work queued through one process wakes the other's worker at once", async () => {
    const { a, b } = await twoProcesses();
    const woken = { a: 0, b: 0 };
    const kickA = kickEverywhere(a.bus, a.processId, () => (woken.a += 1), silentLog);
    kickEverywhere(b.bus, b.processId, () => (woken.b += 1), silentLog);
    let backAtA = 0;
    a.bus.subscribe('curated_jobs', () => (backAtA += 1));
    await Promise.all([a.bus.ready(), b.bus.ready()]);
    kickA();
    expect(await within(EVENTUALLY, () => Promise.resolve(woken.b === 1 && backAtA === 1))).toBe(true);
    // A woke its own worker directly, not once more when its own message came back.
    expect(woken.a).toBe(1);
  });

  it('ended windows are swept', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const { a, db } = await twoProcesses({ now: () => now });
    await expect(caller(a).auth.signIn({ email: 'nobody@example.com', password: 'wrong' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await db.select().from(rateLimits)).toHaveLength(2);
    now = new Date(now.getTime() + 16 * 60_000);
    await await caller(a).leads.subscribe({ email: 'reader@example.com', firstName: 'Reader' });
    expect(await within(EVENTUALLY, async () => (await db.select().from(rateLimits)).length === 1)).toBe(true);
  });

  it('a role change and a disable through one process are seen on the other', async () => {
    const { a, b, db } = await twoProcesses();
    const admin = await account(db, 'admin@example.com', { role: 'admin' });
    const member = await account(db, 'member@example.com', { password: 'right password' });
    const cookie = await signIn(b, 'member@example.com', 'right password');
    expect((await b.auth.validate(cookie)).user?.role).toBe('user');
    await caller(a, admin).admin.setRole({ userId: member.id, role: 'admin' });
    expect(await within(EVENTUALLY, async () => (await b.auth.validate(cookie)).user?.role === 'admin')).toBe(true);
    await caller(a, admin).admin.setDisabled({ userId: member.id, disabled: true });
    expect(await within(EVENTUALLY, async () => (await b.auth.validate(cookie)).user === null)).toBe(true);
  });

  describe('AI Magic', () => {
    let model: FakeOpenAI;
    const withModel = () =>
      createAiRuntime({}, { baseUrl: model.url, apiKey: 'sk-test-key', model: 'test-model-1', firstByteTimeoutMs: 5000, idleTimeoutMs: 5000 });
    const articles = [
      {
        id: 'a1',
        title: 'Recyclers grow',
        url: 'https://news.example/a1',
        source: 'News',
        channelUrl: '',
        summary: 'Battery recyclers are growing fast this year.',
      },
    ];

    it('a generation started through one process streams to a watcher on the other', async () => {
      model = await startFakeOpenAI();
      cleanup.push(() => model.close());
      const fresh = await freshDatabase();
      cleanup.push(fresh.drop);
      const [dbA, dbB] = [await openPostgres(fresh.url), await openPostgres(fresh.url)];
      const a = createDeps(env, dbA, { log: silentLog, ai: withModel() });
      const b = createDeps(env, dbB, { log: silentLog, ai: withModel() });
      cleanup.push(
        () => closeDb(dbA),
        () => closeDb(dbB),
        () => a.bus.close(),
        () => b.bus.close(),
      );
      await Promise.all([a.bus.ready(), b.bus.ready()]);
      // Each process joins the registry at start-up: B then knows A is alive.
      await registerAndEndOrphans(a);
      await registerAndEndOrphans(b);
      await account(dbA, 'admin@example.com', { role: 'admin' });
      const pro = await account(dbA, 'pro@example.com', { planType: 'professional' });
      const text = Array.from({ length: 12 }, (_, i) => `Battery recyclers are growing, part ${i + 1} [1].`).join(' ');
      model.script({ kind: 'text', text, chunkSize: 6, delayMs: 25 });
      const job = await caller(a, pro).ai.generate({ kind: 'blog', topic: 'batteries', articles });
      const events: AiJobEvent[] = [];
      for await (const event of await caller(b, pro).ai.watch({ id: job.id })) events.push(event);
      expect(events[0]!.type).toBe('snapshot');
      const end = events.at(-1)!;
      expect(end).toMatchObject({ type: 'end', status: 'done', error: null });
      // Pieces arrived while it ran, and together with the snapshot they are the whole text.
      const deltas = events.filter((e) => e.type === 'delta');
      expect(deltas.length).toBeGreaterThan(0);
      const first = events[0]!.type === 'snapshot' ? events[0]!.job.output : '';
      expect(first + deltas.map((d) => (d.type === 'delta' ? d.text : '')).join('')).toBe(text);
      expect(end.type === 'end' && end.output).toBe(text);
    });
  });

  it("a running process's heartbeat ends the generations of a process that went away since, and forgets that process", async () => {
    const { a, b, db } = await twoProcesses();
    await registerAndEndOrphans(a);
    await registerAndEndOrphans(b);
    await account(db, 'admin@example.com', { role: 'admin' });
    const user = await account(db, 'writer@example.com');
    const row = runningGeneration(user.id);
    const now = row.createdAt;
    await db.insert(aiJobs).values([
      { ...row, id: 'a-job', processId: a.processId },
      { ...row, id: 'b-job', processId: b.processId },
    ]);
    // B stops refreshing its row (it was last seen an hour ago); A's heartbeat finds it gone.
    await db
      .update(serverProcesses)
      .set({ lastSeenAt: new Date(now.getTime() - 3_600_000) })
      .where(eq(serverProcesses.id, b.processId));
    await processHeartbeat(a);
    const status = async (id: string) => (await db.select().from(aiJobs).where(eq(aiJobs.id, id)))[0]!;
    expect(await status('a-job')).toMatchObject({ status: 'running', error: null });
    expect(await status('b-job')).toMatchObject({ status: 'failed', error: INTERRUPTED, output: 'so far' });
    expect((await db.select().from(serverProcesses)).map((p) => p.id)).toEqual([a.processId]);
  });

  it("a watcher on another process is told when the generation's process goes away", async () => {
    const { b, db } = await twoProcesses();
    await account(db, 'admin@example.com', { role: 'admin' });
    const user = await account(db, 'writer@example.com');
    const now = new Date();
    await db.insert(serverProcesses).values({ id: 'other-process', startedAt: now, lastSeenAt: now });
    await db.insert(aiJobs).values({
      id: 'orphan',
      userId: user.id,
      kind: 'blog',
      topic: '',
      engine: 'Built-in engine',
      sources: [],
      output: 'so far',
      status: 'running',
      processId: 'other-process',
      createdAt: now,
      updatedAt: now,
    });
    const events: AiJobEvent[] = [];
    const watching = (async () => {
      for await (const event of await caller(b, user).ai.watch({ id: 'orphan' })) events.push(event);
    })();
    await within(EVENTUALLY, () => Promise.resolve(events.length > 0));
    expect(events).toEqual([expect.objectContaining({ type: 'snapshot' })]);
    // The other process stops refreshing its row: it has been gone for an hour.
    await db
      .update(serverProcesses)
      .set({ lastSeenAt: new Date(now.getTime() - 3_600_000) })
      .where(eq(serverProcesses.id, 'other-process'));
    await watching;
    expect(events.at(-1)).toEqual({ type: 'end', status: 'failed', error: INTERRUPTED, output: 'so far' });
  });

  it("a starting process interrupts a gone process's running generation, not a live one's", async () => {
    const { a, b, db } = await twoProcesses();
    await registerAndEndOrphans(a);
    await account(db, 'admin@example.com', { role: 'admin' });
    const user = await account(db, 'writer@example.com');
    const row = runningGeneration(user.id);
    const now = row.createdAt;
    // A's generation (A is alive: it registered at start-up), and one of a process last seen an hour ago.
    await db
      .insert(serverProcesses)
      .values({ id: 'gone-process', startedAt: new Date(now.getTime() - 7_200_000), lastSeenAt: new Date(now.getTime() - 3_600_000) });
    await db.insert(aiJobs).values([
      { ...row, id: 'live-job', processId: a.processId },
      { ...row, id: 'gone-job', processId: 'gone-process' },
    ]);
    // B's start-up task (the one runStartupTasks runs).
    expect(await registerAndEndOrphans(b)).toBe(1);
    const status = async (id: string) => (await db.select().from(aiJobs).where(eq(aiJobs.id, id)))[0]!;
    expect(await status('live-job')).toMatchObject({ status: 'running', error: null });
    expect(await status('gone-job')).toMatchObject({ status: 'failed', error: INTERRUPTED, output: 'so far' });
  });
});
