// Every status an /api/v1 operation answers is in its OpenAPI document: each route is made to fail each
// way it can (no key, a plan without the API, its key's rate limit, a read key on a write, a body too
// large, malformed JSON, bad input, a malformed, in-progress or reused Idempotency-Key, another account's
// item, the procedure's own conflicts), and the status and code answered must be listed for that
// operation. Each documented client-error status must be provoked here too, or be named below with why not.
// @postgres
import { describe, it, expect, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { V1_ROUTES, type V1Route } from '../../../src/server/rest/v1/routes';
import { sha256Hex } from '../../../src/server/crypto';
import { apiIdempotency, users } from '../../../db/schema';
import type { Logger } from '../../../src/server/context';
import { newId } from '../delivery/send-support';
import { account, v1, type Json } from './support';

type Fixture = Awaited<ReturnType<typeof account>>;
interface Call {
  path: string;
  body?: unknown;
}
interface Case {
  /** A request that succeeds (a create: each time it is called). */
  ok: (a: Fixture) => Call;
  bad: ((a: Fixture) => Call) | null;
  foreign: ((a: Fixture, b: Fixture) => Call) | null;
  /** The procedure's own refusals. */
  own?: ((a: Fixture, b: Fixture) => Call)[];
}

let n = 0;
const unique = () => `${++n}-${newId()}`;

const CASES: Record<string, Case> = {
  listPublications: { ok: () => ({ path: '/publications' }), bad: null, foreign: null },
  getPublication: {
    ok: (a) => ({ path: `/publications/${a.pub.id}` }),
    bad: () => ({ path: `/publications/${'x'.repeat(200)}` }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}` }),
  },
  listSubscribers: {
    ok: (a) => ({ path: `/publications/${a.pub.id}/subscribers` }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers?limit=0` }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/subscribers` }),
  },
  addSubscriber: {
    ok: (a) => ({ path: `/publications/${a.pub.id}/subscribers`, body: { email: `reader-${unique()}@example.com` } }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers`, body: { email: 'not an address' } }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/subscribers`, body: { email: 'someone@example.com' } }),
    own: [(a) => ({ path: `/publications/${a.pub.id}/subscribers`, body: { email: a.readers[2]!.email } })],
  },
  updateSubscriber: {
    ok: (a) => ({ path: `/publications/${a.pub.id}/subscribers/${a.readers[0]!.id}`, body: { name: 'Renamed' } }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers/${a.readers[0]!.id}`, body: { status: 'active' } }),
    foreign: (a, b) => ({ path: `/publications/${a.pub.id}/subscribers/${b.readers[0]!.id}`, body: { name: 'X' } }),
  },
  deleteSubscriber: {
    ok: (a) => ({ path: `/publications/${a.pub.id}/subscribers/${a.readers[1]!.id}` }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers/${'y'.repeat(80)}` }),
    foreign: (a, b) => ({ path: `/publications/${a.pub.id}/subscribers/${b.readers[1]!.id}` }),
  },
  importSubscribers: {
    ok: (a) => ({ path: `/publications/${a.pub.id}/subscribers/import`, body: { csv: `email\ncheck-${unique()}@example.com\n`, mode: 'check' } }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers/import`, body: { csv: 'email\nx@example.com\n', mode: 'everything' } }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/subscribers/import`, body: { csv: 'email\nx@example.com\n', mode: 'check' } }),
  },
  exportSubscribers: {
    ok: (a) => ({ path: `/publications/${a.pub.id}/subscribers/export` }),
    bad: () => ({ path: `/publications/${'z'.repeat(100)}/subscribers/export` }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/subscribers/export` }),
  },
  listNewsletters: { ok: () => ({ path: '/newsletters' }), bad: () => ({ path: '/newsletters?cursor=not-a-cursor' }), foreign: null },
  getNewsletter: {
    ok: (a) => ({ path: `/newsletters/${a.newsletter.id}` }),
    bad: () => ({ path: '/newsletters/short' }),
    foreign: (_a, b) => ({ path: `/newsletters/${b.newsletter.id}` }),
  },
  createNewsletter: {
    ok: (a) => ({ path: '/newsletters', body: { publicationId: a.pub.id, title: `Issue ${unique()}` } }),
    bad: () => ({ path: '/newsletters', body: { title: '' } }),
    foreign: (_a, b) => ({ path: '/newsletters', body: { publicationId: b.pub.id } }),
  },
  createSend: {
    ok: (a) => ({ path: `/publications/${a.pub.id}/sends`, body: { id: newId(), scheduledAt: new Date(Date.now() + 3600_000).toISOString() } }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/sends`, body: { id: 'no' } }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/sends`, body: { id: newId() } }),
    // Another account's send id: the id is taken.
    own: [(a, b) => ({ path: `/publications/${a.pub.id}/sends`, body: { id: b.sent.id } })],
  },
  getSend: {
    ok: (a) => ({ path: `/sends/${a.sent.id}` }),
    bad: () => ({ path: `/sends/${'s'.repeat(100)}` }),
    foreign: (_a, b) => ({ path: `/sends/${b.sent.id}` }),
  },
  cancelSend: {
    ok: (a) => ({ path: `/sends/${a.scheduled.id}/cancel` }),
    bad: () => ({ path: `/sends/${'s'.repeat(100)}/cancel` }),
    foreign: (_a, b) => ({ path: `/sends/${b.scheduled.id}/cancel` }),
    // A send already delivered cannot be cancelled.
    own: [(a) => ({ path: `/sends/${a.sent.id}/cancel` })],
  },
  getIssueAnalytics: {
    ok: (a) => ({ path: `/sends/${a.sent.id}/analytics` }),
    bad: () => ({ path: `/sends/${'s'.repeat(100)}/analytics` }),
    foreign: (_a, b) => ({ path: `/sends/${b.sent.id}/analytics` }),
  },
};

