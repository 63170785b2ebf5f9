// admin.security: sign-in attempts with their outcomes (success, failure, rate-limited, disabled), open
// sessions and the audit log, filtered; staff only.
import { describe, expect, it } from 'vitest';
import { createHarness, jsonRequest } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';

describe('admin.security', () => {
  it('records every password and code sign-in attempt and shows sessions and the audit log to staff', async () => {
    const h = await createHarness({ env: { RATE_LIMIT_SIGNIN_PER_EMAIL: '3' } });
    const admin = await h.insertUser({ email: 'admin@example.com' });
    const user = await h.insertUser({ email: 'ann@example.com', password: 'correct horse battery' });
    const login = (password: string, email = 'ann@example.com') =>
      h.app.request('/api/auth/login', jsonRequest('POST', { email, password }, { 'user-agent': 'TestBrowser/1.0' }));
    expect((await login('correct horse battery')).status).toBe(200);
    expect((await login('wrong')).status).toBe(401);
    expect((await login('wrong', 'nobody@example.com')).status).toBe(401);
    expect((await login('wrong')).status).toBe(401);
    expect((await login('wrong')).status).toBe(401);
    expect((await login('wrong')).status).toBe(429);
    // A wrong e-mailed code is a failed attempt too.
    await h.app.request('/api/auth/send-code', jsonRequest('POST', { email: 'bea@example.com' }));
    expect((await h.app.request('/api/auth/verify-code', jsonRequest('POST', { email: 'bea@example.com', code: '000000' }))).status).toBe(400);
    await h.caller(admin).admin.setDisabled({ userId: user.id, disabled: true });

    const all = await h.caller(admin).admin.security();
    expect(all.last24h).toEqual({ success: 1, failure: 5, rate_limited: 1, disabled: 0 });
    expect(all.signIns.find((s) => s.email === 'bea@example.com')).toMatchObject({ method: 'code', outcome: 'failure' });
    expect(all.signIns.find((s) => s.outcome === 'rate_limited')).toMatchObject({
      email: 'ann@example.com',
      outcome: 'rate_limited',
      method: 'password',
      ip: '127.0.0.1',
      userAgent: 'TestBrowser/1.0',
    });
    expect(all.signIns.map((s) => s.email)).toContain('nobody@example.com');
    const failures = await h.caller(admin).admin.security({ outcome: 'failure', search: 'nobody' });
    expect(failures.signIns).toHaveLength(1);
    // The one session ended when the account was disabled.
    expect(all.sessions.total).toBe(0);
    expect(all.audit).toEqual([expect.objectContaining({ actor: 'admin@example.com', action: 'account.disable', target: 'ann@example.com' })]);
    expect(all.actions).toEqual(['account.disable']);
    expect((await h.caller(admin).admin.security({ search: '', action: 'role.set' })).audit).toEqual([]);

    await expectStatus(h.caller(user).admin.security(), 403);
    await expectStatus(h.caller('anon').admin.security(), 401);
    await expectStatus(h.caller(admin).admin.security({ outcome: 'maybe' } as never), 400);
  });

  it('searches for the typed text literally, underscores and percent signs included', async () => {
    const h = await createHarness();
    const admin = await h.insertUser({ email: 'admin@example.com' });
    for (const email of ['jo_ann@example.com', 'joxann@example.com'])
      await h.app.request('/api/auth/login', jsonRequest('POST', { email, password: 'wrong password' }));
    const found = await h.caller(admin).admin.security({ search: 'jo_ann' });
    expect(found.signIns.map((s) => s.email)).toEqual(['jo_ann@example.com']);
    expect((await h.caller(admin).admin.security({ search: '%' })).signIns).toEqual([]);
  });
});
