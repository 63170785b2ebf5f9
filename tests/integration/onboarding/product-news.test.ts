// productNews.*: the user's opt-in, and product newsletters staff write (every staff role composes,
// previews, tests and saves drafts; admins send). Sent once per opted-in, non-disabled account, never
// twice after a crash and a retry; its unsubscribe link turns the opt-in off.
// @postgres
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, jobs, outbox, productNewsletterRecipients, productNewsletters, users } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { startJobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { PRODUCT_NEWS_MSG, runProductNewsletter } from '../../../src/server/onboarding/product-news';
import { PRODUCT_NEWS_JOB } from '../../../src/server/onboarding/kinds';

const news = { subject: 'What is new in November', markdown: '## Themes\n\nTwo new themes.' };

async function setup() {
  const h = await harnessWithAdmin();
  const manager = await h.insertUser({ email: 'manager@example.com', role: 'manager' });
  const ann = await h.insertUser({ email: 'ann@example.com' });
  const bob = await h.insertUser({ email: 'bob@example.com' });
  const cat = await h.insertUser({ email: 'cat@example.com' });
  const mails = async () =>
    (await h.db.select().from(outbox))
      .filter((m) => m.subject === news.subject)
      .map((m) => m.toAddress)
      .sort();
  const run = async () => {
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 10, leaseMs: 5_000 });
    await worker.idle();
    await worker.stop();
  };
  return { ...h, manager, ann, bob, cat, mails, run };
}

describe('product news opt-in', () => {
  it('is off by default; the user turns it on and off; anon 401; bad input 400', async () => {
    const h = await setup();
    const ann = h.caller(h.ann);
    expect(await ann.productNews.get()).toEqual({ optIn: false });
    expect(await ann.productNews.set({ optIn: true })).toEqual({ optIn: true });
    expect(await ann.productNews.get()).toEqual({ optIn: true });
    expect(await h.caller(h.bob).productNews.get()).toEqual({ optIn: false });
    await ann.productNews.set({ optIn: false });
    const [annRow] = await h.db.select().from(users).where(eq(users.id, h.ann.id));
    expect(annRow!.productNewsOptIn).toBe(false);
    await expectStatus(h.caller('anon').productNews.get(), 401);
    await expectStatus(h.caller('anon').productNews.set({ optIn: true }), 401);
    await expectStatus(ann.productNews.set({ optIn: 'yes' as unknown as boolean }), 400);
  });
});

