// Accounts and sign-in codes under simultaneous requests: usernames made from one local part stay
// unique, an address keeps one usable code, a code is spent once and every wrong try is counted. Code
// sign-ins hash no password, so the requests meet at the checks (on Postgres, truly at once).
// @postgres
import { describe, it, expect } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { emailCodes, sessions, users } from '../../../db/schema';
import { BILLING_MSG } from '../../../src/shared/schemas/billing';
import { harnessWithAdmin } from '../../helpers/app';
import { CODE_MAX_ATTEMPTS } from '../../../src/server/auth/codes';
import { MSG } from '../../../src/shared/messages';
import { codeFromMail } from '../foundation/support';
import { times, together } from './support';

const N = 10;
const off = { env: { RATE_LIMITS: 'off' } };

describe('usernames', () => {
  it(`${N} simultaneous first sign-ins of addresses with one local part each make an account with its own username`, async () => {
    const h = await harnessWithAdmin(off);
    const emails = Array.from({ length: N }, (_, i) => `ann@site${i}.example.com`);
    for (const email of emails) await h.caller().auth.sendCode({ email });
    const codes = await Promise.all(emails.map((email) => codeFromMail(h, email)));

    const { ok } = await together(emails.map((email, i) => h.caller().auth.verifyCode({ email, code: codes[i]! })));
    expect(ok).toHaveLength(N);
    const made = await h.db.select({ username: users.username }).from(users).where(inArray(users.email, emails));
    expect(new Set(made.map((u) => u.username)).size).toBe(N);
    expect(made.map((u) => u.username)).toContain('ann');
  });
});

describe('one address', () => {
  // The trial form answers the same for a new and an existing address; two sends of the form at once
  // (a double click) must not turn the second into an error.
  it(`${N} simultaneous free-trial sign-ups of one new address make one account and all get the same answer (five rounds)`, async () => {
    const h = await harnessWithAdmin(off);
    for (let round = 0; round < 5; round++) {
      const email = `trial${round}@example.com`;
      const { ok } = await together(Array.from({ length: N }, () => h.caller().billing.startTrial({ email, name: 'Tria', plan: 'basic' })));
      expect(ok).toEqual(times(N, { success: true, message: BILLING_MSG.trialStarted }));
      expect(await h.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    }
  });
});

describe('sign-in codes', () => {
  const unused = (h: Awaited<ReturnType<typeof harnessWithAdmin>>, email: string) =>
    h.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), isNull(emailCodes.usedAt)));

  it(`${N} simultaneous requests for a code leave the address exactly one usable code`, async () => {
    const h = await harnessWithAdmin(off);
    const email = 'often@example.com';
    const { ok } = await together(Array.from({ length: N }, () => h.caller().auth.sendCode({ email })));
    expect(ok).toHaveLength(N);
    expect(await unused(h, email)).toHaveLength(1);
  });

  it(`the one right code given ${N} times at once signs in once; the others are refused (five rounds)`, async () => {
    const h = await harnessWithAdmin(off);
    const email = 'reader@example.com';
    const user = await h.insertUser({ email, verified: true });
    for (let round = 1; round <= 5; round++) {
      await h.caller().auth.sendCode({ email });
      const code = await codeFromMail(h, email);
      const { ok, refused } = await together(Array.from({ length: N }, () => h.caller().auth.verifyCode({ email, code })));
      expect(ok).toHaveLength(1);
      expect(refused).toEqual(times(N - 1, { status: 400, message: MSG.codeInvalid }));
      expect(await h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(round);
    }
  });

  it(`${CODE_MAX_ATTEMPTS - 1} wrong codes at once count ${CODE_MAX_ATTEMPTS - 1} tries; one more voids the code`, async () => {
    const h = await harnessWithAdmin(off);
    const email = 'guessed@example.com';
    await h.caller().auth.sendCode({ email });
    const code = await codeFromMail(h, email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

    const { refused } = await together(Array.from({ length: CODE_MAX_ATTEMPTS - 1 }, (_, i) => h.caller().auth.verifyCode({ email, code: wrong(i) })));
    expect(refused).toEqual(times(CODE_MAX_ATTEMPTS - 1, { status: 400, message: MSG.codeInvalid }));
    expect((await unused(h, email)).map((c) => c.attempts)).toEqual([CODE_MAX_ATTEMPTS - 1]);
    await expect(h.caller().auth.verifyCode({ email, code: wrong(CODE_MAX_ATTEMPTS) })).rejects.toMatchObject({ message: MSG.codeInvalid });
    await expect(h.caller().auth.verifyCode({ email, code })).rejects.toMatchObject({ message: MSG.codeInvalid });
  });
});
