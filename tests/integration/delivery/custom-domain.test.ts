// Custom domains (white-label, Enterprise): who may set one and which hosts are refused; a domain is
// used only once its TXT record (on a loopback name server) proves the account holds it, a claim serves
// nothing and keeps nobody out, and two accounts proving one host at once (one wins); requests for the
// host reach only that account's readers' pages and public calls, with links on the host, while sign-in
// and the app redirect to APP_URL; mailed links (confirmation, web version, unsubscribe, tracked clicks)
// are built on it; a host written with a trailing dot or a port is the same host.
// @postgres
import { describe, it, expect, afterEach, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { outbox, subscribers } from '../../../db/schema';
import { DOMAIN_MSG } from '../../../src/server/domains/custom-domains';
import { ensureSlug } from '../../../src/server/readers/pages/slug';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { unsubscribeToken } from '../../../src/server/readers/unsubscribe';
import { preferencesToken } from '../../../src/server/readers/preferences';
import { proveDomain } from '../../helpers/custom-domain';
import { startDnsServer, type DnsServer } from '../../helpers/dns-server';
import { addSubscribers, newId, readyPublication } from './send-support';

const workers: JobWorker[] = [];
afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
});

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(() => dns.close());
/** A harness whose custom-domain check asks the loopback name server. */
const harness = (env: Record<string, string> = {}) => harnessWithAdmin({ env: { DOMAIN_DNS_SERVERS: dns.address, ...env } });

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
    const h = await harness({ APP_URL: 'https://app.curated.example' });
    const { api } = await enterprise(h);
    expect(await api.domains.get()).toMatchObject({ host: null, pending: null, target: 'app.curated.example', allowed: true });
    expect(await api.domains.set({ host: 'https://News.Harbour.Example./' })).toMatchObject({ host: null, pending: { host: HOST } });
    expect(await api.domains.set({ host: 'letters.harbour.example' })).toMatchObject({ host: null, pending: { host: 'letters.harbour.example' } });
    for (const bad of ['harbour', 'news.harbour.example/path', 'http://10.0.0.1', 'news_harbour.example', 'a'.repeat(64) + '.example'])
      await expectStatus(api.domains.set({ host: bad }), 400, DOMAIN_MSG.invalid);
    await expectStatus(api.domains.set({ host: 'App.Curated.Example' }), 400, DOMAIN_MSG.appHost);
    const pro = await h.insertUser({ email: 'pro@example.com', planType: 'professional', verified: true });
    await expectStatus(h.caller(pro).domains.set({ host: 'pro.example.com' }), 403, DOMAIN_MSG.needsPlan);
    await expectStatus(h.caller(pro).domains.verify(), 403, DOMAIN_MSG.needsPlan);
    await expectStatus(h.caller().domains.verify(), 401);
    expect(await api.domains.remove()).toMatchObject({ host: null, pending: null });
    await expectStatus(api.domains.verify(), 412, DOMAIN_MSG.noClaim);
  });

  it('a claim serves nothing and keeps nobody out: the domain is used once its TXT record proves the account holds it', async () => {
    const h = await harness();
    const squatter = await enterprise(h, 'squatter@example.com');
    const owner = await enterprise(h);
    const pub = await readyPublication(h, owner.user, 'Harbour Notes');
    const slug = await ensureSlug(h.db, pub.id);

    // Claimed first by an account that does not hold the domain; the owner can still claim it.
    const squat = await squatter.api.domains.set({ host: HOST });
    const claim = await owner.api.domains.set({ host: HOST });
    const record = claim.pending!.record;
    expect(record.name).toBe(`_newsletter-verify.${HOST}`);
    expect(record.value).toMatch(/^newsletter-verify=[\w-]{22}$/);
    expect(squat.pending!.record.value).not.toBe(record.value);

    // Not proved: nothing of any account is served on it, and mailed links stay on APP_URL.
    const page = await h.app.request(`http://${HOST}/p/${slug}?x=1`);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`http://localhost:3000/p/${slug}?x=1`);
    expect((await trpcGet(h, HOST, 'subscribers.publicPage', { slug })).status).toBe(404);
    await h.caller().subscribers.signup({ slug, email: 'early@example.com', name: '' });
    const [early] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'early@example.com'));
    expect(early!.text).toContain(`http://localhost:3000/p/${slug}/confirm?token=`);
    // Except a mail client's one-click unsubscribe from a link mailed on it before, which follows no redirect.
    const [reader] = await addSubscribers(h, pub.id, 1);
    const oneClick = await h.app.request(`http://${HOST}/u/${unsubscribeToken(h.env.APP_SECRET, reader!.id, '')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await statusOf(h, reader!.id)).toBe('unsubscribed');

    // The check: nothing published, a record of another value, a failing name server, then the owner's record.
    await expectStatus(owner.api.domains.verify(), 412, DOMAIN_MSG.noRecord(record.name));
    dns.setTxt(record.name, ['v=something-else']);
    await expectStatus(owner.api.domains.verify(), 412, DOMAIN_MSG.wrongRecord(record.name));
    dns.fail(record.name);
    await expectStatus(owner.api.domains.verify(), 502, DOMAIN_MSG.dnsFailed(record.name, 'ESERVFAIL'));
    dns.setTxt(record.name, ['v=something-else', record.value]);
    await expectStatus(squatter.api.domains.verify(), 412, DOMAIN_MSG.wrongRecord(record.name));
    expect(await owner.api.domains.verify()).toMatchObject({ host: HOST, pending: null });
    expect(dns.asked).toContain(record.name);

    // Proved: the owner's pages are served there and links use it; the squatter can neither claim nor prove it.
    expect((await h.app.request(`http://${HOST}/p/${slug}/feed.xml`)).status).toBe(200);
    await h.caller().subscribers.signup({ slug, email: 'later@example.com', name: '' });
    const [later] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'later@example.com'));
    expect(later!.text).toContain(`https://${HOST}/p/${slug}/confirm?token=`);
    await expectStatus(squatter.api.domains.set({ host: HOST }), 409, DOMAIN_MSG.taken);
    dns.setTxt(record.name, [squat.pending!.record.value]);
    await expectStatus(squatter.api.domains.verify(), 409, DOMAIN_MSG.taken);

    // A change of domain keeps the proven one in use until the new one is proved.
    const next = await owner.api.domains.set({ host: 'letters.harbour.example' });
    expect(next).toMatchObject({ host: HOST, pending: { host: 'letters.harbour.example' } });
    expect((await h.app.request(`http://${HOST}/p/${slug}/feed.xml`)).status).toBe(200);
    dns.setTxt(next.pending!.record.name, [next.pending!.record.value]);
    expect(await owner.api.domains.verify()).toMatchObject({ host: 'letters.harbour.example', pending: null });
    expect((await h.app.request(`http://letters.harbour.example/p/${slug}/feed.xml`)).status).toBe(200);
    // The old host is now only the squatter's claim again: it serves nothing.
    expect((await h.app.request(`http://${HOST}/p/${slug}/feed.xml`)).status).toBe(302);
    expect((await trpcGet(h, HOST, 'user.get', undefined)).status).toBe(404);
  });

  it('two accounts proving one host at once (both records published): exactly one gets it, the other is told it is taken', async () => {
    const h = await harness();
    const a = await enterprise(h, 'a@example.com');
    const b = await enterprise(h, 'b@example.com');
    const host = 'race.harbour.example';
    const claims = [await a.api.domains.set({ host }), await b.api.domains.set({ host })];
    dns.setTxt(
      claims[0]!.pending!.record.name,
      claims.map((c) => c.pending!.record.value),
    );
    const results = await Promise.allSettled([a.api.domains.verify(), b.api.domains.verify()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe(DOMAIN_MSG.taken);
    const winner = results[0]!.status === 'fulfilled' ? a : b;
    expect((await winner.api.domains.get()).host).toBe(host);
  });

  it('serves the account’s readers’ pages on its host with links on it; the app and other accounts’ pages are not served there', async () => {
    const h = await harnessWithAdmin();
    const { user, api } = await enterprise(h);
    await proveDomain(h, user, HOST);
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
    const { user } = await enterprise(h);
    await proveDomain(h, user, HOST);
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
    const { user } = await enterprise(h);
    await proveDomain(h, user, HOST);
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