/** Documented client errors no request here can provoke, and why. */
const NOT_PROVOKED: Record<string, Record<number, string>> = {
  createSend: { 412: 'refused only for an issue without an unsubscribe link, and every issue the product assembles carries one' },
};

interface Answer {
  status: number;
  code: string | null;
  how: string;
}

interface Documented {
  paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
}

describe('/api/v1: every status an operation answers is in the API document', () => {
  let h: Harness;
  let a: Fixture;
  let b: Fixture;
  let doc: Documented;
  let downgraded: string;
  const logged: string[] = [];

  beforeAll(async () => {
    const log: Logger = { info: () => {}, warn: () => {}, error: (msg: string) => void logged.push(msg) };
    h = await harnessWithAdmin({ env: { RATE_LIMITS: 'on' }, deps: { log } });
    a = await account(h, 'alice@example.com');
    b = await account(h, 'bob@example.com');
    // A key kept by an account whose plan no longer includes the API.
    const lapsed = await h.insertUser({ email: 'lapsed@example.com', planType: 'business', verified: true });
    downgraded = (await h.caller(lapsed).apiKeys.create({ name: 'Old script', scope: 'write' })).secret;
    await h.db.update(users).set({ planType: 'free' }).where(eq(users.id, lapsed.id));
    const res = await h.app.request('http://localhost:3000/api/v1/openapi.json');
    doc = (await res.json()) as Documented;
  });

  async function call(route: V1Route, key: string | null, c: Call, how: string, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await v1(h, key, route.method.toUpperCase(), c.path, c.body, headers);
    return { status: res.status, code: (res.json as Json)?.error?.code ?? null, how };
  }

  /** A fresh key whose rate limit is spent (an Enterprise key may carry its own, 10 a minute). */
  async function spentKey(): Promise<string> {
    const owner = await h.insertUser({ email: `busy-${unique()}@example.com`, planType: 'enterprise', verified: true });
    const { secret } = await h.caller(owner).apiKeys.create({ name: 'Busy', scope: 'write', ratePerMinute: 10 });
    for (let i = 0; i < 10; i++) expect((await v1(h, secret, 'GET', '/publications')).status).toBe(200);
    return secret;
  }

  async function provoke(route: V1Route): Promise<Answer[]> {
    const c = CASES[route.operationId]!;
    const target = c.ok(a);
    const out: Answer[] = [];
    out.push(await call(route, null, target, 'no key'));
    out.push(await call(route, downgraded, target, 'a key of an account without API access'));
    out.push(await call(route, await spentKey(), target, 'a key past its rate limit'));
    if (route.method !== 'get') {
      out.push(await call(route, a.keys.read, target, 'a read-only key'));
      out.push(await call(route, a.keys.write, { path: target.path, body: 'x'.repeat((route.maxBody ?? 1024 * 1024) + 1) }, 'a body too large'));
      out.push(await call(route, a.keys.write, { path: target.path, body: '{"email":' }, 'malformed JSON'));
      out.push(await call(route, a.keys.write, { path: target.path, body: '[1, 2]' }, 'a body that is not an object'));
    }
    if (c.bad) out.push(await call(route, a.keys.write, c.bad(a), 'bad input'));
    if (c.foreign) out.push(await call(route, a.keys.write, c.foreign(a, b), "another account's item"));
    for (const own of c.own ?? []) out.push(await call(route, a.keys.write, own(a, b), 'the procedure refuses'));
    if (route.creates) {
      out.push(await call(route, a.keys.write, c.ok(a), 'a malformed Idempotency-Key', { 'idempotency-key': 'two words' }));
      const reused = `reused-${unique()}`;
      const first = await call(route, a.keys.write, c.ok(a), 'first use of an Idempotency-Key', { 'idempotency-key': reused });
      expect(first.status, `${route.operationId}: the first request with a key succeeds`).toBe(201);
      out.push(await call(route, a.keys.write, c.ok(a), 'an Idempotency-Key used for another request', { 'idempotency-key': reused }));
      // The first request with this key is still running: its record has no answer yet.
      const running = `running-${unique()}`;
      const req = c.ok(a);
      const text = JSON.stringify(req.body);
      await h.db.insert(apiIdempotency).values({
        keyId: a.keys.writeId,
        idempotencyKey: running,
        fingerprint: sha256Hex(`${route.method.toUpperCase()} /api/v1${req.path}\n${text}`),
        createdAt: new Date(),
      });
      out.push(await call(route, a.keys.write, req, 'an Idempotency-Key whose first request is still running', { 'idempotency-key': running }));
    }
    return out;
  }

  for (const route of V1_ROUTES) {
    it(`${route.method.toUpperCase()} ${route.path}: each failure it answers is documented for it`, async () => {
      const responses = doc.paths[route.path]![route.method]!.responses;
      const answers = await provoke(route);
      for (const ans of answers) {
        expect(ans.status, `${ans.how}: an error status`).toBeGreaterThanOrEqual(400);
        const documented = responses[String(ans.status)];
        expect(documented, `${ans.how} answered ${ans.status} (${ans.code}), which the document does not list for ${route.operationId}`).toBeDefined();
        expect(documented!.description, `${ans.how}: the ${ans.status} response names ${ans.code}`).toContain(ans.code!);
      }
      const provoked = new Set(answers.map((x) => x.status));
      const skipped = NOT_PROVOKED[route.operationId] ?? {};
      const clientErrors = Object.keys(responses)
        .map(Number)
        .filter((s) => s >= 400 && s < 500 && !(s in skipped));
      expect(
        clientErrors.filter((s) => !provoked.has(s)),
        'documented but never answered here',
      ).toEqual([]);
    });
  }

  it('the handler heard of no answer outside the document', () => {
    expect(logged.filter((m) => m.includes('does not list'))).toEqual([]);
  });

  it('creates document 422 idempotency_key_reused and 409 idempotency_key_in_progress', () => {
    for (const route of V1_ROUTES.filter((r) => r.creates)) {
      const responses = doc.paths[route.path]![route.method]!.responses;
      expect(responses['422']?.description).toContain('idempotency_key_reused');
      expect(responses['409']?.description).toContain('idempotency_key_in_progress');
    }
  });
});
