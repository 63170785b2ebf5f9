// Managing mail providers: who may (signed in, Email Management plan, staff for system providers),
// validation with clear messages, secrets encrypted at rest and never listed, the check stored, and the
// chain built from the rows (own while the plan has Email Management, then system, then SMTP_URL, then
// the outbox).
// @postgres
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, harnessWithAdmin } from '../../helpers/app';
import { mailProviders, users } from '../../../db/schema';
import { decryptSecret } from '../../../src/server/crypto';
import { chainFor } from '../../../src/server/mail/chain';
import { sendMail } from '../../../src/server/mail/mailer';
import { TRIAL_DAYS } from '../../../src/shared/plans';
import type { Deps } from '../../../src/server/context';
import { startBrevoFake, startPostmarkFake, type VendorFake } from '../../helpers/fake-providers';

const DAY = 24 * 3600_000;
const fakes: VendorFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function setup(deps?: Partial<Deps>) {
  const brevo = await startBrevoFake();
  const postmark = await startPostmarkFake();
  fakes.push(brevo, postmark);
  const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: `${brevo.hostPort},${postmark.hostPort}`, APP_SECRET: 'a'.repeat(40) }, deps });
  const pro = await h.insertUser({ planType: 'professional' });
  const other = await h.insertUser({ planType: 'professional' });
  const free = await h.insertUser({ planType: 'free' });
  const brevoSettings = { apiKey: 'brevo-key-1234abcd', baseUrl: brevo.url };
  return { h, pro, other, free, brevo, postmark, brevoSettings };
}

