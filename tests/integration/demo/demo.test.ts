// The protection demos' server side: the honeypot form (POST /api/demo/submit), the shared event log
// (GET/POST /api/demo/events), GET /api/honeypot, and demo.verifyCode, which checks an e-mail code by
// the sign-in rules without signing anyone in.
import { describe, it, expect, beforeEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, jsonRequest } from '../../helpers/app';
import { emailCodes, sessions, users } from '../../../db/schema';
import { MSG } from '../../../src/shared/messages';
import { DEMO_EVENT_CAPACITY, DEMO_MSG, HONEYPOT_FIELDS } from '../../../src/shared/schemas/demo';
import { DemoEventLog, demoEvents } from '../../../src/server/demo/events';
import { codeFromMail, expectStatus } from '../foundation/support';

const VALID = { name: 'Ada', email: 'ada@example.com', message: 'Hello there' };

beforeEach(() => demoEvents.clear());

async function events(app: Awaited<ReturnType<typeof createHarness>>['app'], limit?: number) {
  const res = await app.request(`/api/demo/events${limit ? `?limit=${limit}` : ''}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: { kind: string; page: string; fields?: string[] }[] }).events;
}

describe('POST /api/demo/submit', () => {
  it('accepts a complete form with empty honeypots and logs it without what was typed', async () => {
    const { app } = await createHarness();
    const res = await app.request(
      '/api/demo/submit',
      jsonRequest('POST', { ...VALID, website: '', url: '', homepage: '', email_confirm: '', phone_number: '' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: DEMO_MSG.accepted });
    const log = await events(app);
    expect(log).toMatchObject([{ kind: 'form_accepted', page: 'security-demo' }]);
    expect(JSON.stringify(log)).not.toContain('ada@example.com');
  });

  it.each(HONEYPOT_FIELDS)('refuses with 400 when the %s honeypot is filled', async (field) => {
    const { app } = await createHarness();
    const res = await app.request('/api/demo/submit', jsonRequest('POST', { ...VALID, [field]: 'https://spam.example' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', message: DEMO_MSG.honeypot });
    const log = await events(app);
    expect(log).toMatchObject([{ kind: 'honeypot_triggered', fields: [field] }]);
    expect(JSON.stringify(log)).not.toContain('spam.example');
  });

  it('refuses missing fields and a bad address with 400 and a clear message, logging nothing', async () => {
    const { app } = await createHarness();
    for (const [body, message] of [
      [{ email: VALID.email, message: VALID.message }, null],
      [{ ...VALID, name: '   ' }, DEMO_MSG.nameRequired],
      [{ ...VALID, message: '' }, DEMO_MSG.messageRequired],
      [{ ...VALID, email: 'not-an-address' }, 'Please enter a valid email address'],
    ] as const) {
      const res = await app.request('/api/demo/submit', jsonRequest('POST', body));
      expect(res.status).toBe(400);
      const json = (await res.json()) as { success: boolean; message: string };
      expect(json.success).toBe(false);
      if (message) expect(json.message).toContain(message);
    }
    expect(await events(app)).toEqual([]);
  });

  it('refuses a cross-site post (CSRF)', async () => {
    const { app } = await createHarness();
    const res = await app.request('/api/demo/submit', jsonRequest('POST', VALID, { origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
  });
});

describe('GET /api/honeypot and the event log', () => {
  it('reports the honeypot as active with its fields', async () => {
    const { app } = await createHarness();
    const res = await app.request('/api/honeypot');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, active: true, fields: ['website', 'url', 'homepage', 'email_confirm', 'phone_number'] });
  });

  it('records page visits of known kinds, newest first, and refuses unknown kinds', async () => {
    const { app } = await createHarness();
    for (const page of ['security-demo', 'anti-scraping']) {
      const res = await app.request('/api/demo/events', jsonRequest('POST', { kind: 'page_visit', page }));
      expect(res.status).toBe(201);
    }
    expect((await app.request('/api/demo/events', jsonRequest('POST', { kind: 'anything', page: 'anti-scraping' }))).status).toBe(400);
    expect((await app.request('/api/demo/events', jsonRequest('POST', { kind: 'page_visit', page: '/admin' }))).status).toBe(400);
    expect(await events(app)).toMatchObject([
      { kind: 'page_visit', page: 'anti-scraping' },
      { kind: 'page_visit', page: 'security-demo' },
    ]);
  });

  it('answers the last 10 by default and keeps only the last 50', async () => {
    const { app } = await createHarness();
    const log = new DemoEventLog();
    for (let i = 0; i < 60; i++)
      demoEvents.record({ kind: i % 2 ? 'copy_blocked' : 'page_visit', page: 'security-demo' }, new Date(Date.UTC(2026, 0, 1, 0, i)));
    for (let i = 0; i < 3; i++) log.record({ kind: 'page_visit', page: 'twofa-demo' }, new Date());
    expect(log.latest()).toHaveLength(3);
    expect(await events(app)).toHaveLength(10);
    const all = await events(app, 50);
    expect(all).toHaveLength(DEMO_EVENT_CAPACITY);
    expect((all[0] as unknown as { at: string }).at).toBe(new Date(Date.UTC(2026, 0, 1, 0, 59)).toISOString());
    expect((all[49] as unknown as { at: string }).at).toBe(new Date(Date.UTC(2026, 0, 1, 0, 10)).toISOString());
    expect((await app.request('/api/demo/events?limit=51')).status).toBe(400);
  });
});

describe('demo.verifyCode', () => {
  const email = 'twofa@example.com';
  const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('says a right code is verified without starting a session or making an account, and uses it up', async () => {
    const h = await createHarness();
    await h.caller().auth.sendCode({ email });
    const code = await codeFromMail(h, email);
    const res = await h.app.request('/api/trpc/demo.verifyCode', jsonRequest('POST', { email, code }));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(((await res.json()) as { result: { data: unknown } }).result.data).toEqual({ success: true, message: MSG.codeVerified });
    expect(await h.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await h.db.select().from(sessions)).toEqual([]);
    // Single use, as at sign-in.
    const again = await expectStatus(h.caller().demo.verifyCode({ email, code }), 400);
    expect(again.message).toBe(MSG.codeInvalid);
    expect(await events(h.app)).toMatchObject([{ kind: 'code_rejected' }, { kind: 'code_verified', page: 'twofa-demo' }]);
  });

  it('counts wrong codes as tries: the fifth voids the code, for sign-in too', async () => {
    const h = await createHarness();
    await h.caller().auth.sendCode({ email });
    const code = await codeFromMail(h, email);
    for (let i = 1; i <= 4; i++) {
      await expectStatus(h.caller().demo.verifyCode({ email, code: other(code) }), 400);
      expect((await h.db.select().from(emailCodes).where(eq(emailCodes.email, email)).limit(1))[0]!.attempts).toBe(i);
    }
    await expectStatus(h.caller().demo.verifyCode({ email, code: other(code) }), 400);
    const err = await expectStatus(h.caller().auth.verifyCode({ email, code }), 400);
    expect(err.message).toBe(MSG.codeInvalid);
  });

  it('refuses a malformed code with 400', async () => {
    const h = await createHarness();
    await expectStatus(h.caller().demo.verifyCode({ email, code: '12ab56' }), 400);
  });
});
