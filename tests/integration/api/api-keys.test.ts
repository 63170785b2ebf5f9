// API keys and what every /api/v1 request goes through: the plan (Business and Enterprise; admins), keys
// kept only as hashes, the record of each use, the per-key rate limit (429 with Retry-After), the cap on
// keys (two creations at once at the cap: one wins), Idempotency-Key on creates (a retry answers the
// same, another body is refused, two at once create once), and a 10,000-reader import answering the same
// report as the CSV upload.
// @postgres
import { describe, it, expect } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { apiKeys, subscribers, users } from '../../../db/schema';
import { API_KEY_MSG, MAX_API_KEYS } from '../../../src/server/api/keys';
import { IDEMPOTENCY_MSG } from '../../../src/server/api/idempotency';
import { readyPublication } from '../delivery/send-support';
import { v1 } from './support';

async function business(h: Harness, email = 'owner@example.com', planType: 'business' | 'professional' | 'enterprise' = 'business') {
  const user = await h.insertUser({ email, planType, verified: true });
  return { user, api: h.caller(user) };
}

describe('API keys', () => {
  it('come with Business and Enterprise (and admins); a downgraded account’s keys stop working with plan_required', async () => {
    const h = await harnessWithAdmin();
    const pro = await business(h, 'pro@example.com', 'professional');
    await expectStatus(pro.api.apiKeys.create({ name: 'Nope', scope: 'read' }), 403, API_KEY_MSG.needsPlan);
    expect((await h.caller(h.admin).apiKeys.create({ name: 'Ops', scope: 'read' })).key.scope).toBe('read');
    expect((await business(h, 'ent@example.com', 'enterprise').then((e) => e.api.apiKeys.create({ name: 'E', scope: 'write' }))).key.scope).toBe('write');

    const { user, api } = await business(h);
    const { secret } = await api.apiKeys.create({ name: 'Script', scope: 'read' });
    expect((await v1(h, secret, 'GET', '/publications')).status).toBe(200);
    await h.db.update(users).set({ planType: 'professional' }).where(eq(users.id, user.id));
    const refused = await v1(h, secret, 'GET', '/publications');
    expect(refused.status).toBe(403);
    expect(refused.json.error).toEqual({ code: 'plan_required', message: API_KEY_MSG.needsPlan });
  });

  it('are shown once and kept as a hash; listing shows the prefix, scope and last use; every request is recorded', async () => {
    const h = await harnessWithAdmin();
    const { api } = await business(h);
    const created = await api.apiKeys.create({ name: '  Nightly sync  ', scope: 'write' });
    expect(created.secret).toMatch(/^cur_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'Nightly sync', scope: 'write', lastUsedAt: null, revokedAt: null });
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const [row] = await h.db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(4));
    expect(JSON.stringify(await api.apiKeys.list())).not.toContain(created.secret.slice(4));

    await v1(h, created.secret, 'GET', '/publications');
    await v1(h, created.secret, 'GET', '/publications/no-such-publication');
    const [listed] = await api.apiKeys.list();
    expect(listed!.lastUsedAt).not.toBeNull();
    const requests = await api.apiKeys.requests({ id: created.key.id });
    expect(requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/api/v1/publications/no-such-publication', 404],
      ['GET', '/api/v1/publications', 200],
    ]);

    // Another account cannot see or revoke it.
    const other = await business(h, 'other@example.com');
    await expectStatus(other.api.apiKeys.requests({ id: created.key.id }), 404);
    await expectStatus(other.api.apiKeys.revoke({ id: created.key.id }), 404);
    expect((await api.apiKeys.revoke({ id: created.key.id })).revokedAt).not.toBeNull();
    expect((await v1(h, created.secret, 'GET', '/publications')).status).toBe(401);
  });

  it(`an account keeps at most ${MAX_API_KEYS}; two creations at once at the cap: exactly one is made`, async () => {
    const h = await harnessWithAdmin();
    const { api } = await business(h);
    for (let i = 0; i < MAX_API_KEYS - 1; i++) await api.apiKeys.create({ name: `k${i}`, scope: 'read' });
    const results = await Promise.allSettled([api.apiKeys.create({ name: 'a', scope: 'read' }), api.apiKeys.create({ name: 'b', scope: 'read' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as Error).message).toBe(API_KEY_MSG.tooMany(MAX_API_KEYS));
    const [{ n }] = await h.db.select({ n: count() }).from(apiKeys);
    expect(n).toBe(MAX_API_KEYS);
  });

  it('each key has its own rate limit: beyond it, 429 with Retry-After', async () => {
    const h = await harnessWithAdmin({ env: { API_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMITS: 'on' } });
    const { api } = await business(h);
    const one = await api.apiKeys.create({ name: 'one', scope: 'read' });
    const two = await api.apiKeys.create({ name: 'two', scope: 'read' });
    for (let i = 0; i < 3; i++) expect((await v1(h, one.secret, 'GET', '/publications')).status).toBe(200);
    const limited = await v1(h, one.secret, 'GET', '/publications');
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await v1(h, two.secret, 'GET', '/publications')).status).toBe(200);
  });
});

