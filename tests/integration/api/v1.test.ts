// Every /api/v1 operation: its happy path, 401 without a valid key (missing, wrong, revoked: one answer),
// 403 for a read key on a write operation, 404 for another account's id, 400 for bad input. The table
// must name every route (a new route without cases fails here).
// @postgres
import { describe, it, expect, beforeAll } from 'vitest';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { V1_ROUTES } from '../../../src/server/rest/v1/routes';
import { API_KEY_MSG } from '../../../src/server/api/keys';
import { articles, newId } from '../delivery/send-support';
import { account, v1, type Json } from './support';

type Fixture = Awaited<ReturnType<typeof account>>;
interface Call {
  path: string;
  body?: unknown;
}
interface Case {
  /** A request that succeeds, and what its answer must show. */
  happy: (a: Fixture) => Call & { check: (json: Json, text: string, a: Fixture) => void };
  /** Bad input: 400 (null where the operation takes no input). */
  bad: ((a: Fixture) => Call) | null;
  /** The same operation on the other account's item: 404 (null where it names no item). */
  foreign: ((a: Fixture, b: Fixture) => Call) | null;
}

const CASES: Record<string, Case> = {
  listPublications: {
    happy: () => ({ path: '/publications', check: (json, _t, a) => expect(json.map((p: { id: string }) => p.id)).toEqual([a.pub.id]) }),
    bad: null,
    foreign: null,
  },
  getPublication: {
    happy: (a) => ({ path: `/publications/${a.pub.id}`, check: (json, _t, f) => expect(json).toMatchObject({ id: f.pub.id, name: f.pub.name }) }),
    bad: () => ({ path: `/publications/${'x'.repeat(200)}` }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}` }),
  },
  listSubscribers: {
    happy: (a) => ({
      path: `/publications/${a.pub.id}/subscribers?limit=2&status=active`,
      check: (json) => {
        expect(json.subscribers).toHaveLength(2);
        expect(json.matching).toBe(3);
        expect(typeof json.nextCursor).toBe('string');
      },
    }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers?limit=0` }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/subscribers` }),
  },
  addSubscriber: {
    happy: (a) => ({
      path: `/publications/${a.pub.id}/subscribers`,
      body: { email: 'New.Reader@Example.com', name: 'New Reader' },
      check: (json) => expect(json).toMatchObject({ email: 'new.reader@example.com', name: 'New Reader', status: 'active', source: 'manual' }),
    }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers`, body: { email: 'not an address' } }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/subscribers`, body: { email: 'someone@example.com' } }),
  },
  updateSubscriber: {
    happy: (a) => ({
      path: `/publications/${a.pub.id}/subscribers/${a.readers[0]!.id}`,
      body: { name: 'Renamed', status: 'unsubscribed' },
      check: (json) => expect(json).toMatchObject({ name: 'Renamed', status: 'unsubscribed' }),
    }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers/${a.readers[0]!.id}`, body: { status: 'active' } }),
    foreign: (a, b) => ({ path: `/publications/${a.pub.id}/subscribers/${b.readers[0]!.id}`, body: { name: 'X' } }),
  },
  deleteSubscriber: {
    happy: (a) => ({ path: `/publications/${a.pub.id}/subscribers/${a.readers[1]!.id}`, check: (json) => expect(json).toEqual({ removed: 1 }) }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers/${'y'.repeat(80)}` }),
    foreign: (a, b) => ({ path: `/publications/${a.pub.id}/subscribers/${b.readers[1]!.id}` }),
  },
  importSubscribers: {
    happy: (a) => ({
      path: `/publications/${a.pub.id}/subscribers/import`,
      body: { csv: 'email,name\nimported@example.com,Imported\n', mode: 'import' },
      check: (json) => expect(json).toMatchObject({ rows: 1, valid: 1, imported: 1, invalidCount: 0 }),
    }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/subscribers/import`, body: { csv: 'email\nx@example.com\n', mode: 'everything' } }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/subscribers/import`, body: { csv: 'email\nx@example.com\n', mode: 'check' } }),
  },
  exportSubscribers: {
    happy: (a) => ({
      path: `/publications/${a.pub.id}/subscribers/export`,
      check: (_json, text, f) => {
        expect(text.split('\r\n')[0]).toBe('email,name,status,source,subscribed_at');
        expect(text).toContain(f.readers[2]!.email);
      },
    }),
    bad: () => ({ path: `/publications/${'z'.repeat(100)}/subscribers/export` }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/subscribers/export` }),
  },
  listNewsletters: {
    happy: () => ({
      path: '/newsletters?limit=10',
      check: (json, _t, a) => expect(json.newsletters.map((n: { id: string }) => n.id)).toEqual([a.newsletter.id]),
    }),
    bad: () => ({ path: '/newsletters?cursor=not-a-cursor' }),
    foreign: null,
  },
  getNewsletter: {
    happy: (a) => ({ path: `/newsletters/${a.newsletter.id}`, check: (json) => expect(json.htmlContent).toContain('Borrow checking without tears') }),
    bad: () => ({ path: '/newsletters/short' }),
    foreign: (_a, b) => ({ path: `/newsletters/${b.newsletter.id}` }),
  },
  createNewsletter: {
    happy: () => ({
      path: '/newsletters',
      body: { title: 'From the API', newsletterName: 'API Digest', themeId: 'market-watch', articles },
      check: (json) => {
        expect(json).toMatchObject({ title: 'From the API', status: 'draft', articleCount: 2, theme: 'market-watch' });
        expect(json.htmlContent).toContain('A tour of SSA form');
        expect(json.content).toContain('https://example.com/ssa');
      },
    }),
    bad: () => ({ path: '/newsletters', body: { title: '', articles } }),
    foreign: (_a, b) => ({ path: '/newsletters', body: { publicationId: b.pub.id } }),
  },
  createSend: {
    happy: (a) => ({
      path: `/publications/${a.pub.id}/sends`,
      body: { id: newId(), scheduledAt: new Date(Date.now() + 3600_000).toISOString() },
      check: (json, _t, f) => expect(json).toMatchObject({ publicationId: f.pub.id, status: 'scheduled', total: 0 }),
    }),
    bad: (a) => ({ path: `/publications/${a.pub.id}/sends`, body: { id: 'no' } }),
    foreign: (_a, b) => ({ path: `/publications/${b.pub.id}/sends`, body: { id: newId() } }),
  },
  getSend: {
    happy: (a) => ({ path: `/sends/${a.sent.id}`, check: (json) => expect(json).toMatchObject({ status: 'sent', total: 3, sent: 3 }) }),
    bad: () => ({ path: `/sends/${'s'.repeat(100)}` }),
    foreign: (_a, b) => ({ path: `/sends/${b.sent.id}` }),
  },
  cancelSend: {
    happy: (a) => ({ path: `/sends/${a.scheduled.id}/cancel`, check: (json) => expect(json).toMatchObject({ id: a.scheduled.id, status: 'canceled' }) }),
    bad: () => ({ path: `/sends/${'s'.repeat(100)}/cancel` }),
    foreign: (_a, b) => ({ path: `/sends/${b.scheduled.id}/cancel` }),
  },
  getIssueAnalytics: {
    happy: (a) => ({
      path: `/sends/${a.sent.id}/analytics`,
      check: (json) => {
        expect(json).toMatchObject({ sendId: a.sent.id, recipients: 3, subjectTest: null });
        expect(json.links.map((l: { url: string }) => l.url)).toEqual(expect.arrayContaining(['https://example.com/borrow', 'https://example.com/ssa']));
      },
    }),
    bad: () => ({ path: `/sends/${'s'.repeat(100)}/analytics` }),
    foreign: (_a, b) => ({ path: `/sends/${b.sent.id}/analytics` }),
  },
};

