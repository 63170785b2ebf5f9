// Custom domains (white-label, Enterprise): who may set one and which hosts are refused; two accounts
// claiming one host at once (one wins); requests for the host reach only that account's readers' pages
// and public calls, with links on the host, while sign-in and the app redirect to APP_URL; mailed links
// (confirmation, web version, unsubscribe, tracked clicks) are built on it.
// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { outbox, subscribers } from '../../../db/schema';
import { DOMAIN_MSG } from '../../../src/server/domains/custom-domains';
import { ensureSlug } from '../../../src/server/subscribers/slug';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { unsubscribeToken } from '../../../src/server/delivery/unsubscribe';
import { preferencesToken } from '../../../src/server/readers/preferences';
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

/** A reader's page on the domain posting one of its calls (its own origin, as the browser sends it). */
const trpcPost = (h: Harness, host: string, proc: string, input: unknown) =>
  h.app.request(`http://${host}/api/trpc/${proc}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `https://${host}` },
    body: JSON.stringify(input),
  });

const statusOf = async (h: Harness, id: string) =>
  (await h.db.select({ status: subscribers.status }).from(subscribers).where(eq(subscribers.id, id)))[0]?.status;

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

  it('a trailing dot, capitals or a port in Host name the same domain: the app is not served there either', async () => {
    const h = await harnessWithAdmin();
    const { api } = await enterprise(h);
    await api.domains.set({ host: HOST });
    for (const host of [`${HOST}.`, `${HOST.toUpperCase()}.:8443`, `${HOST}..`]) {
      const dash = await h.app.request(`http://${host}/dashboard`);
      expect(dash.status, host).toBe(302);
      expect(dash.headers.get('location'), host).toBe('http://localhost:3000/dashboard');
      expect((await trpcGet(h, host, 'user.get', undefined)).status, host).toBe(404);
      expect((await h.app.request(`http://${host}/api/auth/check`)).status, host).toBe(404);
    }
    // The same as the reverse proxy passes it on, in the Host header.
    expect((await h.app.request('http://localhost/api/auth/check', { headers: { host: `${HOST}.` } })).status).toBe(404);
  });

  it('on the domain, the readers’ calls answer for the account’s own publications and readers only', async () => {
    const h = await harnessWithAdmin();
    const { user, api } = await enterprise(h);
    await api.domains.set({ host: HOST });
    const own = await readyPublication(h, user, 'Harbour Notes');
    const ownSlug = await ensureSlug(h.db, own.id);
    const [ownReader] = await addSubscribers(h, own.id, 1, { prefix: 'own' });
    const other = await h.insertUser({ email: 'other@example.com', planType: 'professional', verified: true });
    const otherPub = await readyPublication(h, other, 'Other News');
    const otherSlug = await ensureSlug(h.db, otherPub.id);
    const [otherReader] = await addSubscribers(h, otherPub.id, 1, { prefix: 'other' });
    // A pending reader of the other publication, with the confirmation link mailed to them.
    await h.caller().subscribers.signup({ slug: otherSlug, email: 'pending@example.com', name: '' });
    const [confirmation] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'pending@example.com'));
    const confirmToken = /confirm\?token=([\w-]+)/.exec(confirmation!.text)![1]!;
    const [pending] = await h.db.select().from(subscribers).where(eq(subscribers.email, 'pending@example.com'));

    // The account's own: answered on its domain.
    expect((await trpcGet(h, HOST, 'subscribers.publicPage', { slug: ownSlug })).status).toBe(200);
    expect((await trpcGet(h, HOST, 'sends.archive', { slug: ownSlug })).status).toBe(200);
    expect((await trpcGet(h, HOST, 'sends.unsubscribeInfo', { token: unsubscribeToken(h.env.APP_SECRET, ownReader!.id, '') })).status).toBe(200);
    expect((await trpcGet(h, HOST, 'preferences.get', { token: preferencesToken(h.env.APP_SECRET, ownReader!.id) })).status).toBe(200);

    // Another account's publication and readers: as unknown as a slug or a link that does not exist.
    expect((await trpcGet(h, HOST, 'subscribers.publicPage', { slug: otherSlug })).status).toBe(404);
    expect((await trpcGet(h, HOST, 'sends.archive', { slug: otherSlug })).status).toBe(404);
    expect((await trpcPost(h, HOST, 'subscribers.signup', { slug: otherSlug, email: 'new@example.com', name: '' })).status).toBe(404);
    expect(await h.db.select().from(outbox).where(eq(outbox.toAddress, 'new@example.com'))).toHaveLength(0);
    expect((await trpcPost(h, HOST, 'subscribers.confirm', { slug: otherSlug, token: confirmToken })).status).toBe(400);
    expect(await statusOf(h, pending!.id)).toBe('pending');
    const leave = unsubscribeToken(h.env.APP_SECRET, otherReader!.id, '');
    expect((await trpcGet(h, HOST, 'sends.unsubscribeInfo', { token: leave })).status).toBe(400);
    const oneClick = await h.app.request(`http://${HOST}/u/${leave}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(400);
    const prefs = preferencesToken(h.env.APP_SECRET, otherReader!.id);
    expect((await trpcGet(h, HOST, 'preferences.get', { token: prefs })).status).toBe(404);
    expect((await trpcPost(h, HOST, 'preferences.save', { token: prefs, frequency: 'weekly' })).status).toBe(404);
    expect((await trpcPost(h, HOST, 'preferences.unsubscribe', { token: prefs })).status).toBe(404);
    expect(await statusOf(h, otherReader!.id)).toBe('active');

    // On the app's own address they all answer, as before.
    expect((await trpcGet(h, 'localhost', 'subscribers.publicPage', { slug: otherSlug })).status).toBe(200);
    expect((await trpcGet(h, 'localhost', 'sends.unsubscribeInfo', { token: leave })).status).toBe(200);
    const confirmed = await h.app.request('http://localhost/api/trpc/subscribers.confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ slug: otherSlug, token: confirmToken }),
    });
    expect(confirmed.status).toBe(200);
  });
});
