// admin.* user management: every staff role lists and filters; only admins change roles, disable,
// end sessions and delete; every change is in the audit log; an active admin always remains.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, sessions, users } from '../../../db/schema';
import { cookieFrom, createHarness, jsonRequest } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { ADMIN_USERS_MSG } from '../../../src/server/user/admin-users';
import { ACCOUNT_DISABLED } from '../../../src/server/auth/service';

const PASSWORD = 'correct horse battery';

async function setup() {
  const h = await createHarness();
  const admin = await h.insertUser({ email: 'admin@example.com', name: 'Ada Admin', password: PASSWORD });
  const manager = await h.insertUser({ email: 'manager@example.com', name: 'Max Manager', role: 'manager' });
  const ann = await h.insertUser({ email: 'ann@example.com', name: 'Ann Author', planType: 'basic', password: PASSWORD });
  const bob = await h.insertUser({ email: 'bob@example.com', name: 'Bob Builder' });
  return { h, admin, manager, ann, bob };
}

const audits = (h: Awaited<ReturnType<typeof createHarness>>, userId: string) => h.db.select().from(auditLog).where(eq(auditLog.targetUserId, userId));

describe('admin.listUsers', () => {
  it('searches and filters for every staff role; users 403, anon 401, bad input 400', async () => {
    const { h, manager, ann, bob } = await setup();
    const all = await h.caller(manager).admin.listUsers();
    expect(all.total).toBe(4);
    expect((await h.caller(manager).admin.listUsers({ search: 'builder' })).users.map((u) => u.email)).toEqual(['bob@example.com']);
    expect((await h.caller(manager).admin.listUsers({ plan: 'basic' })).users.map((u) => u.id)).toEqual([ann.id]);
    expect((await h.caller(manager).admin.listUsers({ role: 'manager' })).users.map((u) => u.id)).toEqual([manager.id]);
    // A search for a wildcard character matches it literally.
    expect((await h.caller(manager).admin.listUsers({ search: '%' })).total).toBe(0);
    expect(all.users.find((u) => u.id === bob.id)).toMatchObject({ disabled: false, activeSessions: 0 });
    await expectStatus(h.caller(ann).admin.listUsers(), 403);
    await expectStatus(h.caller('anon').admin.listUsers(), 401);
    await expectStatus(h.caller(manager).admin.listUsers({ limit: 0 } as never), 400);
  });

  it('pages through accounts created in the same millisecond in one order, newest first and then by id', async () => {
    const at = new Date('2026-11-24T10:00:00.000Z');
    const h = await createHarness({ deps: { now: () => at } });
    const admin = await h.insertUser({ email: 'admin@example.com', createdAt: new Date(at.getTime() - 1000) });
    const twins = await Promise.all(['c', 'a', 'd', 'b'].map((n) => h.insertUser({ email: `${n}@example.com` })));
    const expected = [
      ...twins
        .map((u) => u.id)
        .sort()
        .reverse(),
      admin.id,
    ];
    const pages = [];
    for (let offset = 0; offset < 5; offset += 2) pages.push(...(await h.caller(admin).admin.listUsers({ limit: 2, offset })).users.map((u) => u.id));
    expect(pages).toEqual(expected);
  });
});