describe('mail provider settings', () => {
  it('adds a provider: encrypted at rest, listed without secrets, with a masked hint and the webhook URL', async () => {
    const { h, pro, brevoSettings } = await setup();
    const view = await h.caller(pro).mailProviders.add({ kind: 'brevo', label: 'Brevo main', priority: 'primary', settings: brevoSettings });
    expect(view).toMatchObject({ kind: 'brevo', label: 'Brevo main', priority: 'primary', scope: 'account', hint: 'key …abcd', lastStatus: 'unknown' });
    expect(view.webhookUrl).toMatch(/^http:\/\/localhost:3000\/webhooks\/brevo\/[\w-]{20,}$/);
    const listed = await h.caller(pro).mailProviders.list();
    expect(JSON.stringify(listed)).not.toContain('brevo-key-1234abcd');
    const row = (await h.db.select().from(mailProviders).where(eq(mailProviders.id, view.id)))[0]!;
    expect(row.secret).not.toContain('brevo-key');
    expect(JSON.parse(decryptSecret(h.env.APP_SECRET, row.secret))).toMatchObject({ apiKey: 'brevo-key-1234abcd' });
    expect(() => decryptSecret('b'.repeat(40), row.secret)).toThrow();
    // A server with another APP_SECRET cannot use the row: the chain skips it.
    const otherServer = { ...h.deps, env: { ...h.env, APP_SECRET: 'b'.repeat(40) } };
    expect((await chainFor(otherServer, pro.id)).map((e) => e.id)).toEqual(['outbox']);
  });

  it('refuses anonymous callers, free plans, other accounts and non-staff system changes', async () => {
    const { h, pro, other, free, brevoSettings } = await setup();
    await expect(h.caller('anon').mailProviders.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(h.caller(free).mailProviders.add({ kind: 'brevo', priority: 'primary', settings: brevoSettings })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Email Management is available for Professional and Enterprise plans',
    });
    await expect(h.caller(free).mailProviders.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const mine = await h.caller(pro).mailProviders.add({ kind: 'brevo', priority: 'primary', settings: brevoSettings });
    await expect(h.caller(other).mailProviders.remove({ id: mine.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.caller(other).mailProviders.test({ id: mine.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await h.caller(other).mailProviders.list()).toEqual([]);
    await expect(h.caller(pro).mailProviders.addSystem({ kind: 'brevo', priority: 'primary', settings: brevoSettings })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(h.caller(pro).mailProviders.listSystem()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // A system row is not reachable through the account procedures either.
    const sys = await h.caller(h.admin).mailProviders.addSystem({ kind: 'brevo', priority: 'primary', settings: brevoSettings });
    await expect(h.caller(pro).mailProviders.remove({ id: sys.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await h.db.select().from(mailProviders)).toHaveLength(2);
  });

  it('answers bad settings with a clear 400 and writes nothing', async () => {
    const { h, pro } = await setup();
    const c = h.caller(pro).mailProviders;
    await expect(c.add({ kind: 'brevo', priority: 'primary', settings: {} })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(c.add({ kind: 'brevo', priority: 'primary', settings: { apiKey: 'k\r\nX: y' } })).rejects.toMatchObject({ message: /one line/ });
    await expect(c.add({ kind: 'nope' as never, priority: 'primary', settings: {} })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(c.add({ kind: 'smtp', priority: 'primary', settings: { url: 'http://x' } })).rejects.toMatchObject({ message: /SMTP URL must look like/ });
    await expect(c.add({ kind: 'resend', priority: 'primary', settings: { apiKey: 're_x', baseUrl: 'https://evil.example.net' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: /own API address/,
    });
    await expect(c.add({ kind: 'smtp', priority: 'primary', settings: { url: 'smtp://u:p@127.0.0.1:25' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: /public address/,
    });
    await expect(c.add({ kind: 'smtp', priority: 'primary', settings: { url: 'smtp://192.168.1.5:25' } })).rejects.toMatchObject({ message: /public address/ });
    expect(await h.db.select().from(mailProviders)).toHaveLength(0);
  });

  it('refuses a second provider of the same priority', async () => {
    const { h, pro, brevoSettings } = await setup();
    await h.caller(pro).mailProviders.add({ kind: 'brevo', priority: 'primary', settings: brevoSettings });
    await expect(h.caller(pro).mailProviders.add({ kind: 'brevo', priority: 'primary', settings: brevoSettings })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: /already a primary provider/,
    });
  });

  it('test runs the real check and keeps its answer; remove deletes the row', async () => {
    const { h, pro, brevo, brevoSettings } = await setup();
    const good = await h.caller(pro).mailProviders.add({ kind: 'brevo', priority: 'primary', settings: brevoSettings });
    const bad = await h.caller(pro).mailProviders.add({ kind: 'brevo', priority: 'secondary', settings: { ...brevoSettings, apiKey: 'wrong-key-0000' } });
    const ok = await h.caller(pro).mailProviders.test({ id: good.id });
    expect(ok).toMatchObject({ lastStatus: 'healthy' });
    expect(ok.lastCheckAt).not.toBeNull();
    const refused = await h.caller(pro).mailProviders.test({ id: bad.id });
    expect(refused.lastStatus).toBe('error');
    expect(refused.lastDetail).toMatch(/refused the API key/);
    expect(refused.lastDetail).not.toContain('wrong-key');
    expect(brevo.requests.filter((r) => r.path === '/v3/account')).toHaveLength(2);
    const listed = await h.caller(pro).mailProviders.list();
    expect(listed.map((p) => p.lastStatus)).toEqual(['healthy', 'error']);
    await h.caller(pro).mailProviders.remove({ id: bad.id });
    expect((await h.caller(pro).mailProviders.list()).map((p) => p.id)).toEqual([good.id]);
  });
});

describe('chainFor', () => {
  it('uses the account providers in priority order, reusing transports; else system rows; else the outbox', async () => {
    const { h, pro, other, free, brevoSettings, postmark } = await setup();
    expect((await chainFor(h.deps, pro.id)).map((e) => e.id)).toEqual(['outbox']);
    const fb = await h.caller(pro).mailProviders.add({
      kind: 'postmark',
      priority: 'fallback',
      settings: { serverToken: 'pm-token-4321wxyz', baseUrl: postmark.url },
    });
    const pri = await h.caller(pro).mailProviders.add({ kind: 'brevo', priority: 'primary', settings: brevoSettings });
    const chain = await chainFor(h.deps, pro.id);
    expect(chain.map((e) => [e.id, e.priority, e.scope])).toEqual([
      [pri.id, 'primary', 'account'],
      [fb.id, 'fallback', 'account'],
    ]);
    expect((await chainFor(h.deps, pro.id))[0]!.transport).toBe(chain[0]!.transport);

    const sys = await h.caller(h.admin).mailProviders.addSystem({ kind: 'brevo', priority: 'primary', settings: brevoSettings });
    expect((await chainFor(h.deps, other.id)).map((e) => [e.id, e.scope])).toEqual([[sys.id, 'system']]);
    expect((await chainFor(h.deps, 'system')).map((e) => e.id)).toEqual([sys.id]);
    // Own rows need Email Management: a free account mails through the system providers.
    expect((await chainFor(h.deps, free.id)).map((e) => e.id)).toEqual([sys.id]);
    expect((await h.caller(h.admin).mailProviders.listSystem()).map((p) => p.id)).toEqual([sys.id]);
  });

  it('an account that lost Email Management keeps its own rows but mails through the system chain', async () => {
    let clock = Date.now();
    const { h, pro, brevo, postmark, brevoSettings } = await setup({ now: () => new Date(clock) });
    // One account loses its plan to staff, another to the end of its trial (no write at all).
    const trial = await h.insertUser({ email: 'trial@example.com', createdAt: new Date(clock - TRIAL_DAYS * DAY + 3600_000) });
    await h.db.update(users).set({ trialPlan: 'professional' }).where(eq(users.id, trial.id));
    const accounts = [pro, { ...trial, trialPlan: 'professional' as const }];
    const own = [];
    for (const account of accounts) own.push((await h.caller(account).mailProviders.add({ kind: 'brevo', priority: 'primary', settings: brevoSettings })).id);
    const sys = await h.caller(h.admin).mailProviders.addSystem({
      kind: 'postmark',
      priority: 'primary',
      settings: { serverToken: 'pm-token-4321wxyz', baseUrl: postmark.url },
    });
    const mail = (owner: string, subject: string) => sendMail(h.deps, owner, { to: 'reader@example.com', subject, text: 'Hello' });
    await mail(pro.id, 'pro while paying');
    await mail(trial.id, 'trial while on');
    expect(brevo.sent.map((m) => m.subject)).toEqual(['pro while paying', 'trial while on']);

    await h.caller(h.admin).billing.setPlan({ userId: pro.id, plan: 'free', reason: 'Downgrade' });
    clock += 2 * 3600_000;
    for (const [i, account] of accounts.entries()) {
      expect((await h.db.select({ id: mailProviders.id }).from(mailProviders).where(eq(mailProviders.userId, account.id))).map((r) => r.id)).toEqual([own[i]]);
      expect((await chainFor(h.deps, account.id)).map((e) => [e.id, e.scope])).toEqual([[sys.id, 'system']]);
    }
    await mail(pro.id, 'pro after the downgrade');
    await mail(trial.id, 'trial after it ended');
    expect(brevo.sent.map((m) => m.subject)).toEqual(['pro while paying', 'trial while on']);
    expect(postmark.sent.map((m) => m.subject)).toEqual(['pro after the downgrade', 'trial after it ended']);
  });

  it('falls back to SMTP_URL, never with the outbox behind it', async () => {
    const h = await createHarness({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    const chain = await chainFor(h.deps, 'system');
    expect(chain.map((e) => [e.id, e.kind, e.scope])).toEqual([['env-smtp', 'smtp', 'system']]);
  });
});
