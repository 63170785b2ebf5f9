// admin.overview: the numbers the admin home shows, from the database as it is; staff only.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { createHarness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';

describe('admin.overview', () => {
  it('counts accounts, sign-ups per day, plans, publications and the queue', async () => {
    const h = await createHarness();
    const admin = await h.insertUser({ email: 'admin@example.com' });
    const pro = await h.insertUser({ email: 'pro@example.com', planType: 'professional' });
    const old = await h.insertUser({ email: 'old@example.com' });
    await h.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(users.id, old.id));
    await h.caller(pro).publications.create({ name: 'Pro Weekly' });
    await h.caller(admin).admin.setRole({ userId: old.id, role: 'manager' });

    const o = await h.caller(admin).admin.overview();
    expect(o.users).toBe(3);
    expect(o.signups).toHaveLength(14);
    expect(o.signups.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 2 });
    expect(o.signups.at(-4)!.count).toBe(1);
    expect(o.signups.reduce((n, d) => n + d.count, 0)).toBe(3);
    expect(o.plans).toEqual({ free: 2, basic: 0, professional: 1, business: 0, enterprise: 0 });
    expect(o.publications).toBe(1);
    expect(o.recentAudit).toEqual([expect.objectContaining({ actor: 'admin@example.com', action: 'role.set', target: 'old@example.com' })]);
    expect(o.queue).toEqual(expect.any(Object));
    await expectStatus(h.caller(pro).admin.overview(), 403);
    await expectStatus(h.caller('anon').admin.overview(), 401);
  });

  it('counts sign-ups per UTC day: a millisecond before midnight is the day before, midnight the day after; 14 days back is the first', async () => {
    const now = new Date('2026-03-10T15:00:00.000Z');
    const h = await createHarness({ deps: { now: () => now } });
    const admin = await h.insertUser({ email: 'admin@example.com', createdAt: new Date('2026-03-10T00:00:00.000Z') });
    const at = (iso: string, email: string) => h.insertUser({ email, createdAt: new Date(iso) });
    await at('2026-03-09T23:59:59.999Z', 'late@example.com');
    await at('2026-03-09T00:00:00.000Z', 'early@example.com');
    await at('2026-03-08T23:59:59.999Z', 'before@example.com');
    await at('2026-02-25T00:00:00.000Z', 'first-day@example.com');
    await at('2026-02-24T23:59:59.999Z', 'too-old@example.com');

    const o = await h.caller(admin).admin.overview();
    expect(o.signups[0]).toEqual({ day: '2026-02-25', count: 1 });
    expect(o.signups.slice(-3)).toEqual([
      { day: '2026-03-08', count: 1 },
      { day: '2026-03-09', count: 2 },
      { day: '2026-03-10', count: 1 },
    ]);
    expect(o.signups.reduce((n, d) => n + d.count, 0)).toBe(5);
    expect(o.users).toBe(6);
  });
});
