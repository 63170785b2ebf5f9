// Onboarding and product news state: the default steps are seeded once however many starts race, each
// onboarding step reaches an account once, and a product newsletter is sent once (one send, one job, each recipient mailed once) however many sends
// or send jobs run at the same time.
// @postgres
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, onboardingEmails, outbox, productNewsletterRecipients, users } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { seedDefaultSteps } from '../../../src/server/onboarding/steps';
import { PRODUCT_NEWS_MSG, runProductNewsletter } from '../../../src/server/onboarding/product-news';
import { ONBOARDING_JOB, PRODUCT_NEWS_JOB } from '../../../src/server/onboarding/kinds';
import { enqueueOnboardingBatch, runOnboardingBatch } from '../../../src/server/onboarding/schedule';
import { times, together } from './support';

const N = 8;
const news = { subject: 'What is new in November', markdown: '## Themes\n\nTwo new themes.' };

describe('onboarding sequence seed', () => {
  it(`${N} simultaneous seeds on an empty table write one set of default steps (five rounds)`, async () => {
    const h = await harnessWithAdmin();
    for (let round = 0; round < 5; round++) {
      await h.db.delete(onboardingEmails);
      await Promise.all(Array.from({ length: N }, () => seedDefaultSteps(h.deps)));
      const steps = await h.db.select({ dayOffset: onboardingEmails.dayOffset }).from(onboardingEmails);
      expect(steps.map((s) => s.dayOffset).sort((a, b) => a - b)).toEqual([0, 2, 5]);
    }
  });

  // Each (account, step) delivery is claimed by a unique row before the mail goes out, so racing
  // batches cannot both claim it (no transaction to remove: the unique key is the guard).
  it('two onboarding batches at once, and simultaneous requests to queue one: each new account gets the welcome once', async () => {
    let clock = new Date('2026-11-02T09:00:00Z');
    const h = await harnessWithAdmin({ deps: { now: () => clock } });
    await h.db.delete(onboardingEmails);
    await h.caller(h.admin).onboarding.create({ dayOffset: 0, subject: 'Welcome aboard', markdown: 'Hello', enabled: true });
    clock = new Date(clock.getTime() + 60_000);
    const readers = ['ann@example.com', 'bob@example.com', 'cat@example.com'];
    for (const email of readers) await h.insertUser({ email });

    const queued = await Promise.all(Array.from({ length: N }, () => enqueueOnboardingBatch(h.deps)));
    expect(queued.filter(Boolean)).toHaveLength(1);
    expect(await h.deps.queue.jobsOf(ONBOARDING_JOB)).toEqual([{ id: expect.any(String), status: 'queued' }]);

    await Promise.all([runOnboardingBatch(h.deps), runOnboardingBatch(h.deps)]);
    const welcomed = (await h.db.select().from(outbox)).filter((m) => m.subject === 'Welcome aboard').map((m) => m.toAddress);
    // The admin's account is as old as the step, so it is due too.
    expect(welcomed.sort()).toEqual(['admin@example.com', ...readers]);
  });
});

describe('product newsletter sends', () => {
  async function withAudience() {
    const h = await harnessWithAdmin();
    const readers = ['ann@example.com', 'bob@example.com', 'cat@example.com'];
    for (const email of readers) {
      const u = await h.insertUser({ email });
      await h.db.update(users).set({ productNewsOptIn: true }).where(eq(users.id, u.id));
    }
    const admin = h.caller(h.admin);
    const draft = await admin.productNews.saveDraft(news);
    const mailed = async () =>
      (await h.db.select().from(outbox))
        .filter((m) => m.subject === news.subject)
        .map((m) => m.toAddress)
        .sort();
    return { h, admin, draft, readers, mailed };
  }

  it(`${N} simultaneous sends of one draft: one send, one job, each recipient listed once`, async () => {
    const { h, admin, draft, readers } = await withAudience();
    const { ok, refused } = await together(Array.from({ length: N }, () => admin.productNews.send({ id: draft.id, ...news })));
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({ id: draft.id, status: 'sending', recipients: readers.length });
    expect(refused).toEqual(times(N - 1, { status: 409, message: PRODUCT_NEWS_MSG.notDraft }));
    expect(await h.deps.queue.jobsOf(PRODUCT_NEWS_JOB)).toEqual([{ id: expect.any(String), status: 'queued' }]);
    expect(await h.db.select().from(productNewsletterRecipients).where(eq(productNewsletterRecipients.newsletterId, draft.id))).toHaveLength(readers.length);
    expect((await h.db.select().from(auditLog)).filter((a) => a.action === 'product-news.send')).toHaveLength(1);
  });

  it('two runs of the send job at once mail each recipient exactly once', async () => {
    const { h, admin, draft, readers, mailed } = await withAudience();
    await admin.productNews.send({ id: draft.id, ...news });
    await Promise.all([runProductNewsletter(h.deps, draft.id), runProductNewsletter(h.deps, draft.id)]);
    expect(await mailed()).toEqual(readers);
  });
});
