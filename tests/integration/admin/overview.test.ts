// admin.overview: the numbers the admin home shows, from the database as it is; staff only.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { createHarness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';

describe('admin.overview', () => {
  it('counts accounts, sign-ups per day, plans, publications and the queue', async () => {
    const h = createHarness();
    const admin = await h.insertUser({ email: 'admin@example.com' });
    const pro = await h.insertUser({ email: 'pro@example.com', planType: 'professional' });
    const old = await h.insertUser({ email: 'old@example.com' });
    h.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(users.id, old.id))
      .run();
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
});