describe('changes (admins only, audited)', () => {
  it('changes a role; managers cannot; an admin cannot change their own role', async () => {
    const { h, admin, manager, ann } = await setup();
    expect(await h.caller(admin).admin.setRole({ userId: ann.id, role: 'supervisor' })).toEqual({ success: true, role: 'supervisor' });
    const [stored] = await h.db.select({ role: users.role }).from(users).where(eq(users.id, ann.id));
    expect(stored!.role).toBe('supervisor');
    expect(await audits(h, ann.id)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: 'admin@example.com',
        action: 'role.set',
        ip: '127.0.0.1',
        detail: { email: 'ann@example.com', from: 'user', to: 'supervisor' },
      }),
    ]);
    await expectStatus(h.caller(manager).admin.setRole({ userId: ann.id, role: 'admin' }), 403, ADMIN_USERS_MSG.adminOnly);
    await expectStatus(h.caller(admin).admin.setRole({ userId: admin.id, role: 'user' }), 400, ADMIN_USERS_MSG.notYourself);
    await expectStatus(h.caller(admin).admin.setRole({ userId: 'nobody', role: 'user' }), 404, ADMIN_USERS_MSG.notFound);
    await expectStatus(h.caller(admin).admin.setRole({ userId: ann.id, role: 'owner' as never }), 400);
    // Two admins: one may demote the other, never the last one.
    await h.caller(admin).admin.setRole({ userId: ann.id, role: 'admin' });
    const annAdmin = { ...ann, role: 'admin' as const };
    await h.caller(annAdmin).admin.setRole({ userId: admin.id, role: 'user' });
    await expectStatus(h.caller(annAdmin).admin.setDisabled({ userId: annAdmin.id, disabled: true }), 400, ADMIN_USERS_MSG.notYourself);
  });

  it('the only active admin stays one: not changed by themselves, nor by an admin demoted or disabled since their session began', async () => {
    const { h, admin, ann, bob } = await setup();
    const only = { userId: admin.id };
    await expectStatus(h.caller(admin).admin.setRole({ ...only, role: 'user' }), 400, ADMIN_USERS_MSG.notYourself);
    await expectStatus(h.caller(admin).admin.setDisabled({ ...only, disabled: true }), 400, ADMIN_USERS_MSG.notYourself);
    await expectStatus(h.caller(admin).admin.deleteUser({ ...only, confirmEmail: 'admin@example.com' }), 400, ADMIN_USERS_MSG.notYourself);
    // Ann was an admin and was demoted, Bob is an admin who was disabled: their sessions still say admin.
    await h.caller(admin).admin.setRole({ userId: ann.id, role: 'admin' });
    await h.caller(admin).admin.setRole({ userId: ann.id, role: 'user' });
    await h.caller(admin).admin.setRole({ userId: bob.id, role: 'admin' });
    await h.caller(admin).admin.setDisabled({ userId: bob.id, disabled: true });
    for (const stale of [
      { ...ann, role: 'admin' as const },
      { ...bob, role: 'admin' as const },
    ]) {
      await expectStatus(h.caller(stale).admin.setRole({ ...only, role: 'user' }), 403, ADMIN_USERS_MSG.adminOnly);
      await expectStatus(h.caller(stale).admin.setDisabled({ ...only, disabled: true }), 403, ADMIN_USERS_MSG.adminOnly);
      await expectStatus(h.caller(stale).admin.deleteUser({ ...only, confirmEmail: 'admin@example.com' }), 403, ADMIN_USERS_MSG.adminOnly);
    }
    const [stored] = await h.db.select().from(users).where(eq(users.id, admin.id));
    expect(stored).toMatchObject({ role: 'admin', disabledAt: null });
  });

  it('disabling ends the sessions and refuses sign-in with a clear message; enabling lets the user back', async () => {
    const { h, admin, ann } = await setup();
    const signIn = () => h.app.request('/api/auth/login', jsonRequest('POST', { email: 'ann@example.com', password: PASSWORD }));
    const cookie = cookieFrom(await signIn());
    expect((await h.app.request('/api/user', { headers: { cookie } })).status).toBe(200);
    await h.caller(admin).admin.setDisabled({ userId: ann.id, disabled: true });
    expect((await h.app.request('/api/user', { headers: { cookie } })).status).toBe(401);
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: ACCOUNT_DISABLED });
    expect((await h.caller(admin).admin.listUsers({ status: 'disabled' })).users.map((u) => u.id)).toEqual([ann.id]);
    await h.caller(admin).admin.setDisabled({ userId: ann.id, disabled: false });
    expect((await signIn()).status).toBe(200);
    expect((await audits(h, ann.id)).map((a) => a.action)).toEqual(['account.disable', 'account.enable']);
  });

  it('ends a user’s sessions', async () => {
    const { h, admin, ann } = await setup();
    await h.app.request('/api/auth/login', jsonRequest('POST', { email: 'ann@example.com', password: PASSWORD }));
    const cookie = cookieFrom(await h.app.request('/api/auth/login', jsonRequest('POST', { email: 'ann@example.com', password: PASSWORD })));
    const signedIn = async () => ((await (await h.app.request('/api/auth/check', { headers: { cookie } })).json()) as { user: unknown }).user !== null;
    // Read once, so the session is in the process's cache when it ends.
    expect(await signedIn()).toBe(true);
    expect(await h.caller(admin).admin.endSessions({ userId: ann.id })).toEqual({ success: true, ended: 2 });
    expect(await signedIn()).toBe(false);
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, ann.id))).toHaveLength(0);
    expect((await audits(h, ann.id))[0]).toMatchObject({ action: 'sessions.end', detail: { email: 'ann@example.com', sessions: 2 } });
  });

  it('deletes an account only with its address typed; never oneself', async () => {
    const { h, admin, manager, bob } = await setup();
    await expectStatus(h.caller(admin).admin.deleteUser({ userId: bob.id, confirmEmail: 'bo@example.com' }), 400, ADMIN_USERS_MSG.confirmEmail);
    await expectStatus(h.caller(manager).admin.deleteUser({ userId: bob.id, confirmEmail: 'bob@example.com' }), 403);
    await expectStatus(h.caller(admin).admin.deleteUser({ userId: admin.id, confirmEmail: 'admin@example.com' }), 400, ADMIN_USERS_MSG.notYourself);
    expect(await h.caller(admin).admin.deleteUser({ userId: bob.id, confirmEmail: 'BOB@example.com' })).toEqual({ success: true });
    expect(await h.db.select().from(users).where(eq(users.id, bob.id))).toEqual([]);
    // The audit entry outlives the account.
    expect(await audits(h, bob.id)).toEqual([
      expect.objectContaining({ action: 'account.delete', detail: expect.objectContaining({ email: 'bob@example.com' }) }),
    ]);
  });
});

