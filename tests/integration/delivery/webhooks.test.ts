// Provider webhooks end to end through the app: signed Resend and Mailgun events, URL-token Brevo and
// Postmark events; hard bounces and complaints suppress the address, forged or stale ones are refused,
// a replayed event is recorded once.
// @postgres
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { mailEvents, suppressions } from '../../../db/schema';
import { isSuppressed } from '../../../src/server/readers/suppression';
import { signMailgun, signResend } from '../../../src/server/mail/webhooks';

const RESEND_SECRET = `whsec_${crypto.randomBytes(24).toString('base64')}`;
const MAILGUN_KEY = 'mailgun-signing-key-123';

async function setup() {
  const h = await harnessWithAdmin();
  const pro = await h.insertUser({ planType: 'professional' });
  const c = h.caller(pro).mailProviders;
  const resend = await c.add({ kind: 'resend', priority: 'primary', settings: { apiKey: 're_key_1', webhookSecret: RESEND_SECRET } });
  const mailgun = await c.add({
    kind: 'mailgun',
    priority: 'secondary',
    settings: { apiKey: 'mg_key_1', domain: 'mg.example.com', webhookSigningKey: MAILGUN_KEY },
  });
  const postmark = await c.add({ kind: 'postmark', priority: 'fallback', settings: { serverToken: 'pm_token_1' } });
  const path = (url: string | null) => new URL(url!).pathname;
  return { h, pro, resend: path(resend.webhookUrl), mailgun: path(mailgun.webhookUrl), postmark: path(postmark.webhookUrl) };
}

