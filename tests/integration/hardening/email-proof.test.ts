// Proving an address (an e-mail code) confirms the account's owner. An account someone else opened in the
// owner's name, with a password the owner never chose, must not survive the owner's first sign-in.
import { describe, it, expect } from 'vitest';
import { harnessWithAdmin, jsonRequest, cookieFrom } from '../../helpers/app';
import { codeFromMail, signUpRest } from '../foundation/support';

const login = (h: Awaited<ReturnType<typeof harnessWithAdmin>>, email: string, password: string) =>
  h.app.request('/api/auth/login', jsonRequest('POST', { email, password }));

async function proveAddress(h: Awaited<ReturnType<typeof harnessWithAdmin>>, email: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  await h.app.request('/api/auth/send-code', jsonRequest('POST', { email }, headers));
  const res = await h.app.request('/api/auth/verify-code', jsonRequest('POST', { email, code: await codeFromMail(h, email) }, headers));
  expect(res.status).toBe(200);
  return res;
}

describe('e-mail proof', () => {
  it('the owner signing in with a code ends a squatter’s password and sessions', async () => {
    const h = await harnessWithAdmin();
    const squatter = await signUpRest(h, { email: 'owner@example.com', password: 'squatter password' });
    const res = await proveAddress(h, 'owner@example.com');
    expect(await res.json()).toMatchObject({ user: { email: 'owner@example.com', emailVerified: true } });
    expect((await login(h, 'owner@example.com', 'squatter password')).status).toBe(401);
    expect((await h.app.request('/api/user', { headers: { cookie: squatter.cookie } })).status).toBe(401);
    expect((await h.app.request('/api/user', { headers: { cookie: cookieFrom(res) } })).status).toBe(200);
  });

  it('a signed-in owner verifying their own address keeps their password and session', async () => {
    const h = await harnessWithAdmin();
    const me = await signUpRest(h, { email: 'me@example.com', password: 'my own password' });
    const res = await proveAddress(h, 'me@example.com', me.cookie);
    expect(await res.json()).toMatchObject({ user: { emailVerified: true } });
    expect((await login(h, 'me@example.com', 'my own password')).status).toBe(200);
    expect((await h.app.request('/api/user', { headers: { cookie: me.cookie } })).status).toBe(200);
  });
});
