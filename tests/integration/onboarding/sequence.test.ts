// onboarding.*: the sequence staff edit at /admin/onboarding-emails. Every staff role reads, previews
// and tests; only admins change, each change audited; hostile Markdown renders inert; the default
// sequence is seeded once, only into an empty table.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, onboardingEmails, outbox } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { ONBOARDING_MSG, seedDefaultSteps } from '../../../src/server/onboarding/steps';

const step = { dayOffset: 1, subject: 'Tips for day one', markdown: 'Hello **there**', enabled: true };

async function setup() {
  const h = await harnessWithAdmin();
  const manager = await h.insertUser({ email: 'manager@example.com', role: 'manager' });
  const supervisor = await h.insertUser({ email: 'supervisor@example.com', role: 'supervisor' });
  const user = await h.insertUser({ email: 'user@example.com' });
  const actions = async () => (await h.db.select().from(auditLog)).map((a) => a.action);
  return { ...h, manager, supervisor, user, actions };
}

describe('onboarding sequence', () => {
  it('admins add, edit and delete steps, listed by day, each change audited', async () => {
    const h = await setup();
    const admin = h.caller(h.admin);
    const a = await admin.onboarding.create(step);
    const b = await admin.onboarding.create({ ...step, dayOffset: 0, subject: 'Welcome' });
    expect((await admin.onboarding.list()).steps.map((s) => s.subject)).toEqual(['Welcome', 'Tips for day one']);

    const edited = await admin.onboarding.update({ id: a.id, dayOffset: 3, subject: 'Tips for day three', markdown: 'Changed', enabled: false });
    expect(edited).toMatchObject({ dayOffset: 3, subject: 'Tips for day three', enabled: false });
    const [saved] = await h.db.select().from(onboardingEmails).where(eq(onboardingEmails.id, a.id));
    expect(saved).toMatchObject({ markdown: 'Changed', enabled: false });

    await admin.onboarding.delete({ id: b.id });
    const list = await admin.onboarding.list();
    expect(list.steps.map((s) => s.id)).toEqual([a.id]);
    expect(list.canEdit).toBe(true);
    expect(await h.actions()).toEqual(['onboarding.create', 'onboarding.create', 'onboarding.update', 'onboarding.delete']);
    const [upd] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'onboarding.update')).limit(1);
    expect(upd!.actorEmail).toBe('admin@example.com');
    expect(upd!.detail).toMatchObject({ stepId: a.id, changed: ['dayOffset', 'subject', 'markdown', 'enabled'] });
  });

  it('managers and supervisors read and preview but cannot change (403), users 403, anon 401', async () => {
    const h = await setup();
    const { id } = await h.caller(h.admin).onboarding.create(step);
    for (const staff of [h.manager, h.supervisor]) {
      const c = h.caller(staff);
      expect((await c.onboarding.list()).canEdit).toBe(false);
      expect((await c.onboarding.preview({ subject: 'S', markdown: 'x' })).html).toContain('x');
      await expectStatus(c.onboarding.create(step), 403, ONBOARDING_MSG.adminOnly);
      await expectStatus(c.onboarding.update({ id, ...step }), 403, ONBOARDING_MSG.adminOnly);
      await expectStatus(c.onboarding.delete({ id }), 403, ONBOARDING_MSG.adminOnly);
    }
    const u = h.caller(h.user);
    await expectStatus(u.onboarding.list(), 403);
    await expectStatus(u.onboarding.create(step), 403);
    await expectStatus(u.onboarding.preview({ subject: 'S', markdown: 'x' }), 403);
    await expectStatus(u.onboarding.sendTest({ subject: 'S', markdown: 'x' }), 403);
    const anon = h.caller('anon');
    await expectStatus(anon.onboarding.list(), 401);
    await expectStatus(anon.onboarding.update({ id, ...step }), 401);
    await expectStatus(anon.onboarding.delete({ id }), 401);
    expect(await h.actions()).toEqual(['onboarding.create']);
  });

  it('refuses bad input (400) and unknown steps (404)', async () => {
    const h = await setup();
    const admin = h.caller(h.admin);
    await expectStatus(admin.onboarding.create({ ...step, subject: 'Two\r\nBcc: x@example.com' }), 400, /one line/);
    await expectStatus(admin.onboarding.create({ ...step, subject: 'x'.repeat(201) }), 400, /200/);
    await expectStatus(admin.onboarding.create({ ...step, subject: '   ' }), 400);
    await expectStatus(admin.onboarding.create({ ...step, dayOffset: 366 }), 400);
    await expectStatus(admin.onboarding.create({ ...step, dayOffset: 1.5 }), 400);
    await expectStatus(admin.onboarding.update({ id: 'nope', ...step }), 404, ONBOARDING_MSG.notFound);
    await expectStatus(admin.onboarding.delete({ id: 'nope' }), 404);
    await expectStatus(admin.onboarding.preview({ subject: 'a\nb', markdown: '' }), 400);
    expect(await h.db.select().from(onboardingEmails)).toHaveLength(0);
  });

  it('previews the real e-mail: branded layout, sanitised body, unsubscribe footer, plain text', async () => {
    const h = await setup();
    const hostile = [
      '# Hi <script>alert(1)</script>',
      '<img src=x onerror="alert(2)"> <iframe src="https://evil.example"></iframe>',
      '[click](javascript:alert(3)) <a href="https://ok.example" onclick="alert(4)">ok</a>',
      '<style>body{display:none}</style><form action="https://evil.example"><input></form>',
    ].join('\n\n');
    const p = await h.caller(h.manager).onboarding.preview({ subject: 'Hello <b>', markdown: hostile });
    expect(p.html).toContain('Curated');
    expect(p.html).toContain('<title>Hello &lt;b&gt;</title>');
    expect(p.html).toMatch(/href="http:\/\/localhost:3000\/api\/onboarding\/unsubscribe\/[\w-]+\.[\w-]+"/);
    expect(p.html).toContain('href="https://ok.example"');
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe', '<form', '<input', 'display:none', 'alert('])
      expect(p.html).not.toContain(bad);
    expect(p.text).toContain('Hi');
    expect(p.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/api\/onboarding\/unsubscribe\//);
  });

  it('"Send test to me" mails the unsaved step to the staff member only', async () => {
    const h = await setup();
    expect(await h.caller(h.supervisor).onboarding.sendTest({ subject: 'Trial run', markdown: 'Body text' })).toEqual({ to: 'supervisor@example.com' });
    const mails = await h.db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'supervisor@example.com', subject: '[Test] Trial run' });
    expect(mails[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    await expectStatus(h.caller('anon').onboarding.sendTest({ subject: 'x', markdown: 'y' }), 401);
  });

  it('seeds day 0, 2 and 5 into an empty table, once, and never over existing steps', async () => {
    const h = await setup();
    await seedDefaultSteps(h.deps);
    await seedDefaultSteps(h.deps);
    const steps = (await h.caller(h.admin).onboarding.list()).steps;
    expect(steps.map((s) => [s.dayOffset, s.subject])).toEqual([
      [0, 'Welcome to Curated'],
      [2, 'Pick your channels'],
      [5, 'Send your first issue'],
    ]);
    const other = await setup();
    await other.caller(other.admin).onboarding.create(step);
    await seedDefaultSteps(other.deps);
    expect((await other.caller(other.admin).onboarding.list()).steps).toHaveLength(1);
  });
});
