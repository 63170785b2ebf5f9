// Every procedure of auth, user, leads and admin through createCaller: happy path, anon 401,
// non-staff 403 (admin), one bad input 400.
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHarness, harnessWithAdmin } from '../../helpers/app';
import { leads, users } from '../../../db/schema';
import { MSG } from '../../../src/shared/messages';
import { expectStatus, codeFromMail, resetTokenFromMail } from './support';

describe('auth.*', () => {
  it('signUp creates the account; a bad e-mail is 400 with the field named', async () => {
    const h = await harnessWithAdmin();
    const r = await h.caller().auth.signUp({ name: 'Ada', email: ' Ada@Example.COM ', password: 'correct horse' });
    expect(r).toMatchObject({ success: true, user: { email: 'ada@example.com', name: 'Ada', role: 'user', planType: 'free', trialDaysLeft: 7 } });
    const err = await expectStatus(h.caller().auth.signUp({ name: 'Ada', email: 'not-an-email', password: 'correct horse' }), 400);
    expect(err.message).toContain('email');
    await expectStatus(h.caller().auth.signUp({ name: 'Ada', email: 'ada@example.com', password: 'correct horse' }), 409);
  });

  it('signIn with the right password; wrong password 401; missing password 400', async () => {
    const h = await harnessWithAdmin();
    await h.insertUser({ email: 'bob@example.com', password: 'correct horse' });
    const r = await h.caller().auth.signIn({ email: 'BOB@example.com', password: 'correct horse' });
    expect(r.user.email).toBe('bob@example.com');
    const err = await expectStatus(h.caller().auth.signIn({ email: 'bob@example.com', password: 'wrong horse' }), 401);
    expect(err.message).toBe(MSG.invalidCredentials);
    await expectStatus(h.caller().auth.signIn({ email: 'bob@example.com', password: '' }), 400);
  });

  it('signOut needs a session (anon 401) and succeeds for a user; input must be empty', async () => {
    const h = await harnessWithAdmin();
    const u = await h.insertUser();
    expect(await h.caller(u).auth.signOut()).toEqual({ success: true });
    await expectStatus(h.caller().auth.signOut(), 401);
    await expectStatus(h.caller(u).auth.signOut({ x: 1 } as never), 400);
  });

  it('check reports the session (anon: not authenticated)', async () => {
    const h = await harnessWithAdmin();
    expect(await h.caller().auth.check()).toEqual({ authenticated: false, user: null });
    const u = await h.insertUser({ name: 'Cy' });
    expect(await h.caller(u).auth.check()).toMatchObject({ authenticated: true, user: { id: u.id, name: 'Cy', isAdmin: false } });
    await expectStatus(h.caller().auth.check('x' as never), 400);
  });

  it('sendCode mails a 6-digit code; verifyCode signs in; a malformed code is 400', async () => {
    const h = await harnessWithAdmin();
    expect(await h.caller().auth.sendCode({ email: 'dee@example.com' })).toEqual({ success: true, message: MSG.codeSent });
    const code = await codeFromMail(h, 'dee@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const r = await h.caller().auth.verifyCode({ email: 'dee@example.com', code });
    expect(r).toMatchObject({ success: true, message: MSG.codeVerified, user: { email: 'dee@example.com', role: 'user' } });
    const err = await expectStatus(h.caller().auth.verifyCode({ email: 'dee@example.com', code: '12ab56' }), 400);
    expect(err.message).toContain(MSG.codeFormat);
    await expectStatus(h.caller().auth.sendCode({ email: '' }), 400);
  });

  it('forgotPassword answers the same for unknown addresses; resetPassword sets the password', async () => {
    const h = await harnessWithAdmin();
    await h.insertUser({ email: 'eve@example.com', password: 'old password' });
    const same = { success: true, message: MSG.resetLinkSent };
    expect(await h.caller().auth.forgotPassword({ email: 'eve@example.com' })).toEqual(same);
    expect(await h.caller().auth.forgotPassword({ email: 'nobody@example.com' })).toEqual(same);
    const token = await resetTokenFromMail(h, 'eve@example.com');
    expect(await h.caller().auth.resetPassword({ token, password: 'new password' })).toEqual({ success: true, message: MSG.passwordResetDone });
    await h.caller().auth.signIn({ email: 'eve@example.com', password: 'new password' });
    await expectStatus(h.caller().auth.resetPassword({ token, password: 'short' }), 400);
    await expectStatus(h.caller().auth.forgotPassword({ email: 'x' }), 400);
  });

  it('providers lists which OAuth providers are configured', async () => {
    expect(await (await createHarness()).caller().auth.providers()).toEqual({ google: false, github: false });
    const h = await createHarness({ env: { GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' } });
    expect(await h.caller().auth.providers()).toEqual({ google: false, github: true });
    await expectStatus(h.caller().auth.providers(1 as never), 400);
  });
});

describe('user.*', () => {
  it('get returns the signed-in user; anon 401', async () => {
    const h = await harnessWithAdmin();
    const u = await h.insertUser({ name: 'Fay', planType: 'basic' });
    expect(await h.caller(u).user.get()).toMatchObject({
      id: u.id,
      name: 'Fay',
      planType: 'basic',
      plan_type: 'basic',
      subscription: { plan: 'basic' },
      trialDaysLeft: null,
    });
    expect(await h.caller(h.admin).user.get()).toMatchObject({ role: 'admin', isAdmin: true, effectivePlan: 'enterprise' });
    await expectStatus(h.caller().user.get(), 401);
    await expectStatus(h.caller(u).user.get(7 as never), 400);
  });

  it('update changes fullName and avatar; anon 401; empty name 400; non-image avatar 400', async () => {
    const h = await harnessWithAdmin();
    const u = await h.insertUser();
    const avatar = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
    expect(await h.caller(u).user.update({ fullName: 'New Name', avatar })).toMatchObject({ name: 'New Name', avatar });
    expect(await h.caller(u).user.update({ fullName: 'Kept Avatar' })).toMatchObject({ name: 'Kept Avatar', avatar });
    expect(await h.caller(u).user.update({ fullName: 'No Avatar', avatar: null })).toMatchObject({ avatar: null });
    await expectStatus(h.caller().user.update({ fullName: 'X' }), 401);
    await expectStatus(h.caller(u).user.update({ fullName: '   ' }), 400);
    const err = await expectStatus(h.caller(u).user.update({ fullName: 'X', avatar: 'javascript:alert(1)' }), 400);
    expect(err.message).toContain(MSG.avatarNotImage);
    expect((await h.db.select().from(users).where(eq(users.id, u.id)))[0]?.name).toBe('No Avatar');
  });
});

describe('leads.subscribe', () => {
  it('stores the lead once per e-mail; bad e-mail 400', async () => {
    const h = await createHarness();
    const r = await h.caller().leads.subscribe({ email: 'Lead@Example.com', firstName: 'Lee' });
    expect(r.success).toBe(true);
    await h.caller().leads.subscribe({ email: 'lead@example.com', firstName: 'Leo' });
    const rows = await h.db.select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'lead@example.com', firstName: 'Leo' });
    await expectStatus(h.caller().leads.subscribe({ email: 'nope', firstName: 'X' }), 400);
  });
});

describe('admin.listUsers', () => {
  it('lists users for staff; anon 401; plain user 403; bad paging 400', async () => {
    const h = await harnessWithAdmin();
    const manager = await h.insertUser({ role: 'manager' });
    const plain = await h.insertUser();
    const r = await h.caller(h.admin).admin.listUsers({ limit: 2, offset: 0 });
    expect(r.total).toBe(3);
    expect(r.users).toHaveLength(2);
    expect((await h.caller(manager).admin.listUsers()).users.map((u) => u.id).sort()).toEqual([h.admin.id, manager.id, plain.id].sort());
    await expectStatus(h.caller().admin.listUsers(), 401);
    const err = await expectStatus(h.caller(plain).admin.listUsers(), 403);
    expect(err.message).toBe(MSG.forbidden);
    await expectStatus(h.caller(h.admin).admin.listUsers({ limit: 0, offset: 0 }), 400);
  });
});
