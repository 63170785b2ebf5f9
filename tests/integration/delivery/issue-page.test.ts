// The page a mail's "View in your browser" link opens: a page of the publication (its header, the link
// to its archive, a subscribe form that works without JavaScript), with the issue and nothing that only a
// mail says; subscribing there is the signup page's double opt-in, and its answers are the same.
// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { outbox, subscribers } from '../../../db/schema';
import { SIGNUP_MSG } from '../../../src/server/readers/subscription/messages';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { addSubscribers, newId, readyPublication } from './send-support';

const workers: JobWorker[] = [];
afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
});

/** An issue sent to one reader; the path of the web version its mail links to. */
async function sentIssue(planType: 'free' | 'enterprise' = 'free') {
  const h = await harnessWithAdmin();
  const user = await h.insertUser({ email: 'writer@example.com', planType, verified: true });
  const pub = await readyPublication(h, user);
  const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
  workers.push(worker);
  h.deps.delivery.kick = worker.kick;
  await addSubscribers(h, pub.id, 1);
  await h.caller(user).sends.create({ id: newId(), publicationId: pub.id });
  await worker.idle();
  const [mail] = await h.db.select().from(outbox).limit(1);
  const webUrl = /View in your browser: (\S+)/.exec(mail!.text)?.[1];
  expect(webUrl).toBeTruthy();
  return { h, pub, path: new URL(webUrl!).pathname };
}

const subscribe = (h: Harness, path: string, body: string) =>
  h.app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

describe("an issue's web version", () => {
  it("is a page of the publication with its archive and a subscribe form, and none of the mail's own lines", async () => {
    const { h, path } = await sentIssue();
    expect(path).toMatch(/^\/p\/compiler-weekly\/issues\/[^/]+$/);
    const res = await h.app.request(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<header[^>]*>[\s\S]*<span>Compiler Weekly<\/span>[\s\S]*<\/header>/);
    expect(html).toContain('<a href="/p/compiler-weekly">All issues</a>');
    expect(html).toContain('<h2 id="subscribe-title">Subscribe to Compiler Weekly</h2>');
    expect(html).toMatch(new RegExp(`<form method="post" action="${path}#subscribe"`));
    expect(html).toMatch(/<label for="rp-email">Email<\/label><input id="rp-email" type="email" name="email" required/);
    expect(html).toContain('Borrow checking without tears');
    for (const mailOnly of ['You are receiving this email', 'Unsubscribe', 'Manage preferences', 'View in your browser', '%%CURATED'])
      expect(html, mailOnly).not.toContain(mailOnly);
    // Its own light and dark styles come with it.
    expect(html).toContain('@media (prefers-color-scheme:dark)');
  });

  it("subscribes from the page without JavaScript through the signup page's double opt-in, and says what is wrong", async () => {
    const { h, pub, path } = await sentIssue();
    const ok = await subscribe(h, path, 'email=Nia.Reader%40example.com&name=Nia');
    expect(ok.status).toBe(200);
    const done = await ok.text();
    expect(done).toContain(`role="status">${SIGNUP_MSG.checkInbox}</p>`);
    expect(done).not.toContain('<form method="post"');
    const [row] = await h.db.select().from(subscribers).where(eq(subscribers.email, 'nia.reader@example.com'));
    expect(row).toMatchObject({ publicationId: pub.id, status: 'pending', source: 'signup', name: 'Nia' });
    const [mail] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'nia.reader@example.com'));
    expect(mail!.subject).toBe('Confirm your subscription to Compiler Weekly');

    const bad = await subscribe(h, path, 'email=not-an-address');
    expect(bad.status).toBe(400);
    const said = await bad.text();
    expect(said).toMatch(/role="alert">Please enter a valid email address/);
    expect(said).toContain('<form method="post"');
    expect((await subscribe(h, '/p/compiler-weekly/issues/not-a-send', 'email=x%40example.com')).status).toBe(404);
  });

  it('keeps a white-label page free of the product', async () => {
    const { h, path } = await sentIssue('enterprise');
    const html = await (await h.app.request(path)).text();
    expect(html).toContain('<span>Compiler Weekly</span>');
    expect(html).not.toMatch(/curated/i);
  });
});