describe('at least one active admin remains', () => {
  const activeAdmins = async (h: Awaited<ReturnType<typeof createHarness>>) =>
    (await h.db.select().from(users)).filter((u) => u.role === 'admin' && !u.disabledAt);

  it('the only active admin may demote, delete or re-enable a disabled admin', async () => {
    const { h, admin } = await setup();
    const off1 = await h.insertUser({ email: 'off1@example.com', role: 'admin' });
    const off2 = await h.insertUser({ email: 'off2@example.com', role: 'admin' });
    const off3 = await h.insertUser({ email: 'off3@example.com', role: 'admin' });
    await h.caller(admin).admin.setDisabled({ userId: off1.id, disabled: true });
    await h.caller(admin).admin.setDisabled({ userId: off2.id, disabled: true });
    await h.caller(admin).admin.setDisabled({ userId: off3.id, disabled: true });
    expect((await activeAdmins(h)).map((u) => u.id)).toEqual([admin.id]);
    expect(await h.caller(admin).admin.setRole({ userId: off1.id, role: 'user' })).toEqual({ success: true, role: 'user' });
    expect(await h.caller(admin).admin.deleteUser({ userId: off2.id, confirmEmail: 'off2@example.com' })).toEqual({ success: true });
    expect(await h.caller(admin).admin.setDisabled({ userId: off3.id, disabled: false })).toEqual({ success: true, disabled: false });
    expect(await h.caller(admin).admin.setDisabled({ userId: off3.id, disabled: true })).toEqual({ success: true, disabled: true });
    expect((await activeAdmins(h)).map((u) => u.id)).toEqual([admin.id]);
  });

  it('the last active admin cannot demote, disable or delete themselves', async () => {
    const { h, admin } = await setup();
    await expectStatus(h.caller(admin).admin.setRole({ userId: admin.id, role: 'manager' }), 400, ADMIN_USERS_MSG.notYourself);
    await expectStatus(h.caller(admin).admin.setDisabled({ userId: admin.id, disabled: true }), 400, ADMIN_USERS_MSG.notYourself);
    await expectStatus(h.caller(admin).admin.deleteUser({ userId: admin.id, confirmEmail: 'admin@example.com' }), 400, ADMIN_USERS_MSG.notYourself);
    expect((await activeAdmins(h)).map((u) => u.id)).toEqual([admin.id]);
  });

  type AdminApi = ReturnType<Awaited<ReturnType<typeof createHarness>>['caller']>['admin'];
  const changes: [string, (api: AdminApi, other: { id: string; email: string }) => Promise<unknown>][] = [
    ['demote', (api, other) => api.setRole({ userId: other.id, role: 'user' })],
    ['disable', (api, other) => api.setDisabled({ userId: other.id, disabled: true })],
    ['delete', (api, other) => api.deleteUser({ userId: other.id, confirmEmail: other.email })],
  ];
  for (const [name, change] of changes) {
    it(`two admins who ${name} each other at the same moment: exactly one succeeds`, async () => {
      const h = await createHarness();
      const a = await h.insertUser({ email: 'a@example.com', role: 'admin' });
      const b = await h.insertUser({ email: 'b@example.com', role: 'admin' });
      const results = await Promise.allSettled([change(h.caller(a).admin, b), change(h.caller(b).admin, a)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      // The second finds its actor no longer an active admin as stored.
      expect((refused.reason as { code: string }).code).toBe('FORBIDDEN');
      expect(await activeAdmins(h)).toHaveLength(1);
    });
  }
});
