// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { startSmtp } from '../workflow/smtp';
import { MSG } from '../../../src/shared/messages';
import { deliveryTestOutput, templatesOutput } from '../../../src/shared/schemas/email-admin';
import { mailEvents, outbox } from '../../../db/schema';
import { restSession } from './support';
import { chainFor } from '../../../src/server/mail/chain';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function smtpHarness() {
  const smtp = await startSmtp();
  closers.push(smtp.close);
  const h = await harnessWithAdmin({ env: { SMTP_URL: smtp.url } });
  // The system chain's SMTP transport keeps pooled connections open; the server closes only without them.
  closers.push(async () => {
    for (const e of await chainFor(h.deps, 'system')) await e.transport.close?.();
  });
  return { h, smtp };
}

describe('email templates', () => {
  it('GET /api/admin/email/templates lists the mail the product sends, rendered with sample data', async () => {
    const h = await harnessWithAdmin();
    const staff = await restSession(h, { email: 'staff@example.com', role: 'manager' });
    const res = await h.app.request('/api/admin/email/templates', { headers: { cookie: staff.cookie } });
    expect(res.status).toBe(200);
    const body = templatesOutput.parse(await res.json());
    const code = body.data.find((t) => t.id === 'sign-in-code');
    expect(code).toMatchObject({ category: 'authentication', subject: 'Your sign-in code: 123456', lastModified: '2026-11-21' });
    expect(body.data.find((t) => t.id === 'password-reset')).toMatchObject({ category: 'authentication', subject: 'Reset your password' });
    expect(body.data.find((t) => t.id === 'subscriber-confirmation')).toMatchObject({ category: 'subscribers' });
    for (const t of body.data) expect(Number.isNaN(Date.parse(t.lastModified))).toBe(false);
  });

  it('previews a template with the text the real mail carries', async () => {
    const h = await harnessWithAdmin();
    const pro = await h.insertUser({ planType: 'professional' });
    const reset = await h.caller(pro).emailAdmin.previewTemplate({ id: 'password-reset' });
    expect(reset.subject).toBe('Reset your password');
    expect(reset.text).toContain(`${h.env.APP_URL}/reset-password?token=`);
    expect(reset.html).toBeNull();
    const code = await h.caller(h.admin).emailAdmin.previewTemplate({ id: 'sign-in-code' });
    expect(code.text).toContain('Your verification code is 123456.');
    const confirm = await h.caller(h.admin).emailAdmin.previewTemplate({ id: 'subscriber-confirmation' });
    expect(confirm.subject).toBe('Confirm your subscription to Compiler Weekly');
    expect(confirm.html).toContain(`href="${h.env.APP_URL}/p/compiler-weekly/confirm?token=sample-token"`);
    expect(confirm.text).toContain('The link works for 7 days.');
  });

  it('a sent code mail is what the template renders (same builder)', async () => {
    const h = await harnessWithAdmin();
    await h.caller('anon').auth.sendCode({ email: 'reader@example.com' });
    const row = (await h.db.select().from(outbox).where(eq(outbox.toAddress, 'reader@example.com')).limit(1))[0]!;
    const code = /Your sign-in code: (\d{6})/.exec(row.subject)![1]!;
    const preview = await h.caller(h.admin).emailAdmin.previewTemplate({ id: 'sign-in-code' });
    expect(row.text).toBe(preview.text.replace('123456', code));
  });

  it('404 for an unknown template, 400 for a blank id, 403 without the feature, 401 signed out', async () => {
    const h = await harnessWithAdmin();
    const free = await h.insertUser({ planType: 'free' });
    await expectStatus(h.caller(h.admin).emailAdmin.previewTemplate({ id: 'welcome-series' }), 404);
    await expectStatus(h.caller(h.admin).emailAdmin.previewTemplate({ id: ' ' }), 400);
    await expectStatus(h.caller(free).emailAdmin.listTemplates({}), 403, MSG.emailManagementUnavailable);
    await expectStatus(h.caller('anon').emailAdmin.listTemplates({}), 401);
    expect((await h.app.request('/api/admin/email/templates')).status).toBe(401);
  });
});