describe('custom API access (Enterprise)', () => {
  it('a key may carry its own rate limit on Enterprise only; it holds for that key', async () => {
    const h = await harnessWithAdmin({ env: { RATE_LIMITS: 'on' } });
    const biz = await business(h, 'biz@example.com');
    await expectStatus(biz.api.apiKeys.create({ name: 'fast', scope: 'read', ratePerMinute: 5_000 }), 403, API_KEY_MSG.customRate);
    const ent = await business(h, 'ent@example.com', 'enterprise');
    await expectStatus(ent.api.apiKeys.create({ name: 'slow', scope: 'read', ratePerMinute: 5 }), 400);
    const slow = await ent.api.apiKeys.create({ name: 'slow', scope: 'read', ratePerMinute: 10 });
    expect(slow.key.ratePerMinute).toBe(10);
    for (let i = 0; i < 10; i++) expect((await v1(h, slow.secret, 'GET', '/publications')).status).toBe(200);
    expect((await v1(h, slow.secret, 'GET', '/publications')).status).toBe(429);
    const plain = await ent.api.apiKeys.create({ name: 'plain', scope: 'read' });
    expect(plain.key.ratePerMinute).toBeNull();
    for (let i = 0; i < 11; i++) expect((await v1(h, plain.secret, 'GET', '/publications')).status).toBe(200);
  });
});

describe('Idempotency-Key on creates', () => {
  async function setup() {
    const h = await harnessWithAdmin();
    const { user, api } = await business(h);
    const { secret } = await api.apiKeys.create({ name: 'w', scope: 'write' });
    const pub = await readyPublication(h, user);
    const readers = async () => (await h.db.select({ n: count() }).from(subscribers).where(eq(subscribers.publicationId, pub.id)))[0]!.n;
    return { h, secret, pub, readers };
  }

  it('a retry with the same key answers the first answer without a second row; another body with it is refused', async () => {
    const { h, secret, pub, readers } = await setup();
    const path = `/publications/${pub.id}/subscribers`;
    const first = await v1(h, secret, 'POST', path, { email: 'once@example.com' }, { 'idempotency-key': 'add-once-1' });
    const again = await v1(h, secret, 'POST', path, { email: 'once@example.com' }, { 'idempotency-key': 'add-once-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await readers()).toBe(1);

    const other = await v1(h, secret, 'POST', path, { email: 'twice@example.com' }, { 'idempotency-key': 'add-once-1' });
    expect(other.status).toBe(422);
    expect(other.json.error).toEqual({ code: 'idempotency_key_reused', message: IDEMPOTENCY_MSG.reused });
    // Without a key, the same body is a second request (and here a conflict).
    expect((await v1(h, secret, 'POST', path, { email: 'once@example.com' })).status).toBe(409);
    // A failed request frees its key: fixed, it can be sent again with the same key.
    const bad = await v1(h, secret, 'POST', path, { email: 'nope' }, { 'idempotency-key': 'retry-me' });
    expect(bad.status).toBe(400);
    const fixed = await v1(h, secret, 'POST', path, { email: 'nope' }, { 'idempotency-key': 'retry-me' });
    expect(fixed.status).toBe(400);
    expect((await v1(h, secret, 'POST', path, { email: 'x' }, { 'idempotency-key': 'é' })).json.error.code).toBe('invalid_idempotency_key');
  });

  it('two requests with one key at once create once: the other is told to retry, or replayed', async () => {
    const { h, secret, pub, readers } = await setup();
    const send = () => v1(h, secret, 'POST', `/publications/${pub.id}/subscribers`, { email: 'race@example.com' }, { 'idempotency-key': 'race-1' });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.status);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.json.error.code).toBe('idempotency_key_in_progress');
    expect(await readers()).toBe(1);
  });
});

describe('imports and bodies', () => {
  it('10,000 readers in one API import: the same report as the CSV upload, then imported', async () => {
    const h = await harnessWithAdmin();
    const { user, api } = await business(h);
    const { secret } = await api.apiKeys.create({ name: 'w', scope: 'write' });
    const pub = await readyPublication(h, user);
    const lines = ['email,name'];
    for (let i = 0; i < 10_000; i++) lines.push(i % 1000 === 7 ? `broken-${i},Bad` : `reader${i}@example.com,Reader ${i}`);
    const csv = lines.join('\n');
    const uploaded = await api.subscribers.importCsv({ publicationId: pub.id, csv, mode: 'check' });
    const checked = await v1(h, secret, 'POST', `/publications/${pub.id}/subscribers/import`, { csv, mode: 'check' });
    expect(checked.status).toBe(201);
    expect(checked.json).toEqual(uploaded);
    expect(checked.json.invalidCount).toBe(10);
    expect(checked.json.invalid[0]).toMatchObject({ line: 9, value: 'broken-7' });
    const imported = await v1(h, secret, 'POST', `/publications/${pub.id}/subscribers/import`, { csv, mode: 'import', skipInvalid: true });
    expect(imported.json).toMatchObject({ imported: 9_990 });
  });

  it('a body over the limit is a 413; a body that is not JSON a 400', async () => {
    const h = await harnessWithAdmin();
    const { user, api } = await business(h);
    const { secret } = await api.apiKeys.create({ name: 'w', scope: 'write' });
    const pub = await readyPublication(h, user);
    const big = await v1(h, secret, 'POST', `/publications/${pub.id}/subscribers`, { email: 'a@example.com', name: 'x'.repeat(1.2 * 1024 * 1024) });
    expect(big.status).toBe(413);
    const broken = await v1(h, secret, 'POST', `/publications/${pub.id}/subscribers`, '{"email":');
    expect(broken.status).toBe(400);
    expect(broken.json.error.code).toBe('malformed_json');
    expect((await v1(h, secret, 'GET', '/no/such/path')).json.error.code).toBe('not_found');
  });
});