describe('product newsletters', () => {
  it('goes only to opted-in, non-disabled accounts, once, with its own unsubscribe link; audited', async () => {
    const h = await setup();
    await h.caller(h.ann).productNews.set({ optIn: true });
    await h.caller(h.bob).productNews.set({ optIn: true });
    await h.db.update(users).set({ productNewsOptIn: true, disabledAt: new Date() }).where(eq(users.id, h.cat.id));
    const admin = h.caller(h.admin);
    expect(await admin.productNews.audience()).toEqual({ count: 2 });

    const draft = await admin.productNews.saveDraft(news);
    expect(draft.status).toBe('draft');
    const sending = await admin.productNews.send({ id: draft.id, ...news });
    expect(sending).toMatchObject({ id: draft.id, status: 'sending', recipients: 2 });
    // Sending again is refused: it is no longer a draft.
    await expectStatus(admin.productNews.send({ id: draft.id, ...news }), 409, PRODUCT_NEWS_MSG.notDraft);
    await h.run();

    expect(await h.mails()).toEqual(['ann@example.com', 'bob@example.com']);
    const [row] = await h.db.select().from(productNewsletters).where(eq(productNewsletters.id, draft.id));
    expect(row).toMatchObject({ status: 'sent', recipients: 2, sentCount: 2, failedCount: 0 });
    expect((await admin.productNews.list()).newsletters[0]).toMatchObject({ id: draft.id, status: 'sent', sentCount: 2 });

    const [annMail] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'ann@example.com')).limit(1);
    const [bobMail] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'bob@example.com')).limit(1);
    const link = annMail!.headers!['List-Unsubscribe']!.slice(1, -1);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/product-news\/unsubscribe\/[\w-]+\.[\w-]+$/);
    expect(annMail!.html).toContain(`href="${link}"`);
    expect(annMail!.text).toContain(link);
    expect(bobMail!.headers!['List-Unsubscribe']).not.toBe(annMail!.headers!['List-Unsubscribe']);
    expect(annMail!.html).toContain('<h2>Themes</h2>');

    // The link turns ann's opt-in off; the next newsletter skips her.
    const res = await h.app.request(new URL(link).pathname, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) });
    expect(res.status).toBe(200);
    expect(await h.caller(h.ann).productNews.get()).toEqual({ optIn: false });
    expect(await admin.productNews.audience()).toEqual({ count: 1 });

    const actions = (await h.db.select().from(auditLog)).map((a) => [a.action, a.detail.recipients ?? null]);
    expect(actions).toEqual([
      ['product-news.create', null],
      ['product-news.send', 2],
    ]);
  });

  it('never mails anyone twice after a crash mid-way and a retry', async () => {
    const h = await setup();
    for (const u of [h.ann, h.bob, h.cat]) await h.caller(u).productNews.set({ optIn: true });
    const admin = h.caller(h.admin);
    const sent = await admin.productNews.send(news);
    // Simulate a crash: ann was mailed, bob was handed to the provider when the process died, cat untouched.
    const R = productNewsletterRecipients;
    const rows = await h.db.select().from(R).where(eq(R.newsletterId, sent.id)).orderBy(R.id);
    await h.db.update(R).set({ status: 'sent' }).where(eq(R.id, rows[0]!.id));
    await h.db.update(R).set({ status: 'sending' }).where(eq(R.id, rows[1]!.id));
    // The job's lease ran out (dead process): the worker claims it again.
    await h.db.update(jobs).set({ status: 'running', leaseUntil: 0, attempts: 1 }).where(eq(jobs.kind, PRODUCT_NEWS_JOB));
    await h.run();
    expect(await h.mails()).toEqual([rows[2]!.email]);
    // A further run (a duplicate job) sends nothing more.
    await runProductNewsletter(h.deps, sent.id);
    expect(await h.mails()).toEqual([rows[2]!.email]);
    const [final] = await h.db.select().from(productNewsletters).where(eq(productNewsletters.id, sent.id));
    expect(final).toMatchObject({ status: 'sent', recipients: 3, sentCount: 2, failedCount: 1 });
    const [interrupted] = await h.db.select().from(R).where(eq(R.id, rows[1]!.id));
    expect(interrupted).toMatchObject({ status: 'failed', error: PRODUCT_NEWS_MSG.interrupted });
  });

  it('managers compose, preview, test and save drafts but cannot send (403); users 403; anon 401; 400', async () => {
    const h = await setup();
    await h.caller(h.ann).productNews.set({ optIn: true });
    const m = h.caller(h.manager);
    expect((await m.productNews.preview(news)).html).toContain('turned on product news');
    expect(await m.productNews.sendTest(news)).toEqual({ to: 'manager@example.com' });
    expect((await h.db.select().from(outbox)).map((o) => [o.toAddress, o.subject])).toEqual([['manager@example.com', `[Test] ${news.subject}`]]);
    const draft = await m.productNews.saveDraft(news);
    expect(await m.productNews.saveDraft({ id: draft.id, subject: 'Better subject', markdown: news.markdown })).toMatchObject({
      id: draft.id,
      subject: 'Better subject',
    });
    expect((await m.productNews.list()).canSend).toBe(false);
    await expectStatus(m.productNews.send({ id: draft.id, ...news }), 403, PRODUCT_NEWS_MSG.adminOnly);
    const [kept] = await h.db.select().from(productNewsletters).limit(1);
    expect(kept!.status).toBe('draft');
    expect(await h.deps.queue.jobsOf(PRODUCT_NEWS_JOB)).toEqual([]);

    const u = h.caller(h.ann);
    for (const call of [
      u.productNews.list(),
      u.productNews.audience(),
      u.productNews.preview(news),
      u.productNews.sendTest(news),
      u.productNews.saveDraft(news),
      u.productNews.send(news),
      u.productNews.deleteDraft({ id: draft.id }),
    ])
      await expectStatus(call, 403);
    const anon = h.caller('anon');
    await expectStatus(anon.productNews.list(), 401);
    await expectStatus(anon.productNews.send(news), 401);

    const admin = h.caller(h.admin);
    await expectStatus(admin.productNews.send({ subject: 'a\r\nBcc: x@example.com', markdown: 'x' }), 400);
    await expectStatus(admin.productNews.saveDraft({ subject: 'Hi', markdown: '   ' }), 400);
    await expectStatus(admin.productNews.saveDraft({ id: 'nope', ...news }), 404);
    await admin.productNews.deleteDraft({ id: draft.id });
    expect(await h.db.select().from(productNewsletters)).toHaveLength(0);
  });

  it('refuses to send when nobody opted in (412), writing nothing', async () => {
    const h = await setup();
    await expectStatus(h.caller(h.admin).productNews.send(news), 412, PRODUCT_NEWS_MSG.noRecipients);
    expect(await h.db.select().from(productNewsletters)).toHaveLength(0);
    expect(await h.db.select().from(auditLog)).toHaveLength(0);
  });
});
