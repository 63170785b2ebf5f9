// @postgres
import { describe, it, expect } from 'vitest';
import { harnessWithAdmin, jsonRequest, cookieFrom } from '../../helpers/app';
import { expectStatus } from './factories';
import { INTEGRATIONS_NOTE } from '../../../src/server/integrations/status';
import { MSG } from '../../../src/shared/messages';

async function signUp(app: Awaited<ReturnType<typeof harnessWithAdmin>>['app'], email: string) {
  const res = await app.request('/api/auth/signup', jsonRequest('POST', { name: 'Rest User', email, password: 'correct horse battery' }));
  expect(res.status).toBe(201);
  return cookieFrom(res);
}

describe('billing.subscription and GET /api/subscription', () => {
  it("returns the user's plan; admins are enterprise whatever their stored plan", async () => {
    const h = await harnessWithAdmin();
    for (const planType of ['free', 'basic', 'professional', 'business', 'enterprise'] as const) {
      expect(await h.caller(await h.insertUser({ planType })).billing.subscription()).toMatchObject({ currentPlan: planType });
    }
    const adminOnFree = await h.insertUser({ role: 'admin', planType: 'free' });
    expect(await h.caller(adminOnFree).billing.subscription()).toMatchObject({ currentPlan: 'enterprise', trialDaysLeft: null });
    // Staff other than admin get no plan upgrade from their role.
    expect(await h.caller(await h.insertUser({ role: 'manager', planType: 'basic' })).billing.subscription()).toMatchObject({ currentPlan: 'basic' });
  });

  it('answers 401 when signed out, over tRPC and REST', async () => {
    const h = await harnessWithAdmin();
    await expectStatus(h.caller('anon').billing.subscription(), 401, MSG.notSignedIn);
    const res = await h.app.request('/api/subscription');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, message: MSG.notSignedIn, code: 'UNAUTHORIZED' });
  });

  it('serves GET /api/subscription to a signed-in user', async () => {
    const h = await harnessWithAdmin();
    const cookie = await signUp(h.app, 'plan@example.com');
    const res = await h.app.request('/api/subscription', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      currentPlan: 'free',
      status: null,
      periodEnd: null,
      cancelAtPeriodEnd: false,
      source: null,
      paymentsEnabled: false,
      trialDaysLeft: 7,
      payment: null,
    });
  });
});

describe('integrations.status and GET /api/integrations', () => {
  it("reports every platform disconnected, with a note, and lists the user's own publications", async () => {
    let clock = new Date('2026-11-21T08:00:00.000Z');
    const h = await harnessWithAdmin({ deps: { now: () => clock } });
    const user = await h.insertUser({ planType: 'professional' });
    const stranger = await h.insertUser({ planType: 'professional' });
    await h.caller(stranger).publications.create({ name: 'Not yours' });
    const a = await h.caller(user).publications.create({ name: 'Alpha' });
    clock = new Date('2026-11-21T09:00:00.000Z');
    const b = await h.caller(user).publications.create({ name: 'Beta' });

    const status = await h.caller(user).integrations.status();
    expect(status.success).toBe(true);
    expect(status.data.platforms).toEqual({
      brevo: { connected: false },
      mailchimp: { connected: false },
      mailerlite: { connected: false },
      beehiiv: { connected: false },
      substack: { connected: false },
    });
    expect(status.data.brevo).toEqual({ connected: false });
    expect(status.data.note).toBe(INTEGRATIONS_NOTE);
    expect(status.data.publications).toEqual([
      { id: b.id, date: '2026-11-21T09:00:00.000Z', title: 'Beta', platform: 'newsletter', status: 'draft' },
      { id: a.id, date: '2026-11-21T08:00:00.000Z', title: 'Alpha', platform: 'newsletter', status: 'draft' },
    ]);
  });

  it('answers 401 when signed out and serves the same body over REST', async () => {
    const h = await harnessWithAdmin();
    await expectStatus(h.caller('anon').integrations.status(), 401);
    expect((await h.app.request('/api/integrations')).status).toBe(401);

    const cookie = await signUp(h.app, 'rest@example.com');
    const empty = await h.app.request('/api/integrations', { headers: { cookie } });
    expect(empty.status).toBe(200);
    const body = await empty.json();
    expect(body).toMatchObject({ success: true, data: { brevo: { connected: false }, publications: [] } });

    const created = await h.app.request('/api/trpc/publications.create', jsonRequest('POST', { name: 'Over HTTP' }, { cookie }));
    expect(created.status).toBe(200);
    const after = await (await h.app.request('/api/integrations', { headers: { cookie } })).json();
    expect(after.data.publications.map((p: { title: string }) => p.title)).toEqual(['Over HTTP']);
  });

  it('rejects input on these input-less procedures with 400', async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await h.insertUser());
    await expectStatus((api.integrations.status as (x: unknown) => Promise<unknown>)({ bogus: true }), 400);
    await expectStatus((api.billing.subscription as (x: unknown) => Promise<unknown>)({ bogus: true }), 400);
  });
});