function resendRequest(body: string, o: { id?: string; at?: number; secret?: string } = {}) {
  const id = o.id ?? `msg_${crypto.randomUUID()}`;
  const ts = String(o.at ?? Math.floor(Date.now() / 1000));
  const sig = signResend(o.secret ?? RESEND_SECRET, id, ts, body);
  return { method: 'POST', headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': ts, 'svix-signature': `v1,${sig}` }, body };
}

const resendBounce = (email: string, type = 'Permanent') =>
  JSON.stringify({
    type: 'email.bounced',
    created_at: new Date().toISOString(),
    data: { email_id: 're-1', to: [email], bounce: { type, message: 'No such user' } },
  });

function mailgunBody(email: string, o: { event?: string; severity?: string; token?: string; at?: number; key?: string } = {}) {
  const timestamp = String(o.at ?? Math.floor(Date.now() / 1000));
  const token = o.token ?? crypto.randomBytes(25).toString('hex');
  return JSON.stringify({
    signature: { timestamp, token, signature: signMailgun(o.key ?? MAILGUN_KEY, timestamp, token) },
    'event-data': {
      event: o.event ?? 'failed',
      severity: o.severity ?? 'permanent',
      recipient: email,
      id: 'ev1',
      timestamp: Number(timestamp),
      message: { headers: { 'message-id': 'abc@mg.example.com' } },
      'delivery-status': { message: '550 No such user' },
    },
  });
}

describe('webhooks', () => {
  it('Resend: a signed hard bounce suppresses the address; a soft one does not', async () => {
    const { h, pro, resend } = await setup();
    const res = await h.app.request(resend, resendRequest(resendBounce('Gone@Example.org')));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 1, recorded: 1 });
    expect(await isSuppressed(h.db, pro.id, 'gone@example.org')).toBe(true);
    await h.app.request(resend, resendRequest(resendBounce('full@example.org', 'Transient')));
    expect(await isSuppressed(h.db, pro.id, 'full@example.org')).toBe(false);
    expect(await h.db.select().from(mailEvents).where(eq(mailEvents.email, 'full@example.org'))).toHaveLength(1);
  });

  it('Resend: forged, wrongly keyed or stale signatures are 401 and change nothing', async () => {
    const { h, pro, resend } = await setup();
    const body = resendBounce('x@example.org');
    const forged = resendRequest(body);
    forged.headers['svix-signature'] = `v1,${Buffer.alloc(32).toString('base64')}`;
    expect((await h.app.request(resend, forged)).status).toBe(401);
    const otherKey = `whsec_${crypto.randomBytes(24).toString('base64')}`;
    expect((await h.app.request(resend, resendRequest(body, { secret: otherKey }))).status).toBe(401);
    expect((await h.app.request(resend, resendRequest(body, { at: Math.floor(Date.now() / 1000) - 600 }))).status).toBe(401);
    const tampered = resendRequest(body);
    tampered.body = body.replace('x@example.org', 'y@example.org');
    expect((await h.app.request(resend, tampered)).status).toBe(401);
    expect(await isSuppressed(h.db, pro.id, 'x@example.org')).toBe(false);
    expect(await h.db.select().from(mailEvents)).toHaveLength(0);
  });

  it('Resend: a redelivered event (same svix-id) is recorded once', async () => {
    const { h, resend } = await setup();
    const body = resendBounce('twice@example.org');
    const req = resendRequest(body, { id: 'msg_fixed' });
    expect(await (await h.app.request(resend, req)).json()).toMatchObject({ recorded: 1 });
    expect(await (await h.app.request(resend, { ...req })).json()).toMatchObject({ recorded: 0 });
    expect(await h.db.select().from(mailEvents)).toHaveLength(1);
  });

  it('Mailgun: a signed permanent failure suppresses; temporary does not; a replayed token is recorded once', async () => {
    const { h, pro, mailgun } = await setup();
    const body = mailgunBody('hard@example.org');
    expect((await h.app.request(mailgun, jsonRequest('POST', JSON.parse(body)))).status).toBe(200);
    expect(await isSuppressed(h.db, pro.id, 'hard@example.org')).toBe(true);
    const replay = await h.app.request(mailgun, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(await replay.json()).toMatchObject({ recorded: 0 });
    await h.app.request(mailgun, { method: 'POST', body: mailgunBody('soft@example.org', { severity: 'temporary' }) });
    expect(await isSuppressed(h.db, pro.id, 'soft@example.org')).toBe(false);
    const ev = await h.db.select().from(mailEvents).where(eq(mailEvents.email, 'hard@example.org'));
    expect(ev).toHaveLength(1);
    expect(ev[0]!.providerMessageId).toBe('<abc@mg.example.com>');
  });

  it('Mailgun: a bad signature or an old timestamp is 401', async () => {
    const { h, pro, mailgun } = await setup();
    const bad = await h.app.request(mailgun, { method: 'POST', body: mailgunBody('a@example.org', { key: 'not-the-key' }) });
    expect(bad.status).toBe(401);
    const old = await h.app.request(mailgun, { method: 'POST', body: mailgunBody('a@example.org', { at: Math.floor(Date.now() / 1000) - 3600 }) });
    expect(old.status).toBe(401);
    expect(await isSuppressed(h.db, pro.id, 'a@example.org')).toBe(false);
  });

  it('Postmark: the URL token authenticates; a wrong token is 404; HardBounce and SpamComplaint suppress', async () => {
    const { h, pro, postmark } = await setup();
    const bounce = { RecordType: 'Bounce', ID: 42, Type: 'HardBounce', Email: 'pm@example.org', MessageID: 'pm-1', BouncedAt: new Date().toISOString() };
    expect((await h.app.request(postmark.replace(/[^/]+$/, 'wrong-token'), jsonRequest('POST', bounce))).status).toBe(404);
    expect(await isSuppressed(h.db, pro.id, 'pm@example.org')).toBe(false);
    expect((await h.app.request(postmark, jsonRequest('POST', bounce))).status).toBe(200);
    expect(await isSuppressed(h.db, pro.id, 'pm@example.org')).toBe(true);
    await h.app.request(postmark, jsonRequest('POST', { ...bounce, ID: 43, Type: 'SoftBounce', Email: 'soft@example.org' }));
    expect(await isSuppressed(h.db, pro.id, 'soft@example.org')).toBe(false);
    await h.app.request(postmark, jsonRequest('POST', { RecordType: 'SpamComplaint', ID: 44, Email: 'spam@example.org', BouncedAt: new Date().toISOString() }));
    expect((await h.db.select().from(suppressions).where(eq(suppressions.email, 'spam@example.org')))[0]?.reason).toBe('complaint');
    expect((await h.app.request(postmark, { method: 'POST', body: 'not json' })).status).toBe(400);
  });

  it('Brevo: hard_bounce suppresses, soft_bounce does not; a wrong token or another kind in the URL is 404', async () => {
    const h = await harnessWithAdmin();
    const pro = await h.insertUser({ planType: 'professional' });
    const view = await h.caller(pro).mailProviders.add({ kind: 'brevo', priority: 'primary', settings: { apiKey: 'xkeysib-1' } });
    const path = new URL(view.webhookUrl!).pathname;
    const ev = (event: string, email: string) => ({ event, email, 'message-id': '<b1@smtp-relay.mailin.fr>', ts_event: Math.floor(Date.now() / 1000) });
    expect((await h.app.request('/webhooks/brevo/nope', jsonRequest('POST', ev('hard_bounce', 'b@example.org')))).status).toBe(404);
    expect((await h.app.request(path.replace('/brevo/', '/postmark/'), jsonRequest('POST', ev('hard_bounce', 'b@example.org')))).status).toBe(404);
    expect((await h.app.request(path, jsonRequest('POST', ev('hard_bounce', 'b@example.org')))).status).toBe(200);
    expect(await isSuppressed(h.db, pro.id, 'b@example.org')).toBe(true);
    await h.app.request(path, jsonRequest('POST', ev('soft_bounce', 's@example.org')));
    expect(await isSuppressed(h.db, pro.id, 's@example.org')).toBe(false);
    expect((await h.app.request(path, jsonRequest('POST', { nothing: true }))).status).toBe(400);
  });

  it('Resend without a signing secret refuses events until the secret is saved; the webhook address stays', async () => {
    const h = await harnessWithAdmin();
    const pro = await h.insertUser({ planType: 'professional' });
    const other = await h.insertUser({ planType: 'professional' });
    const added = await h.caller(pro).mailProviders.add({ kind: 'resend', priority: 'primary', settings: { apiKey: 're_key_1' } });
    expect(added.signingSecretSet).toBe(false);
    const path = new URL(added.webhookUrl!).pathname;
    expect((await h.app.request(path, resendRequest(resendBounce('later@example.org')))).status).toBe(401);
    await expect(h.caller(other).mailProviders.update({ id: added.id, settings: { webhookSecret: RESEND_SECRET } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const updated = await h.caller(pro).mailProviders.update({ id: added.id, settings: { webhookSecret: RESEND_SECRET } });
    expect(updated).toMatchObject({ signingSecretSet: true, webhookUrl: added.webhookUrl, hint: added.hint });
    expect((await h.app.request(path, resendRequest(resendBounce('later@example.org')))).status).toBe(200);
    expect(await isSuppressed(h.db, pro.id, 'later@example.org')).toBe(true);
  });
});
