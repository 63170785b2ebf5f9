// Custom domains (white-label, Enterprise): who may set one and which hosts are refused; two accounts
// claiming one host at once (one wins); requests for the host reach only that account's readers' pages
// and public calls, with links on the host, while sign-in and the app redirect to APP_URL; mailed links
// (confirmation, web version, unsubscribe, tracked clicks) are built on it.
// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { outbox } from '../../../db/schema';
import { DOMAIN_MSG } from '../../../src/server/domains/custom-domains';
import { ensureSlug } from '../../../src/server/subscribers/slug';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { addSubscribers, newId, readyPublication } from './send-support';

const workers: JobWorker[] = [];
afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
});

const HOST = 'news.harbour.example';

async function enterprise(h: Harness, email = 'owner@harbour.example') {
  const user = await h.insertUser({ email, planType: 'enterprise', verified: true });
  return { user, api: h.caller(user) };
}

const trpcGet = (h: Harness, host: string, proc: string, input: unknown) =>
  h.app.request(`http://${host}/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`);

describe('custom domains', () => {
  it('Enterprise only; the host is normalised; invalid hosts and the app’s own are refused; one host per account', async () => {
    const h = await harnessWithAdmin({ env: { APP_URL: 'https://app.curated.example' } });
    const { api } = await enterprise(h);
    expect(await api.domains.get()).toMatchObject({ host: null, target: 'app.curated.example', allowed: true });
    expect(await api.domains.set({ host: 'https://News.Harbour.Example/' })).toMatchObject({ host: HOST });
    expect(await api.domains.set({ host: 'letters.harbour.example' })).toMatchObject({ host: 'letters.harbour.example' });
    for (const bad of ['harbour', 'news.harbour.example/path', 'http://10.0.0.1', 'news_harbour.example', 'a'.repeat(64) + '.example'])
      await expectStatus(api.domains.set({ host: bad }), 400, DOMAIN_MSG.invalid);
    await expectStatus(api.domains.set({ host: 'App.Curated.Example' }), 400, DOMAIN_MSG.appHost);
    const pro = await h.insertUser({ email: 'pro@example.com', planType: 'professional', verified: true });
    await expectStatus(h.caller(pro).domains.set({ host: 'pro.example.com' }), 403, DOMAIN_MSG.needsPlan);
    expect(await api.domains.remove()).toMatchObject({ host: null });
  });

  it('two accounts claiming one host at once: exactly one gets it, the other is told it is taken', async () => {
    const h = await harnessWithAdmin();
    const a = await enterprise(h, 'a@example.com');
    const b = await enterprise(h, 'b@example.com');
    const results = await Promise.allSettled([a.api.domains.set({ host: HOST }), b.api.domains.set({ host: HOST })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe(DOMAIN_MSG.taken);
  });

  it('serves the account’s readers’ pages on its host with links on it; the app and other accounts’ pages are not served there', async () => {
    const h = await harnessWithAdmin();
    const { user, api } = await enterprise(h);
    await api.domains.set({ host: HOST });
    const pub = await readyPublication(h, user, 'Harbour Notes');
    const slug = await ensureSlug(h.db, pub.id);
    const [reader] = await addSubscribers(h, pub.id, 1);
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
    workers.push(worker);
    const send = await api.sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();

    // Mailed links are on the custom domain: web version, unsubscribe (page and header), tracked clicks.
    const [mail] = await h.db.select().from(outbox).where(eq(outbox.toAddress, reader!.email));
    expect(mail!.html).toContain(`https://${HOST}/p/${slug}/issues/${send.id}`);
    expect(mail!.html).toContain(`https://${HOST}/u/`);
    expect(mail!.html).toContain(`https://${HOST}/t/c/`);
    expect(mail!.html).not.toContain('http://localhost:3000');
    expect(mail!.headers!['List-Unsubscribe']).toContain(`<https://${HOST}/u/`);

    // The archive and its feed on the host, with links on the host.
    const feed = await h.app.request(`http://${HOST}/p/${slug}/feed.xml`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain(`<link>https://${HOST}/p/${slug}/issues/${send.id}</link>`);
    expect((await h.app.request(`http://${HOST}/p/${slug}/issues/${send.id}`)).status).toBe(200);
    const page = await trpcGet(h, HOST, 'subscribers.publicPage', { slug });
    expect(page.status).toBe(200);
    const archive = await trpcGet(h, HOST, 'sends.archive', { slug });
    expect(archive.status).toBe(200);

    // A reader signs up from the page on the host: its own origin is accepted, another is not; the
    // confirmation link is on the host.
    const signup = (origin: string, email: string) =>
      h.app.request(`http://${HOST}/api/trpc/subscribers.signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ slug, email, name: '' }),
      });
    expect((await signup(`https://${HOST}`, 'new@example.com')).status).toBe(200);
    expect((await signup('https://elsewhere.example', 'other@example.com')).status).toBe(403);
    const [confirmation] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'new@example.com'));
    expect(confirmation!.text).toContain(`https://${HOST}/p/${slug}/confirm?token=`);

    // Sign-in and the app stay on APP_URL; other calls are not answered on the host.
    const dash = await h.app.request(`http://${HOST}/dashboard?tab=1`);
    expect(dash.status).toBe(302);
    expect(dash.headers.get('location')).toBe('http://localhost:3000/dashboard?tab=1');
    expect((await h.app.request(`http://${HOST}/auth`)).headers.get('location')).toBe('http://localhost:3000/auth');
    expect((await trpcGet(h, HOST, 'user.get', undefined)).status).toBe(404);
    expect((await trpcGet(h, HOST, 'subscribers.publicPage,user.get', { 0: { slug } })).status).toBe(404);
    expect((await h.app.request(`http://${HOST}/api/auth/check`)).status).toBe(404);

    // Another account's publication is not served under this domain; the app's own host is untouched.
    const other = await h.insertUser({ email: 'other@example.com', planType: 'professional', verified: true });
    const otherPub = await readyPublication(h, other, 'Other News');
    const otherSlug = await ensureSlug(h.db, otherPub.id);
    expect((await h.app.request(`http://${HOST}/p/${otherSlug}/feed.xml`)).status).toBe(404);
    expect((await h.app.request(`http://localhost/p/${otherSlug}/feed.xml`)).status).toBe(200);
    expect((await h.app.request('http://unknown.example/api/auth/check')).status).not.toBe(404);
  });
});
