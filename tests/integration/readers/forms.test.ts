// Signup forms on other sites: a creator's forms and their copy-paste code; a post from another origin
// without JavaScript runs the double opt-in with source 'form' and the form's tag, then goes to the
// creator's thank-you address (never a posted one); bots (honeypot, an iframe post faster than a person)
// get the same page and nothing is written or mailed; too many posts from one network are told so, the
// same for any address; the app's own paths keep their CSRF check; the form page may be framed anywhere
// while other pages keep their own framing policy.
// @postgres
import { describe, it, expect, afterAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { proveDomain } from '../../helpers/custom-domain';
import { expectStatus } from '../workflow/factories';
import { together, times } from '../concurrency/support';
import { outbox, readerEvents, signupForms, subscribers, subscriberTags } from '../../../db/schema';
import { SIGNUP_MSG } from '../../../src/server/readers/subscription/messages';
import { FORM_RULES, MIN_FILL_MS } from '../../../src/server/readers/forms';
import { MAX_FORMS, READERS_MSG } from '../../../src/shared/schemas/readers';
import { MSG } from '../../../src/shared/messages';
import { secureServerResponse } from '../../../src/server/http/security-headers';

const servers: ServerType[] = [];
afterAll(() => servers.forEach((s) => s.close()));

const ELSEWHERE = 'https://blog.elsewhere.example';

async function setup(o: { env?: Record<string, string> } = {}) {
  const clock = { now: new Date('2026-03-01T10:00:00Z') };
  const h = await harnessWithAdmin({ env: o.env, deps: { now: () => clock.now } });
  const user = await h.insertUser({ email: 'owner@example.com', planType: 'professional' });
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Field Notes' });
  const form = await api.forms.create({ publicationId: pub.id, name: 'Homepage', tag: 'homepage' });
  return { h, user, api, pub, form, clock, advance: (ms: number) => (clock.now = new Date(clock.now.getTime() + ms)) };
}

/** What a browser sends for a plain HTML form on another site: urlencoded, cross-site, no cookie, no script. */
const post = (h: Harness, formId: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  h.app.request(`/f/${formId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ELSEWHERE, 'sec-fetch-site': 'cross-site', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const mailsTo = (h: Harness, address: string) => h.db.select().from(outbox).where(eq(outbox.toAddress, address));
const rowOf = async (h: Harness, email: string) => (await h.db.select().from(subscribers).where(eq(subscribers.email, email)))[0];
const allRows = (h: Harness) => h.db.select().from(subscribers);
const allMail = (h: Harness) => h.db.select().from(outbox);
const issuedIn = (html: string) => /name="issued" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function expectThanks(res: Response) {
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toMatch(/<h1 class="th-name">(<img [^>]*>)?<span>Field Notes<\/span><\/h1>/);
  expect(html).toContain(SIGNUP_MSG.checkInbox);
  return html;
}

describe('signup forms', () => {
  it('a post from another origin without JavaScript makes a pending reader with the form as source and its tag, mails the link, and confirming works', async () => {
    const { h, pub, form } = await setup();
    const thanks = await expectThanks(await post(h, form.id, { email: 'Rea@Example.com', name: 'Rea', website: '' }));

    const row = (await rowOf(h, 'rea@example.com'))!;
    expect(row).toMatchObject({ publicationId: pub.id, status: 'pending', source: 'form', sourceDetail: form.id, name: 'Rea' });
    expect(await h.db.select().from(subscriberTags).where(eq(subscriberTags.subscriberId, row.id))).toEqual([
      expect.objectContaining({ tag: 'homepage', source: 'form', publicationId: pub.id }),
    ]);
    const history = await h.db.select().from(readerEvents).where(eq(readerEvents.subscriberId, row.id));
    expect(history.map((e) => `${e.kind}:${e.source}`)).toEqual(['subscribed:form', 'tagged:form']);
    expect(history[0]!.detail).toEqual({ form: form.id });

    const [mail] = await mailsTo(h, 'rea@example.com');
    expect(mail!.subject).toBe('Confirm your subscription to Field Notes');
    const [, slug, token] = /\/p\/([^/]+)\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)!;
    expect(await h.caller('anon').subscribers.confirm({ slug: slug!, token: token! })).toMatchObject({ status: 'confirmed' });
    expect(await rowOf(h, 'rea@example.com')).toMatchObject({ status: 'active', source: 'form' });

    // The same neutral page for an address already subscribed, and nothing more is mailed or tagged twice.
    expect(await expectThanks(await post(h, form.id, { email: 'rea@example.com' }))).toBe(thanks);
    expect(await mailsTo(h, 'rea@example.com')).toHaveLength(1);
  });

  it("accepts a multipart post, follows no posted redirect (a bot's neither), and says plainly what input is wrong", async () => {
    const { h, form } = await setup();
    const multipart = new FormData();
    multipart.set('email', 'multi@example.com');
    const res = await h.app.request(`/f/${form.id}`, { method: 'POST', body: multipart, headers: { origin: ELSEWHERE, 'sec-fetch-site': 'cross-site' } });
    await expectThanks(res);
    expect(await rowOf(h, 'multi@example.com')).toMatchObject({ status: 'pending', source: 'form' });

    for (const fields of [
      { email: 'away@example.com', redirect: 'https://evil.example/phish' } as Record<string, string>,
      { email: 'bot@example.com', website: 'https://spam.example', redirect: 'https://evil.example/phish' },
    ]) {
      const away = await post(h, form.id, fields);
      expect(away.headers.get('location')).toBeNull();
      await expectThanks(away);
    }
    expect(await rowOf(h, 'away@example.com')).toMatchObject({ status: 'pending', source: 'form' });

    const bad = await post(h, form.id, { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Please enter a valid email address');
    expect((await post(h, 'no-such-form', { email: 'x@example.com' })).status).toBe(404);
  });

  it('sends every post to the thank-you address its creator set, checked when the form is saved', async () => {
    const { h, api, pub, form } = await setup();
    const thanks = 'https://blog.elsewhere.example/thanks?from=form';
    const edit = (thanksUrl: string | null | undefined) =>
      api.forms.update({ publicationId: pub.id, id: form.id, name: 'Homepage', tag: 'homepage', thanksUrl });
    expect(await edit(thanks)).toMatchObject({ thanksUrl: thanks });
    // A person and a bot get the same answer; the posted field changes nothing.
    for (const fields of [
      { email: 'person@example.com', redirect: 'https://evil.example/phish' } as Record<string, string>,
      { email: 'bot@example.com', website: 'https://spam.example' },
    ]) {
      const res = await post(h, form.id, fields);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(thanks);
    }
    expect(await rowOf(h, 'person@example.com')).toMatchObject({ status: 'pending' });
    expect(await rowOf(h, 'bot@example.com')).toBeUndefined();

    // A path of the publication's own pages, resolved as a browser would.
    const own = await api.forms.create({ publicationId: pub.id, name: 'Own page', thanksUrl: '/p/field-notes/./?joined=1' });
    expect(own.thanksUrl).toBe('/p/field-notes/?joined=1');
    expect((await post(h, own.id, { email: 'own@example.com' })).headers.get('location')).toBe('/p/field-notes/?joined=1');

    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://files.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '/pricing',
      '/p/field-notes/../../admin',
      'https://user:secret@blog.elsewhere.example/',
      'https://blog.elsewhere.example/a\nLocation: https://evil.example',
      `https://blog.elsewhere.example/${'a'.repeat(2000)}`,
    ])
      await expectStatus(edit(bad), 400, READERS_MSG.thanksUrl);
    await expectStatus(edit('/p/someone-else/thanks'), 400, READERS_MSG.thanksPath('field-notes'));
    await expectStatus(api.forms.create({ publicationId: pub.id, name: 'x', thanksUrl: '/p/someone-else' }), 400, READERS_MSG.thanksPath('field-notes'));
    // Left out, it stays; emptied, the built-in thank-you page is back.
    expect(await edit(undefined)).toMatchObject({ thanksUrl: thanks });
    expect(await edit('')).toMatchObject({ thanksUrl: null });
    await expectThanks(await post(h, form.id, { email: 'later@example.com' }));
    expect(form.htmlCode).not.toContain('redirect');
  });

  it('refuses bots without a mail or a row: the honeypot filled, an iframe post faster than a person or with a forged time', async () => {
    const { h, form, advance } = await setup();
    await expectThanks(await post(h, form.id, { email: 'bot1@example.com', website: 'https://spam.example' }));

    const page = await h.app.request(`/f/${form.id}`);
    expect(page.status).toBe(200);
    const issued = issuedIn(await page.text());
    expect(issued).not.toBe('');
    await expectThanks(await post(h, form.id, { email: 'bot2@example.com', issued }));
    advance(MIN_FILL_MS - 1);
    await expectThanks(await post(h, form.id, { email: 'bot2@example.com', issued }));
    await expectThanks(await post(h, form.id, { email: 'bot3@example.com', issued: `${issued.slice(0, -2)}AA` }));
    // Another form's time does not count for this one.
    const other = await h.app.request(`/f/${(await setup()).form.id}`);
    await expectThanks(await post(h, form.id, { email: 'bot4@example.com', issued: issuedIn(await other.text()) }));
    expect(await allRows(h)).toHaveLength(0);
    expect(await allMail(h)).toHaveLength(0);

    // A person who took their time is signed up by the same token.
    advance(1);
    await expectThanks(await post(h, form.id, { email: 'person@example.com', issued }));
    expect(await rowOf(h, 'person@example.com')).toMatchObject({ status: 'pending', source: 'form' });
    expect(await mailsTo(h, 'person@example.com')).toHaveLength(1);
  });

  it('past the per-minute limit of one network says so and when to come back, the same for any address or a bot; nothing is written or mailed', async () => {
    const { h, form, advance } = await setup();
    for (let i = 1; i <= FORM_RULES.ip.limit; i++) await expectThanks(await post(h, form.id, { email: `r${i}@example.com` }));
    advance(15_000);
    const answers = new Set<string>();
    for (const fields of [
      { email: 'new@example.com' } as Record<string, string>,
      { email: 'r1@example.com' },
      { email: 'bot@example.com', website: 'https://spam.example' },
    ]) {
      const res = await post(h, form.id, fields);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('45');
      const html = await res.text();
      expect(html).toContain(SIGNUP_MSG.tooManyFromNetwork(1));
      expect(html).not.toContain(SIGNUP_MSG.checkInbox);
      answers.add(html);
    }
    expect(answers.size).toBe(1);
    expect(await allRows(h)).toHaveLength(FORM_RULES.ip.limit);
    expect(await allMail(h)).toHaveLength(FORM_RULES.ip.limit);
    expect(await rowOf(h, 'new@example.com')).toBeUndefined();
    // The next minute, the network may post again.
    advance(FORM_RULES.ip.windowMs);
    await expectThanks(await post(h, form.id, { email: 'r52@example.com' }));
    expect(await mailsTo(h, 'r52@example.com')).toHaveLength(1);
  });

  it("the signup's hourly limit per network answers a form's post as honestly", async () => {
    const { h, form, advance } = await setup();
    for (let i = 1; i <= 20; i++) {
      await expectThanks(await post(h, form.id, { email: `r${i}@example.com` }));
      if (i % FORM_RULES.ip.limit === 0) advance(FORM_RULES.ip.windowMs);
    }
    const res = await post(h, form.id, { email: 'one-more@example.com' });
    expect(res.status).toBe(429);
    expect(await res.text()).toContain(SIGNUP_MSG.tooManyFromNetwork(58));
    expect(await rowOf(h, 'one-more@example.com')).toBeUndefined();
    expect(await allMail(h)).toHaveLength(20);
  });

  it("keeps the app's own state-changing paths closed to other origins", async () => {
    const { h, pub } = await setup();
    for (const path of ['/api/trpc/forms.create', '/api/trpc/subscribers.add', '/api/auth/logout']) {
      const res = await h.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ELSEWHERE, 'sec-fetch-site': 'cross-site' },
        body: new URLSearchParams({ publicationId: pub.id, name: 'x', email: 'x@example.com' }).toString(),
      });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toEqual({ success: false, message: MSG.crossOrigin, code: 'FORBIDDEN' });
    }
    expect(await h.db.select().from(signupForms)).toHaveLength(1);
  });

  it('lets other sites frame the form page and its answer, while every other page keeps its own policy (web and node responses)', async () => {
    const { h, form } = await setup();
    const base = await (async () => {
      const server = serve({
        fetch: h.app.fetch,
        port: 0,
        hostname: '127.0.0.1',
        serverOptions: { ServerResponse: secureServerResponse({ production: false }) },
      });
      servers.push(server);
      await new Promise((r) => server.once('listening', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    })();
    for (const get of [(p: string, i?: RequestInit) => h.app.request(p, i), (p: string, i?: RequestInit) => fetch(base + p, i)]) {
      for (const res of [
        await get(`/f/${form.id}`),
        await get(`/f/${form.id}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=frame@example.com' }),
      ]) {
        await res.arrayBuffer();
        expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
        expect(res.headers.get('content-security-policy')).not.toContain('script-src');
        expect(res.headers.get('x-frame-options')).toBeNull();
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
      const other = await get('/sitemap.xml');
      await other.arrayBuffer();
      expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(other.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('keeps forms to their owner: another account can neither list, change, delete nor add to them', async () => {
    const { h, api, pub, form } = await setup();
    const stranger = h.caller(await h.insertUser({ email: 'stranger@example.com', planType: 'professional' }));
    await expectStatus(stranger.forms.list({ publicationId: pub.id }), 404);
    await expectStatus(stranger.forms.create({ publicationId: pub.id, name: 'Mine now' }), 404);
    await expectStatus(stranger.forms.update({ publicationId: pub.id, id: form.id, name: 'Mine now', tag: null }), 404);
    await expectStatus(stranger.forms.delete({ publicationId: pub.id, id: form.id }), 404);
    // Naming one's own publication does not reach another's form either.
    const own = await stranger.publications.create({ name: 'Own' });
    await expectStatus(stranger.forms.update({ publicationId: own.id, id: form.id, name: 'Mine now', tag: null }), 404, READERS_MSG.formNotFound);
    await expectStatus(stranger.forms.delete({ publicationId: own.id, id: form.id }), 404, READERS_MSG.formNotFound);
    await expectStatus(h.caller('anon').forms.list({ publicationId: pub.id }), 401);
    expect(await api.forms.list({ publicationId: pub.id })).toEqual([expect.objectContaining({ id: form.id, name: 'Homepage', tag: 'homepage' })]);
  });

  it('renames, changes the tag, deletes (its code then stops working) and refuses bad names and tags', async () => {
    const { h, api, pub, form } = await setup();
    expect(await api.forms.update({ publicationId: pub.id, id: form.id, name: 'Sidebar', tag: null })).toMatchObject({ name: 'Sidebar', tag: null });
    await expectStatus(api.forms.create({ publicationId: pub.id, name: '' }), 400);
    await expectStatus(api.forms.create({ publicationId: pub.id, name: 'x', tag: '<b>vip</b>' }), 400, /A tag is plain text/);
    await expectStatus(api.forms.create({ publicationId: pub.id, name: 'x', tag: 'a'.repeat(10_000) }), 400);
    await post(h, form.id, { email: 'untagged@example.com' });
    expect(await h.db.select().from(subscriberTags)).toHaveLength(0);
    expect(await api.forms.delete({ publicationId: pub.id, id: form.id })).toEqual({ success: true, id: form.id });
    expect((await post(h, form.id, { email: 'late@example.com' })).status).toBe(404);
    expect((await h.app.request(`/f/${form.id}`)).status).toBe(404);
    expect(await rowOf(h, 'untagged@example.com')).toMatchObject({ source: 'form', sourceDetail: form.id });
  });

  it("gives copy-paste code posting to the form's address (the custom domain when there is one) with its name escaped", async () => {
    const { h, api, pub } = await setup({ env: { APP_URL: 'https://app.curated.example' } });
    const form = await api.forms.create({ publicationId: pub.id, name: `Tom's "<script>alert(1)</script>" & co` });
    expect(form.url).toBe(`https://app.curated.example/f/${form.id}`);
    expect(form.htmlCode).toContain(`<form action="https://app.curated.example/f/${form.id}" method="post"`);
    expect(form.htmlCode).toContain('aria-label="Tom&#39;s &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; co"');
    expect(form.htmlCode).not.toContain('<script>');
    expect(form.htmlCode).toMatch(/<input id="[^"]+" type="email" name="email" required/);
    expect(form.htmlCode).toMatch(
      /<div aria-hidden="true" style="position:absolute;left:-10000px[^"]*">\s*<label>Leave this empty <input type="text" name="website" tabindex="-1"/,
    );
    expect(form.htmlCode).not.toContain('<script');
    expect(form.iframeCode).toBe(
      `<iframe src="https://app.curated.example/f/${form.id}" title="Tom&#39;s &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; co" width="100%" height="280" style="border:0;max-width:480px" loading="lazy"></iframe>`,
    );

    // On an account with a custom domain, the code posts there, and that host serves only its own forms.
    const ent = await h.insertUser({ email: 'ent@example.com', planType: 'enterprise', verified: true });
    const entApi = h.caller(ent);
    await proveDomain(h, ent, 'news.harbour.example');
    const entPub = await entApi.publications.create({ name: 'Harbour' });
    const entForm = await entApi.forms.create({ publicationId: entPub.id, name: 'Harbour form', tag: null });
    expect(entForm.htmlCode).toContain(`action="https://news.harbour.example/f/${entForm.id}"`);
    expect((await h.app.request(`http://news.harbour.example/f/${entForm.id}`)).status).toBe(200);
    expect((await h.app.request(`http://news.harbour.example/f/${form.id}`)).status).toBe(404);
    const there = await h.app.request(`http://news.harbour.example/f/${entForm.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ELSEWHERE },
      body: 'email=harbour@example.com',
    });
    expect(there.status).toBe(200);
    const [mail] = await mailsTo(h, 'harbour@example.com');
    expect(mail!.text).toContain('https://news.harbour.example/p/harbour/confirm?token=');
  });

  it('the built-in thank-you page is the publication\'s: its name and accent, a way back to the site the form was posted from, no product navigation, "Made with Curated" unless white-label', async () => {
    const { h, api, pub, form } = await setup();
    await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedTheme: 'market-watch' } });
    const withReferer = await expectThanks(await post(h, form.id, { email: 'back@example.com' }, { referer: `${ELSEWHERE}/essays/boats?x=1#signup` }));
    // The whole address the reader was on (without its fragment), opened over any frame.
    expect(withReferer).toContain(`<a href="${ELSEWHERE}/essays/boats?x=1" target="_top">Back to blog.elsewhere.example</a>`);
    // The theme's main colour (Market Watch's green) is the page's band and, readable, its links' colour.
    expect(withReferer).toContain('.th-bar{height:4px;border-radius:2px;background:#0b3d2e;');
    expect(withReferer).toContain('.th a{color:#0b3d2e;');
    expect(withReferer).toContain('<p class="th-made"><a href="/">Made with Curated</a></p>');
    for (const product of ['Sign In', 'Get Started', 'Roadmap', 'Refund Policy']) expect(withReferer).not.toContain(product);
    // Nothing sent yet: no archive to link to.
    expect(withReferer).not.toContain('Past issues');

    // A site whose policy sends only its origin still gets its way back; anything but an http(s) page of another site gets none.
    expect(await expectThanks(await post(h, form.id, { email: 'origin@example.com' }))).toContain(
      `<a href="${ELSEWHERE}/" target="_top">Back to blog.elsewhere.example</a>`,
    );
    for (const headers of [
      { origin: 'null', referer: 'javascript:alert(1)' },
      { origin: 'http://localhost', referer: `http://localhost/f/${form.id}` },
      { origin: 'http://localhost:3000', referer: 'https://user:pw@elsewhere.example/' },
    ])
      expect(await expectThanks(await post(h, form.id, { email: 'none@example.com' }, headers)), JSON.stringify(headers)).not.toContain('Back to');

    // White-label: the same page with nothing of the product.
    const ent = await h.insertUser({ email: 'ent@example.com', planType: 'enterprise', verified: true });
    const entPub = await h.caller(ent).publications.create({ name: 'Field Notes' });
    const entForm = await h.caller(ent).forms.create({ publicationId: entPub.id, name: 'Harbour form', tag: null });
    const wl = await expectThanks(await post(h, entForm.id, { email: 'wl@example.com' }, { referer: `${ELSEWHERE}/` }));
    expect(wl).toContain('Back to blog.elsewhere.example');
    expect(wl).not.toMatch(/curated|made with/i);
  });

  it(`keeps at most ${MAX_FORMS} forms per publication, even when created all at once`, async () => {
    const { h, api, pub } = await setup();
    const now = new Date();
    await h.db
      .insert(signupForms)
      .values(
        Array.from({ length: MAX_FORMS - 4 }, (_, i) => ({ id: `f-${i}`, publicationId: pub.id, name: `F${i}`, tag: null, createdAt: now, updatedAt: now })),
      );
    const outcome = await together(Array.from({ length: 8 }, (_, i) => api.forms.create({ publicationId: pub.id, name: `Race ${i}` })));
    expect(outcome.ok).toHaveLength(3);
    expect(outcome.refused).toEqual(times(5, { status: 403, message: READERS_MSG.tooManyForms }));
    expect(
      await h.db
        .select()
        .from(signupForms)
        .where(and(eq(signupForms.publicationId, pub.id))),
    ).toHaveLength(MAX_FORMS);
  });
});