describe('POST /api/email-direct/test-direct (Testing tab)', () => {
  it('staff send to any address from one of the three senders, through the real SMTP server; recorded as sent', async () => {
    const { h, smtp } = await smtpHarness();
    const staff = await restSession(h, { email: 'staff@example.com', role: 'supervisor' });
    const senders = (await h.caller(staff.user).emailAdmin.listSenders({})).senders;
    expect(senders).toEqual(['newsletter@curated.email', 'hello@curated.email', 'support@curated.email']);
    const res = await h.app.request(
      '/api/email-direct/test-direct',
      jsonRequest('POST', { to: 'someone@example.org', from: 'hello@curated.email' }, { cookie: staff.cookie }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, provider: 'smtp' });
    expect(body.message).toContain('someone@example.org');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.envelopeTo).toEqual(['someone@example.org']);
    expect(smtp.received[0]!.parsed.from?.value[0]?.address).toBe('hello@curated.email');
    expect(smtp.received[0]!.parsed.messageId).toBe(body.messageId);
    const ev = await h.db.select().from(mailEvents).where(eq(mailEvents.kind, 'sent'));
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({ provider: 'smtp', userId: staff.user.id, email: 'someone@example.org', providerMessageId: body.messageId, sendId: null });
    expect((await h.caller(staff.user).emailAdmin.getMetrics({})).data.sent).toBe(1);
  });

  it('without a provider the message lands in the outbox table', async () => {
    const h = await harnessWithAdmin();
    const res = await h.caller(h.admin).emailAdmin.sendTest({ to: 'check@example.org', from: 'support@curated.email' });
    expect(res).toMatchObject({ success: true, provider: 'outbox' });
    const rows = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'check@example.org'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.fromAddress).toContain('support@curated.email');
    expect(rows[0]!.messageId).toBe(res.messageId);
  });

  it('400 with the spec message for a missing field, for a sender not offered, and for header tricks', async () => {
    const h = await harnessWithAdmin();
    const staff = await restSession(h, { email: 'staff@example.com', role: 'admin' });
    const post = (body: unknown) => h.app.request('/api/email-direct/test-direct', jsonRequest('POST', body, { cookie: staff.cookie }));
    for (const body of [{ to: 'a@example.org' }, { from: 'hello@curated.email' }, { to: ' ', from: 'hello@curated.email' }, {}]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: MSG.testEmailMissing });
    }
    const foreign = await post({ to: 'a@example.org', from: 'ceo@bank.example' });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).message).toBe(MSG.testSenderNotAllowed);
    const injected = await post({ to: 'a@example.org\r\nBcc: everyone@example.org', from: 'hello@curated.email' });
    expect(injected.status).toBe(400);
    expect(await h.db.select().from(outbox)).toHaveLength(0);
  });

  it('a user with the feature may only mail their own verified address; free users and anonymous are refused', async () => {
    const h = await harnessWithAdmin();
    const pro = await h.insertUser({ email: 'pro@example.com', planType: 'professional', verified: true });
    const unverified = await h.insertUser({ email: 'new@example.com', planType: 'professional', verified: false });
    const free = await h.insertUser({ email: 'free@example.com', planType: 'free', verified: true });
    await expectStatus(h.caller(pro).emailAdmin.sendTest({ to: 'other@example.org', from: 'hello@curated.email' }), 403, MSG.testRecipientNotAllowed);
    expect(await h.caller(pro).emailAdmin.sendTest({ to: 'PRO@example.com', from: 'hello@curated.email' })).toMatchObject({ success: true });
    await expectStatus(h.caller(unverified).emailAdmin.sendTest({ to: 'new@example.com', from: 'hello@curated.email' }), 403, MSG.testVerifyFirst);
    await expectStatus(h.caller(free).emailAdmin.sendTest({ to: 'free@example.com', from: 'hello@curated.email' }), 403, MSG.emailManagementUnavailable);
    await expectStatus(h.caller('anon').emailAdmin.sendTest({ to: 'a@example.org', from: 'hello@curated.email' }), 401);
    expect(await h.db.select().from(outbox)).toHaveLength(1);
  });

  it('reports the server refusal when the SMTP server is down, with the spec message first', async () => {
    const h = await harnessWithAdmin({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const res = await h.caller(h.admin).emailAdmin.sendTest({ to: 'a@example.org', from: 'hello@curated.email' });
    expect(res.success).toBe(false);
    expect(res.message.startsWith(MSG.testEmailFailed)).toBe(true);
    expect(await h.db.select().from(mailEvents).where(eq(mailEvents.kind, 'failed'))).toHaveLength(1);
  });
});

