// The first account on an empty database is the admin: the count of accounts and the insert are one
// transaction, so sign-ups arriving together still make exactly one admin.
// @postgres
import { describe, it, expect } from 'vitest';
import { sessions, users } from '../../../db/schema';
import { createHarness, jsonRequest } from '../../helpers/app';
import { codeFromMail } from '../foundation/support';
import { together } from './support';

const N = 20;

async function roles(h: Awaited<ReturnType<typeof createHarness>>) {
  const rows = await h.db.select({ role: users.role }).from(users);
  return { admins: rows.filter((r) => r.role === 'admin').length, users: rows.filter((r) => r.role === 'user').length };
}

describe('first sign-ups on an empty database', () => {
  // Each password sign-up hashes its password first (argon2 on a small thread pool), which spreads the
  // requests out on one SQLite process; on Postgres they meet at the check.
  it(`${N} simultaneous password sign-ups make exactly one admin and ${N - 1} users, each with a session`, async () => {
    const h = await createHarness({ env: { RATE_LIMITS: 'off' } });
    const res = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        h.app.request('/api/auth/signup', jsonRequest('POST', { name: `Early ${i}`, email: `early${i}@example.com`, password: 'correct horse' })),
      ),
    );
    expect(res.map((r) => r.status)).toEqual(res.map(() => 201));
    expect(await roles(h)).toEqual({ admins: 1, users: N - 1 });
    expect(await h.db.select().from(sessions)).toHaveLength(N);
  });

  // A code sign-in of a new address creates the account with no password to hash: the requests reach
  // the first-account check together.
  it(`${N} simultaneous first sign-ins by e-mail code make exactly one admin`, async () => {
    const h = await createHarness({ env: { RATE_LIMITS: 'off' } });
    const emails = Array.from({ length: N }, (_, i) => `coder${i}@example.com`);
    for (const email of emails) await h.caller().auth.sendCode({ email });
    const codes = await Promise.all(emails.map((email) => codeFromMail(h, email)));
    const { ok } = await together(emails.map((email, i) => h.caller().auth.verifyCode({ email, code: codes[i]! })));
    expect(ok).toHaveLength(N);
    expect(await roles(h)).toEqual({ admins: 1, users: N - 1 });
  });
});
