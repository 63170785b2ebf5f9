// The free trial (an account with the trial's plan for 7 days, then free with everything kept) and
// Contact Sales (stored, every admin told by mail).
// @postgres
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, salesRequests, users } from '../../../db/schema';
import { createHarness, jsonRequest } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { codeFromMail } from '../foundation/support';
import { BILLING_MSG } from '../../../src/shared/schemas/billing';
import { canUseThemeTier, effectivePlan } from '../../../src/shared/plans';
import { toSessionUser } from '../../../src/server/auth/service';

const DAY = 86_400_000;

describe('free trial', () => {
  it('creates a password-less account with the trial plan and mails a sign-in code; the code signs in', async () => {
    const h = await createHarness();
    await h.insertUser({ email: 'admin@example.com' });
    const anon = h.caller('anon');
    await expectStatus(anon.billing.startTrial({ email: '', name: 'Ann' }), 400, BILLING_MSG.missingInfo);
    await expectStatus(anon.billing.startTrial({ email: 'ann@example.com', name: '  ' }), 400, BILLING_MSG.missingInfo);
    await expectStatus(anon.billing.startTrial({ email: 'not-an-address', name: 'Ann' }), 400, 'Please enter a valid email address');

    expect(await anon.billing.startTrial({ email: 'Ann@Example.com', name: 'Ann Trial', plan: 'professional' })).toEqual({
      success: true,
      message: BILLING_MSG.trialStarted,
    });
    const [row] = await h.db.select().from(users).where(eq(users.email, 'ann@example.com'));
    expect(row).toMatchObject({ name: 'Ann Trial', planType: 'free', trialPlan: 'professional', passwordHash: null });

    // The mailed code signs the visitor in (REST, as the confirmation page does).
    const res = await h.app.request('/api/auth/verify-code', jsonRequest('POST', { email: 'ann@example.com', code: await codeFromMail(h, 'ann@example.com') }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { effectivePlan: string; trialPlan: string; trialDaysLeft: number } };
    expect(body.user).toMatchObject({ effectivePlan: 'professional', trialPlan: 'professional', trialDaysLeft: 7 });
  });

  it('an address that already has an account gets the same answer and keeps its plan', async () => {
    const h = await createHarness();
    await h.insertUser({ email: 'admin@example.com' });
    const existing = await h.insertUser({ email: 'old@example.com', planType: 'basic' });
    expect(await h.caller('anon').billing.startTrial({ email: 'old@example.com', name: 'Someone', plan: 'professional' })).toEqual({
      success: true,
      message: BILLING_MSG.trialStarted,
    });
    expect((await h.db.select().from(users).where(eq(users.id, existing.id)))[0]).toMatchObject({ planType: 'basic', trialPlan: null, name: existing.name });
  });

  it('REST /api/start-free-trial answers { success, message }, or the spec’s missing-information message', async () => {
    const h = await createHarness();
    const ok = await h.app.request('/api/start-free-trial', jsonRequest('POST', { email: 'rest@example.com', name: 'Rest Trial', plan: 'basic' }));
    expect(await ok.json()).toEqual({ success: true, message: BILLING_MSG.trialStarted });
    const missing = await h.app.request('/api/start-free-trial', jsonRequest('POST', { email: 'rest2@example.com' }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ success: false, message: BILLING_MSG.missingInfo });
  });

  it('grants the trial plan for 7 days, then the free plan; enterprise trials are basic', async () => {
    const start = new Date('2026-11-01T12:00:00Z');
    const user = { role: 'user', planType: 'free', trialPlan: 'professional', createdAt: start };
    expect(effectivePlan(user, new Date(start.getTime() + 6 * DAY))).toBe('professional');
    expect(canUseThemeTier({ ...user, createdAt: new Date() }, 'professional')).toBe(true);
    expect(effectivePlan(user, new Date(start.getTime() + 7 * DAY + 1))).toBe('free');
    expect(effectivePlan({ ...user, trialPlan: 'enterprise' }, start)).toBe('basic');
    // A paid plan is never lowered by a trial, and admins stay enterprise.
    expect(effectivePlan({ ...user, planType: 'business' }, start)).toBe('business');
    expect(effectivePlan({ ...user, role: 'admin' }, new Date(start.getTime() + 30 * DAY))).toBe('enterprise');

    const h = await createHarness();
    await h.insertUser({ email: 'admin@example.com' });
    await h.caller('anon').billing.startTrial({ email: 'late@example.com', name: 'Late', plan: 'basic' });
    const [row] = await h.db.select().from(users).where(eq(users.email, 'late@example.com'));
    await h.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(users.id, row!.id));
    const [aged] = await h.db.select().from(users).where(eq(users.id, row!.id));
    const after = toSessionUser(aged!);
    expect(await h.caller(after).billing.subscription()).toMatchObject({ currentPlan: 'free', trialDaysLeft: 0 });
  });
});

describe('contact sales', () => {
  it('stores the request and mails every admin; signed-out callers get 401', async () => {
    const h = await createHarness();
    await h.insertUser({ email: 'admin@example.com', name: 'Admin' });
    await h.insertUser({ email: 'admin2@example.com', role: 'admin' });
    const user = await h.insertUser({ email: 'corp@example.com', name: 'Cora Corp' });
    expect(await h.caller(user).billing.contactSales({ company: 'Corp Ltd', message: 'We need 40 seats' })).toEqual({
      success: true,
      message: BILLING_MSG.salesRequestSent,
    });
    expect(await h.db.select().from(salesRequests)).toEqual([
      expect.objectContaining({ userId: user.id, email: 'corp@example.com', company: 'Corp Ltd', message: 'We need 40 seats' }),
    ]);
    const mails = (await h.db.select().from(outbox)).filter((m) => m.subject === 'Enterprise enquiry from Cora Corp');
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['admin2@example.com', 'admin@example.com']);
    expect(mails[0]!.text).toContain('We need 40 seats');
    await expectStatus(h.caller('anon').billing.contactSales({}), 401);
  });
});
