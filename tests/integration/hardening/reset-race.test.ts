// Defect 4: a password-reset token could be redeemed several times by requests arriving together.
// Redeeming is now one conditional UPDATE that either wins or loses.
// @postgres
import { describe, it, expect } from 'vitest';
import { harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { resetTokenFromMail } from '../foundation/support';

describe('password-reset token under concurrency', () => {
  it('of 10 parallel redemptions exactly one wins; the password is the winner’s', async () => {
    const h = await harnessWithAdmin();
    await h.insertUser({ email: 'race@example.com', password: 'old password' });
    await h.app.request('/api/auth/forgot-password', jsonRequest('POST', { email: 'race@example.com' }));
    const token = await resetTokenFromMail(h, 'race@example.com');

    const passwords = Array.from({ length: 10 }, (_, i) => `new password ${i}`);
    const res = await Promise.all(passwords.map((password) => h.app.request('/api/auth/reset-password', jsonRequest('POST', { token, password }))));
    const statuses = res.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);

    // Exactly one session was started, and only the winning password signs in.
    expect(res.filter((r) => r.headers.getSetCookie().some((c) => c.startsWith('session=') && !c.startsWith('session=;')))).toHaveLength(1);
    const winner = passwords[statuses.indexOf(200)];
    const logins = await Promise.all(
      passwords.map((password) => h.app.request('/api/auth/login', jsonRequest('POST', { email: 'race@example.com', password }))),
    );
    expect(logins.map((r, i) => (r.status === 200 ? passwords[i] : null)).filter(Boolean)).toEqual([winner]);
  });
});
