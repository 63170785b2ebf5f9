import { describe, it, expect } from 'vitest';
import { createHarness, jsonRequest, cookieFrom } from '../helpers/app';
import { MSG } from '../../src/shared/messages';

describe('REST /api/auth and /api/user', () => {
  it('signs up (first account is admin), checks, reads and updates the user, signs out', async () => {
    const { app } = createHarness();
    const res = await app.request('/api/auth/signup', jsonRequest('POST', { name: 'Ada', email: 'Ada@Example.com', password: 'correct horse' }));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.user.email).toBe('ada@example.com');
    expect(body.user.role).toBe('admin');
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieFrom(res);

    const check = await app.request('/api/auth/check', { headers: { cookie } });
    expect(check.headers.get('X-Protected-Content')).toBe('true');
    expect(check.headers.get('X-Anti-Scraping')).toBe('active');
    expect((await check.json()).authenticated).toBe(true);

    const upd = await app.request('/api/user', jsonRequest('PUT', { fullName: '  Ada L.  ' }, { cookie }));
    expect(upd.status).toBe(200);
    expect((await upd.json()).name).toBe('Ada L.');

    const second = await app.request('/api/auth/signup', jsonRequest('POST', { name: 'Bob', email: 'bob@example.com', password: 'correct horse' }));
    expect((await second.json()).user.role).toBe('user');

    const out = await app.request('/api/auth/logout', jsonRequest('POST', undefined, { cookie }));
    expect(out.status).toBe(200);
    const after = await app.request('/api/user', { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it('answers login failures the same whether or not the account exists', async () => {
    const { app } = createHarness();
    await app.request('/api/auth/signup', jsonRequest('POST', { name: 'Ada', email: 'ada@example.com', password: 'correct horse' }));
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      const res = await app.request('/api/auth/login', jsonRequest('POST', { email, password: 'wrong password' }));
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, message: MSG.invalidCredentials });
    }
  });
});
