// @postgres
// The dashboard's first-run checklist and overview, computed from the rows each step makes: a new
// account ticks publication, channel, test, shared and send one by one; dismissing is kept on the
// server; the last issue's figures follow the plan; "new" is known from the session and sign-in records.
import { describe, expect, it } from 'vitest';
import { cookieFrom, harnessWithAdmin, jsonRequest, type Harness } from '../../helpers/app';
import { buildChannel } from '../workflow/factories';
import { addSubscribers, articles, newId } from '../delivery/send-support';
import { startJobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { subscribers } from '../../../db/schema';
import type { PlanType } from '../../../src/shared/plans';

const done = (c: { items: { key: string; done: boolean }[] }) => c.items.filter((i) => i.done).map((i) => i.key);

async function creator(h: Harness, planType: PlanType = 'free') {
  const user = await h.insertUser({ email: `first-${newId()}@example.com`, planType, verified: true });
  return { user, api: h.caller(user) };
}

describe('dashboard.checklist', () => {
  it('ticks each item from real state, in any order, and is complete after the first send', async () => {
    const h = await harnessWithAdmin();
    const { user, api } = await creator(h);
    const empty = await api.dashboard.checklist();
    expect(empty).toMatchObject({ publicationId: null, dismissed: false, complete: false });
    expect(empty.items.map((i) => i.key)).toEqual(['publication', 'channel', 'test', 'shared', 'send']);
    expect(done(empty)).toEqual([]);

    const pub = await api.publications.create({ name: 'Harbour Notes' });
    expect(done(await api.dashboard.checklist())).toEqual(['publication']);
    expect((await api.dashboard.checklist()).publicationId).toBe(pub.id);

    await api.wizard.saveProgress({
      publicationId: pub.id,
      currentStep: 3,
      workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel()] },
    });
    expect(done(await api.dashboard.checklist())).toEqual(['publication', 'channel']);
    await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedArticles: articles } });

    // A test to someone else is not "a test to yourself"; the creator's own test is.
    await api.email.sendToAddresses({ publicationId: pub.id, addresses: [`friend-${newId()}@example.com`] });
    expect(done(await api.dashboard.checklist())).toEqual(['publication', 'channel']);
    expect(await api.email.sendTest({ publicationId: pub.id })).toMatchObject({ success: true });
    expect(done(await api.dashboard.checklist())).toEqual(['publication', 'channel', 'test']);

    expect(done(await api.dashboard.markShared({ publicationId: pub.id }))).toEqual(['publication', 'channel', 'test', 'shared']);

    // Scheduled is not sent yet; started is.
    await addSubscribers(h, pub.id, 2);
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
    h.deps.delivery.kick = worker.kick;
    try {
      await api.sends.create({ id: newId(), publicationId: pub.id, scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
      expect(done(await api.dashboard.checklist())).not.toContain('send');
      await api.sends.create({ id: newId(), publicationId: pub.id });
      await worker.idle();
    } finally {
      await worker.stop();
    }
    const all = await api.dashboard.checklist();
    expect(done(all)).toEqual(['publication', 'channel', 'test', 'shared', 'send']);
    expect(all.complete).toBe(true);

    // Someone else's state never ticks this account's list.
    const other = await creator(h);
    expect(done(await other.api.dashboard.checklist())).toEqual([]);
    expect(user.id).not.toBe(other.user.id);
  });

  it('counts a signup form or a reader who joined by the signup page as shared', async () => {
    const h = await harnessWithAdmin();
    const a = await creator(h, 'professional');
    const pa = await a.api.publications.create({ name: 'Form Notes' });
    await a.api.forms.create({ publicationId: pa.id, name: 'Homepage' });
    expect(done(await a.api.dashboard.checklist())).toContain('shared');

    const b = await creator(h);
    const pb = await b.api.publications.create({ name: 'Joined Notes' });
    await addSubscribers(h, pb.id, 1); // imported readers say nothing about the signup page
    expect(done(await b.api.dashboard.checklist())).not.toContain('shared');
    const now = new Date();
    await h.db
      .insert(subscribers)
      .values({ id: newId(), publicationId: pb.id, email: 'joined@example.com', status: 'pending', source: 'signup', createdAt: now, updatedAt: now });
    expect(done(await b.api.dashboard.checklist())).toContain('shared');
  });

  it('keeps a dismissal on the server, refuses foreign publications and anonymous callers', async () => {
    const h = await harnessWithAdmin();
    const { api } = await creator(h);
    const other = await creator(h);
    const theirs = await other.api.publications.create({ name: 'Not Yours' });
    await expect(api.dashboard.markShared({ publicationId: theirs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(done(await other.api.dashboard.checklist())).not.toContain('shared');
    await expect(api.dashboard.markShared({ publicationId: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(h.caller('anon').dashboard.checklist()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(h.caller('anon').dashboard.dismissChecklist()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    expect((await api.dashboard.dismissChecklist()).dismissed).toBe(true);
    expect((await api.dashboard.checklist()).dismissed).toBe(true);
    expect((await other.api.dashboard.checklist()).dismissed).toBe(false);
  });
});

describe('dashboard.overview', () => {
  it('counts readers and shows the last issue, with opens and clicks only where the plan tracks them', async () => {
    const h = await harnessWithAdmin();
    for (const [plan, tracked] of [
      ['free', false],
      ['professional', true],
    ] as const) {
      const { api } = await creator(h, plan);
      const none = await api.dashboard.overview();
      expect(none).toMatchObject({ readers: { active: 0, pending: 0, publications: 0 }, lastIssue: null, newAccount: false });
      const pub = await api.publications.create({ name: `Overview ${plan}` });
      await api.wizard.saveProgress({
        publicationId: pub.id,
        currentStep: 3,
        workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel()] },
      });
      await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedArticles: articles } });
      await addSubscribers(h, pub.id, 3);
      await addSubscribers(h, pub.id, 1, { status: 'pending', prefix: 'waiting' });
      await addSubscribers(h, pub.id, 1, { status: 'unsubscribed', prefix: 'gone' });
      const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
      h.deps.delivery.kick = worker.kick;
      try {
        await api.sends.create({ id: newId(), publicationId: pub.id });
        await worker.idle();
      } finally {
        await worker.stop();
      }
      const o = await api.dashboard.overview();
      expect(o.readers).toEqual({ active: 3, pending: 1, publications: 1 });
      expect(o.lastIssue).toMatchObject({ publicationId: pub.id, publicationName: `Overview ${plan}`, recipients: 3, status: 'sent' });
      if (tracked) expect(o.lastIssue).toMatchObject({ uniqueOpens: 0, uniqueClicks: 0 });
      else expect(o.lastIssue).toMatchObject({ uniqueOpens: null, openRate: null, uniqueClicks: null, clickRate: null });
    }
  });

  it('knows a brand-new account from a returning one by its sessions and sign-ins', async () => {
    const h = await harnessWithAdmin();
    const overview = async (cookie: string) => {
      const res = await h.app.request('/api/trpc/dashboard.overview', { headers: { cookie } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { result: { data: { newAccount: boolean } } }).result.data;
    };
    const email = `new-${newId()}@example.com`;
    const password = 'correct horse battery';
    const signup = await h.app.request('/api/auth/signup', jsonRequest('POST', { name: 'Nia New', email, password }));
    expect(signup.status).toBe(201);
    expect((await overview(cookieFrom(signup))).newAccount).toBe(true);

    // Signing in again: that first sign-in was recorded, so the next session is a return.
    const login = async (address: string) => {
      const res = await h.app.request('/api/auth/login', jsonRequest('POST', { email: address, password }));
      expect(res.status).toBe(200);
      return cookieFrom(res);
    };
    const first = await login(email);
    expect((await overview(first)).newAccount).toBe(true);
    expect((await overview(await login(email))).newAccount).toBe(false);

    // An account made a day ago is returning at its first sign-in in this session.
    const old = await h.insertUser({ email: `old-${newId()}@example.com`, password, createdAt: new Date(Date.now() - 86_400_000) });
    expect((await overview(await login(old.email))).newAccount).toBe(false);
  });
});