describe('POST /api/send-test-email and /api/send-email (direct email test)', () => {
  it('quick test: staff to anyone, others only to their own address; 400 with the spec message; 20 an hour', async () => {
    const h = await harnessWithAdmin();
    const staff = await restSession(h, { email: 'staff@example.com', role: 'manager' });
    const user = await restSession(h, { email: 'me@example.com', planType: 'free' });
    const post = (cookie: string, body: unknown) => h.app.request('/api/send-test-email', jsonRequest('POST', body, { cookie }));

    const ok = await post(staff.cookie, { to: 'anyone@example.org' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true });
    const own = await post(user.cookie, { to: 'me@example.com' });
    expect(own.status).toBe(200);
    const other = await post(user.cookie, { to: 'anyone@example.org' });
    expect(other.status).toBe(403);
    expect((await other.json()).message).toBe(MSG.testRecipientNotAllowed);
    const missing = await post(user.cookie, {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe(MSG.quickTestMissing);
    expect((await h.app.request('/api/send-test-email', jsonRequest('POST', { to: 'a@example.org' }))).status).toBe(401);

    for (let i = 1; i < 20; i++) expect((await post(user.cookie, { to: 'me@example.com' })).status).toBe(200);
    const limited = await post(user.cookie, { to: 'me@example.com' });
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe(MSG.rateLimited);
    expect(await h.db.select().from(outbox).where(eq(outbox.toAddress, 'me@example.com'))).toHaveLength(20);
  });

  it('custom email: the HTML is sanitised before it leaves and a text part is derived', async () => {
    const { h, smtp } = await smtpHarness();
    const staff = await restSession(h, { email: 'staff@example.com', role: 'admin' });
    const htmlContent =
      '<h1>Launch</h1><p onclick="steal()">Read <a href="https://example.com/post" onmouseover="x()">the post</a> &amp; more</p><script>alert(1)</script><img src="javascript:alert(1)"><iframe src="https://evil.example"></iframe>';
    const res = await h.app.request(
      '/api/send-email',
      jsonRequest('POST', { to: 'reader@example.org', subject: 'Hello\r\nBcc: x@example.org', htmlContent }, { cookie: staff.cookie }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual(['reader@example.org']);
    expect(mail.parsed.subject).toBe('Hello Bcc: x@example.org');
    const html = mail.parsed.html as string;
    expect(html).toContain('<h1>Launch</h1>');
    expect(html).toContain('<a href="https://example.com/post">the post</a>');
    for (const bad of ['<script', 'onclick', 'onmouseover', 'javascript:', '<iframe']) expect(html).not.toContain(bad);
    expect(mail.parsed.text).toContain('Launch');
    expect(mail.parsed.text).toContain('Read the post (https://example.com/post) & more');
    expect(mail.parsed.text).not.toContain('alert');
  });

  it('custom email: 400 "Please fill in all fields", 403 for another address, nothing but scripts is refused', async () => {
    const h = await harnessWithAdmin();
    const user = await restSession(h, { email: 'me@example.com', planType: 'basic' });
    const post = (body: unknown) => h.app.request('/api/send-email', jsonRequest('POST', body, { cookie: user.cookie }));
    for (const body of [
      { to: 'me@example.com', subject: 'Hi' },
      { to: 'me@example.com', htmlContent: '<p>x</p>' },
      { subject: 'Hi', htmlContent: '<p>x</p>' },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(MSG.customEmailMissing);
    }
    expect((await post({ to: 'them@example.org', subject: 'Hi', htmlContent: '<p>x</p>' })).status).toBe(403);
    expect((await post({ to: 'me@example.com', subject: 'Hi', htmlContent: '<script>alert(1)</script>' })).status).toBe(400);
    expect(await h.db.select().from(outbox)).toHaveLength(0);
    const sent = await post({ to: 'me@example.com', subject: 'Hi', htmlContent: '<p>Hello <b>me</b></p>' });
    expect(sent.status).toBe(200);
    const row = (
      await h.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, 'me@example.com'), eq(outbox.subject, 'Hi')))
        .limit(1)
    )[0]!;
    expect(row.html).toBe('<p>Hello <b>me</b></p>');
    expect(row.text).toBe('Hello me');
  });
});

describe('GET /test-email (email delivery test)', () => {
  it('sends through every configured provider on its own and says which are not configured', async () => {
    const { h, smtp } = await smtpHarness();
    const staff = await restSession(h, { email: 'staff@example.com', role: 'admin' });
    const res = await h.app.request('/test-email?email=ops%40example.org', { headers: { cookie: staff.cookie } });
    expect(res.status).toBe(200);
    const body = deliveryTestOutput.parse(await res.json());
    expect(body.success).toBe(true);
    expect(body.results.bigscoots).toMatchObject({ success: true, configured: true, error: null });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.messageId).toBe(body.results.bigscoots.messageId);
    for (const k of ['brevo', 'resend', 'mailgun', 'postmark'] as const)
      expect(body.results[k]).toEqual({ success: false, messageId: null, error: MSG.notConfiguredOnServer, configured: false });
    expect(body.recommendations.brevo).toMatch(/not configured/);
    expect(body.recommendations.bigscoots).toMatch(/accepted/);
  });

  it('with only the outbox nothing is claimed: every provider not configured, the general advice says so', async () => {
    const h = await harnessWithAdmin();
    const res = await h.caller(h.admin).emailAdmin.runDeliveryTest({ email: 'ops@example.org' });
    expect(res.success).toBe(false);
    for (const k of ['brevo', 'resend', 'bigscoots', 'mailgun', 'postmark'] as const) expect(res.results[k].configured).toBe(false);
    expect(res.recommendations.general).toMatch(/built-in outbox/);
    expect(await h.db.select().from(outbox)).toHaveLength(0);
  });

  it('a failing SMTP server is reported with its error and advice', async () => {
    const h = await harnessWithAdmin({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const res = await h.caller(h.admin).emailAdmin.runDeliveryTest({ email: 'ops@example.org' });
    expect(res.success).toBe(false);
    expect(res.results.bigscoots).toMatchObject({ success: false, configured: true, messageId: null });
    expect(res.results.bigscoots.error).toMatch(/ECONNREFUSED|connect/i);
    expect(res.recommendations.bigscoots).toMatch(/could not be reached/);
  });

  it('staff only: 401 signed out, 403 for others and for cross-site navigations, 400 without an address', async () => {
    const h = await harnessWithAdmin();
    const staff = await restSession(h, { email: 'staff@example.com', role: 'supervisor' });
    const pro = await restSession(h, { email: 'pro@example.com', planType: 'enterprise' });
    expect((await h.app.request('/test-email?email=a%40example.org')).status).toBe(401);
    expect((await h.app.request('/test-email?email=a%40example.org', { headers: { cookie: pro.cookie } })).status).toBe(403);
    const cross = await h.app.request('/test-email?email=a%40example.org', { headers: { cookie: staff.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(cross.status).toBe(403);
    const blank = await h.app.request('/test-email', { headers: { cookie: staff.cookie } });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe(MSG.quickTestMissing);
  });
});
