// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { createHarness, harnessWithAdmin } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { startSmtp } from '../workflow/smtp';
import { MSG } from '../../../src/shared/messages';
import { healthOutput, metricsOutput } from '../../../src/shared/schemas/email-admin';
import { chainFor } from '../../../src/server/mail/chain';
import { closedPort, insertEvent, insertSend, restSession } from './support';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

describe('emailAdmin.getHealth', () => {
  it('checks the SMTP_URL server for real: a loopback SMTP server is healthy', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const h = await harnessWithAdmin({ env: { SMTP_URL: smtp.url } });
    closers.push(async () => {
      for (const e of await chainFor(h.deps, 'system')) await e.transport.close?.();
    });
    const res = await h.caller(h.admin).emailAdmin.getHealth({});
    expect(res.data.scope).toBe('system');
    expect(res.data.status).toBe('healthy');
    expect(res.data.services.brevo).toMatchObject({ priority: 'primary', kind: 'smtp', status: 'healthy', id: 'env-smtp' });
    expect(res.data.services.bigscoots).toMatchObject({ status: 'unknown', id: null });
    expect(res.data.services.fallback).toMatchObject({ status: 'unknown', id: null });
    expect(res.data.list).toHaveLength(1);
  });

  it('reports error when SMTP_URL points at a closed port', async () => {
    const port = await closedPort();
    const h = await harnessWithAdmin({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const res = await h.caller(h.admin).emailAdmin.getHealth({});
    expect(res.data.status).toBe('error');
    expect(res.data.services.brevo.status).toBe('error');
    expect(res.data.services.brevo.detail).toMatch(/ECONNREFUSED|connect/i);
  });

  it('only the built-in outbox: warning, saying mail is not really delivered', async () => {
    const h = await harnessWithAdmin();
    const res = await h.caller(h.admin).emailAdmin.getHealth({});
    expect(res.data.status).toBe('warning');
    expect(res.data.detail).toMatch(/not really delivered/);
    expect(res.data.services.brevo).toMatchObject({ kind: 'outbox', status: 'healthy' });
  });

  it('shares a check for 25 s, then checks again', async () => {
    let clock = new Date('2026-11-23T10:00:00Z');
    const h = await createHarness({ deps: { now: () => clock } });
    const admin = await h.insertUser({ email: 'boss@example.com' });
    const first = await h.caller(admin).emailAdmin.getHealth({});
    clock = new Date(clock.getTime() + 10_000);
    expect((await h.caller(admin).emailAdmin.getHealth({})).data.lastCheck).toBe(first.data.lastCheck);
    clock = new Date(clock.getTime() + 20_000);
    expect((await h.caller(admin).emailAdmin.getHealth({})).data.lastCheck).toBe(clock.toISOString());
  });

  it('scopes: staff the system, plans with the feature their own, others 403, anonymous 401', async () => {
    const h = await harnessWithAdmin();
    const manager = await h.insertUser({ role: 'manager', planType: 'free' });
    const pro = await h.insertUser({ planType: 'professional' });
    const free = await h.insertUser({ planType: 'free' });
    expect((await h.caller(manager).emailAdmin.getHealth({})).data.scope).toBe('system');
    expect((await h.caller(pro).emailAdmin.getHealth({})).data.scope).toBe('account');
    expect((await h.caller(h.admin).emailAdmin.getHealth({ scope: 'account' })).data.scope).toBe('account');
    await expectStatus(h.caller(pro).emailAdmin.getHealth({ scope: 'system' }), 403, MSG.forbidden);
    await expectStatus(h.caller(free).emailAdmin.getHealth({}), 403, MSG.emailManagementUnavailable);
    await expectStatus(h.caller(manager).emailAdmin.getHealth({ scope: 'account' }), 403, MSG.emailManagementUnavailable);
    await expectStatus(h.caller('anon').emailAdmin.getHealth({}), 401);
    await expectStatus(h.caller(h.admin).emailAdmin.getHealth({ scope: 'everyone' as never }), 400);
  });

  it('GET /api/email/health answers the spec shape; 401 signed out, 403 without the feature', async () => {
    const h = await harnessWithAdmin();
    const staff = await restSession(h, { email: 'staff@example.com', role: 'supervisor' });
    const free = await restSession(h, { email: 'free@example.com', planType: 'free' });
    const res = await h.app.request('/api/email/health', { headers: { cookie: staff.cookie } });
    expect(res.status).toBe(200);
    const body = healthOutput.parse(await res.json());
    expect(Object.keys(body.data.services).sort()).toEqual(['bigscoots', 'brevo', 'fallback']);
    expect(Number.isNaN(Date.parse(body.data.lastCheck))).toBe(false);
    expect((await h.app.request('/api/email/health')).status).toBe(401);
    const refused = await h.app.request('/api/email/health', { headers: { cookie: free.cookie } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, message: MSG.emailManagementUnavailable });
  });
});

describe('emailAdmin.getMetrics', () => {
  it("counts today's real sends, bounces and opens: all accounts for staff, one's own for the account", async () => {
    const now = new Date('2026-11-23T15:00:00Z');
    const h = await createHarness({ deps: { now: () => now } });
    const admin = await h.insertUser({ email: 'root@example.com' });
    const alice = await h.insertUser({ planType: 'professional' });
    const bob = await h.insertUser({ planType: 'business' });
    const today = new Date('2026-11-23T09:00:00Z');
    const yesterday = new Date('2026-11-22T23:59:00Z');

    const a = await insertSend(h, alice.id, [
      { status: 'sent', sentAt: today },
      { status: 'sent', sentAt: today },
      { status: 'sent', sentAt: today },
      { status: 'sent', sentAt: yesterday },
      { status: 'pending' },
      { status: 'failed' },
    ]);
    await insertSend(h, bob.id, [
      { status: 'sent', sentAt: today },
      { status: 'sent', sentAt: today },
    ]);
    // One bounce reported twice, two opens of one message and one of another.
    await insertEvent(h, { kind: 'bounced', userId: alice.id, at: today, providerMessageId: a.messageId(0), sendId: a.sendId });
    await insertEvent(h, { kind: 'bounced', userId: alice.id, at: today, providerMessageId: a.messageId(0), sendId: a.sendId });
    await insertEvent(h, { kind: 'opened', userId: alice.id, at: today, providerMessageId: a.messageId(1), sendId: a.sendId });
    await insertEvent(h, { kind: 'opened', userId: alice.id, at: today, providerMessageId: a.messageId(1), sendId: a.sendId });
    await insertEvent(h, { kind: 'opened', userId: alice.id, at: today, providerMessageId: a.messageId(2), sendId: a.sendId });
    // A direct test mail of alice's today, one yesterday, and a 'sent' event tied to a send (counted by its recipient row).
    await insertEvent(h, { kind: 'sent', userId: alice.id, at: today, providerMessageId: '<direct@x>' });
    await insertEvent(h, { kind: 'sent', userId: alice.id, at: yesterday, providerMessageId: '<old@x>' });
    await insertEvent(h, { kind: 'sent', userId: alice.id, at: today, providerMessageId: a.messageId(1), sendId: a.sendId });

    const own = await h.caller(alice).emailAdmin.getMetrics({});
    expect(own.data).toEqual({ scope: 'account', day: '2026-11-23', sent: 4, delivered: 3, opened: 2, bounced: 1 });
    const bobs = await h.caller(bob).emailAdmin.getMetrics({});
    expect(bobs.data).toMatchObject({ sent: 2, delivered: 2, opened: 0, bounced: 0 });
    const system = await h.caller(admin).emailAdmin.getMetrics({});
    expect(system.data).toMatchObject({ scope: 'system', sent: 6, delivered: 5, opened: 2, bounced: 1 });
  });

  it('GET /api/email/metrics: { success, data: { sent, delivered, opened } }; 401 and 403', async () => {
    const h = await harnessWithAdmin();
    const pro = await restSession(h, { email: 'pro@example.com', planType: 'professional' });
    const free = await restSession(h, { email: 'free@example.com', planType: 'free' });
    const res = await h.app.request('/api/email/metrics', { headers: { cookie: pro.cookie } });
    expect(res.status).toBe(200);
    const body = metricsOutput.parse(await res.json());
    expect(body.data).toMatchObject({ scope: 'account', sent: 0, delivered: 0, opened: 0 });
    expect((await h.app.request('/api/email/metrics')).status).toBe(401);
    expect((await h.app.request('/api/email/metrics', { headers: { cookie: free.cookie } })).status).toBe(403);
    await expect(h.caller(pro.user).emailAdmin.getMetrics({ scope: 'nope' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