describe('/api/v1: every operation', () => {
  let h: Harness;
  let a: Fixture;
  let b: Fixture;
  beforeAll(async () => {
    h = await harnessWithAdmin();
    a = await account(h, 'alice@example.com');
    b = await account(h, 'bob@example.com');
  });

  it('the table covers every route', () => {
    expect(Object.keys(CASES).sort()).toEqual(V1_ROUTES.map((r) => r.operationId).sort());
  });

  for (const route of V1_ROUTES) {
    const c = CASES[route.operationId]!;
    const method = route.method.toUpperCase();
    const writes = route.method !== 'get';

    it(`${method} ${route.path}: 401 with no key, a wrong key or a revoked key, the same answer each time`, async () => {
      const call = c.happy(a);
      const wrong = `cur_${'A'.repeat(43)}`;
      const revoked = await a.api.apiKeys.create({ name: 'Old', scope: 'write' });
      await a.api.apiKeys.revoke({ id: revoked.key.id });
      for (const key of [null, wrong, 'not-even-a-key', revoked.secret]) {
        const res = await v1(h, key, method, call.path, call.body);
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ error: { code: 'invalid_api_key', message: API_KEY_MSG.invalid } });
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    });

    if (writes)
      it(`${method} ${route.path}: 403 for a read-only key`, async () => {
        const call = c.happy(a);
        const res = await v1(h, a.keys.read, method, call.path, call.body);
        expect(res.status).toBe(403);
        expect(res.json.error).toEqual({ code: 'insufficient_scope', message: API_KEY_MSG.readOnly });
      });

    if (c.foreign)
      it(`${method} ${route.path}: 404 for another account's item`, async () => {
        const call = c.foreign!(a, b);
        const res = await v1(h, a.keys.write, method, call.path, call.body);
        expect(res.status).toBe(404);
        expect(res.json.error.code).toBe('not_found');
      });

    if (c.bad)
      it(`${method} ${route.path}: 400 for bad input`, async () => {
        const call = c.bad!(a);
        const res = await v1(h, a.keys.write, method, call.path, call.body);
        expect(res.status).toBe(400);
        expect(['validation_failed', 'bad_request']).toContain(res.json.error.code);
        expect(res.json.error.message).toBeTruthy();
      });

    it(`${method} ${route.path}: works with a key that may`, async () => {
      const call = c.happy(a);
      const res = await v1(h, writes ? a.keys.write : a.keys.read, method, call.path, call.body);
      expect(res.status, res.text).toBe(route.creates ? 201 : 200);
      call.check(res.json, res.text, a);
    });
  }
});
