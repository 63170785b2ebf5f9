// Sign-up writes the account and its first session in one transaction: a session that cannot be
// written leaves no account behind, without any clean-up deleting one afterwards.
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../../db/schema';
import { allowInserts, recordDeletes, refuseInserts } from '../../helpers/db-faults';
import { createHarness, harnessWithAdmin, jsonRequest } from '../../helpers/app';

const signUp = (email: string, name = 'Sam') => jsonRequest('POST', { name, email, password: 'correct horse' });

describe('sign-up and its session', () => {
  it('a session insert that fails inside sign-up leaves no account, and no account is deleted to get there', async () => {
    const h = await harnessWithAdmin();
    const deletedAccounts = await recordDeletes(h.db, 'users');
    await refuseInserts(h.db, 'sessions', 'sessions unavailable');

    const res = await h.app.request('/api/auth/signup', signUp('sam@example.com'));
    expect(res.status).toBe(500);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(false);
    expect(await h.db.select().from(users).where(eq(users.email, 'sam@example.com'))).toEqual([]);
    expect(await h.db.select().from(sessions)).toEqual([]);
    expect(await deletedAccounts()).toEqual([]);

    // Once sessions can be written again the same address signs up, as a plain user.
    await allowInserts(h.db, 'sessions');
    const again = await h.app.request('/api/auth/signup', signUp('sam@example.com'));
    expect(again.status).toBe(201);
    expect(again.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(true);
    const [row] = await h.db.select().from(users).where(eq(users.email, 'sam@example.com'));
    expect(row).toMatchObject({ role: 'user' });
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(1);
  });

  it('sign-ups arriving together on an empty database make exactly one admin', async () => {
    const h = await createHarness();
    const emails = Array.from({ length: 6 }, (_, i) => `early${i}@example.com`);
    const res = await Promise.all(emails.map((e, i) => h.app.request('/api/auth/signup', signUp(e, `Early ${i}`))));
    expect(res.map((r) => r.status)).toEqual(emails.map(() => 201));
    const rows = await h.db.select({ role: users.role }).from(users);
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.role === 'admin')).toHaveLength(1);
    expect(await h.db.select().from(sessions)).toHaveLength(6);
  });
});
