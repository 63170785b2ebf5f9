// The public signup page with double opt-in: slugs, neutral answers, the confirmation mail and its link,
// expiry after 7 days, single use, suppressed addresses, the plan limit and the rate limits (the
// per-network one answered honestly, the per-address one neutrally).
// @postgres
import { describe, it, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { harnessWithAdmin } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { addSubscribers } from '../delivery/send-support';
import { outbox, publications, subscribers, suppressions } from '../../../db/schema';
import { CONFIRM_TTL_MS } from '../../../src/server/readers/subscription/signup';
import { SIGNUP_MSG } from '../../../src/server/readers/subscription/messages';
import { ensureSlug, findBySlug, slugify } from '../../../src/server/readers/pages/slug';
import { confirmationMail } from '../../../src/server/readers/subscription/confirm-mail';
import type { PlanType } from '../../../src/shared/plans';

async function setup(o: { planType?: PlanType; name?: string; env?: Record<string, string> } = {}) {
  let clock = new Date('2026-03-01T10:00:00Z');
  const h = await harnessWithAdmin({ env: o.env, deps: { now: () => clock } });
  const user = await h.insertUser({ email: 'owner@example.com', planType: o.planType ?? 'professional' });
  const pub = await h.caller(user).publications.create({ name: o.name ?? 'Field Notes' });
  const slug = await ensureSlug(h.db, pub.id);
  return {
    h,
    user,
    pub,
    slug,
    anon: h.caller('anon'),
    api: h.caller(user),
    advance: (ms: number) => (clock = new Date(clock.getTime() + ms)),
  };
}

const mailsTo = (h: Awaited<ReturnType<typeof setup>>['h'], address: string) => h.db.select().from(outbox).where(eq(outbox.toAddress, address));
const tokenIn = (text: string) => /\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
const rowOf = async (h: Awaited<ReturnType<typeof setup>>['h'], pubId: string, email: string) =>
  (
    await h.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.publicationId, pubId), eq(subscribers.email, email)))
      .limit(1)
  )[0];

describe('public signup page', () => {
  it('gives a publication a stable slug from its name, unique with a suffix, found by slug', async () => {
    const { h, api, pub, slug, user } = await setup({ name: 'Café Notes!' });
    expect(slug).toBe('cafe-notes');
    await api.publications.rename({ id: pub.id, name: 'Another name' });
    expect(await ensureSlug(h.db, pub.id)).toBe('cafe-notes');
    const twin = await h.caller(user).publications.create({ name: 'Cafe notes' });
    expect(await ensureSlug(h.db, twin.id)).toMatch(/^cafe-notes-[0-9a-f]{6}$/);
    expect((await findBySlug(h.db, 'cafe-notes'))?.id).toBe(pub.id);
    expect(slugify('***')).toBe('newsletter');
    // No theme chosen, nothing sent: the default accent, no archive yet.
    expect(await h.caller('anon').subscribers.publicPage({ slug })).toEqual({
      name: 'Another name',
      slug: 'cafe-notes',
      brand: {
        name: 'Another name',
        home: '/p/cafe-notes',
        archiveUrl: null,
        logo: null,
        color: '#4338ca',
        light: { accent: '#4338ca', onAccent: '#ffffff' },
        dark: { accent: expect.stringMatching(/^#[0-9a-f]{6}$/), onAccent: '#09090b' },
        whiteLabel: false,
      },
    });
    await expectStatus(h.caller('anon').subscribers.publicPage({ slug: 'nobody-here' }), 404, SIGNUP_MSG.notFound);
    await expectStatus(h.caller('anon').subscribers.publicPage({ slug: '' }), 400);
  });

  it('signs up as pending, mails a working link from the publication name, and confirms once', async () => {
    const { h, anon, pub, slug, api } = await setup();
    const answer = await anon.subscribers.signup({ slug, email: 'Reader@Example.com', name: 'Rea' });
    expect(answer).toEqual({ message: SIGNUP_MSG.checkInbox });
    const row = (await rowOf(h, pub.id, 'reader@example.com'))!;
    expect(row).toMatchObject({ status: 'pending', source: 'signup', name: 'Rea' });
    expect(row.confirmExpiresAt!.getTime()).toBe(new Date('2026-03-01T10:00:00Z').getTime() + CONFIRM_TTL_MS);

    const [mail] = await mailsTo(h, 'reader@example.com');
    expect(mail.fromAddress).toBe('"Field Notes" <newsletter@curated.email>');
    expect(mail.subject).toBe('Confirm your subscription to Field Notes');
    const token = tokenIn(mail.text);
    expect(mail.text).toContain(`http://localhost:3000/p/${slug}/confirm?token=${token}`);
    expect(mail.html).toContain(`/p/${slug}/confirm?token=${token}`);
    expect(token).toHaveLength(43);
    // Only the token's hash is stored.
    expect(JSON.stringify(row)).not.toContain(token);

    const done = await anon.subscribers.confirm({ slug, token });
    expect(done).toMatchObject({ status: 'confirmed', name: 'Field Notes' });
    expect(await rowOf(h, pub.id, 'reader@example.com')).toMatchObject({ status: 'active', confirmExpiresAt: null });
    expect((await rowOf(h, pub.id, 'reader@example.com'))!.confirmedAt).toBeInstanceOf(Date);
    expect(await anon.subscribers.confirm({ slug, token })).toEqual({ status: 'already', message: SIGNUP_MSG.already, name: 'Field Notes', whiteLabel: false });
    expect((await api.subscribers.list({ publicationId: pub.id })).counts).toMatchObject({ active: 1, pending: 0 });
  });

  it('answers the same neutral message for new, pending, active and suppressed addresses, mailing only those who can confirm', async () => {
    const { h, anon, pub, slug, user } = await setup();
    await h.caller(user).subscribers.add({ publicationId: pub.id, email: 'active@example.com' });
    await h.db
      .insert(suppressions)
      .values({ id: 's1', userId: user.id, email: 'bounced@example.com', reason: 'hard_bounce', source: 'smtp', createdAt: new Date() });
    for (const email of ['new@example.com', 'new@example.com', 'active@example.com', 'bounced@example.com'])
      expect(await anon.subscribers.signup({ slug, email })).toEqual({ message: SIGNUP_MSG.checkInbox });
    expect(await mailsTo(h, 'new@example.com')).toHaveLength(2);
    expect(await mailsTo(h, 'active@example.com')).toHaveLength(0);
    expect(await mailsTo(h, 'bounced@example.com')).toHaveLength(0);
    expect(await rowOf(h, pub.id, 'active@example.com')).toMatchObject({ status: 'active', source: 'manual' });
    expect(await rowOf(h, pub.id, 'bounced@example.com')).toBeUndefined();
    // A second signup replaces the token: the first link no longer works, the newest does.
    const [first, second] = (await mailsTo(h, 'new@example.com')).map((m) => tokenIn(m.text));
    await expectStatus(anon.subscribers.confirm({ slug, token: first }), 400, SIGNUP_MSG.invalidLink);
    expect((await anon.subscribers.confirm({ slug, token: second })).status).toBe('confirmed');
  });

  it('an expired link (after 7 days) is refused; signing up again sends a fresh one', async () => {
    const { h, anon, slug, pub, advance } = await setup();
    await anon.subscribers.signup({ slug, email: 'late@example.com' });
    const token = tokenIn((await mailsTo(h, 'late@example.com'))[0].text);
    advance(CONFIRM_TTL_MS + 1000);
    await expectStatus(anon.subscribers.confirm({ slug, token }), 400, SIGNUP_MSG.expired);
    expect((await rowOf(h, pub.id, 'late@example.com'))!.status).toBe('pending');
    await anon.subscribers.signup({ slug, email: 'late@example.com' });
    const fresh = tokenIn((await mailsTo(h, 'late@example.com'))[1].text);
    expect((await anon.subscribers.confirm({ slug, token: fresh })).status).toBe('confirmed');
  });

  it('unknown or mismatched links are not valid; bad input is a 400', async () => {
    const { h, anon, slug, user } = await setup();
    await anon.subscribers.signup({ slug, email: 'x@example.com' });
    const token = tokenIn((await mailsTo(h, 'x@example.com'))[0].text);
    const other = await h.caller(user).publications.create({ name: 'Other' });
    await expectStatus(anon.subscribers.confirm({ slug: await ensureSlug(h.db, other.id), token }), 400, SIGNUP_MSG.invalidLink);
    await expectStatus(anon.subscribers.confirm({ slug: 'no-such-page', token }), 400, SIGNUP_MSG.invalidLink);
    await expectStatus(anon.subscribers.confirm({ slug, token: 'x'.repeat(43) }), 400, SIGNUP_MSG.invalidLink);
    await expectStatus(anon.subscribers.confirm({ slug, token: '' }), 400);
    await expectStatus(anon.subscribers.signup({ slug, email: 'not-an-address' }), 400);
    await expectStatus(anon.subscribers.signup({ slug, email: 'y@example.com', name: 'a\nb' }), 400);
    await expectStatus(anon.subscribers.signup({ slug: 'no-such-page', email: 'y@example.com' }), 404);
  });

  it('a reader who unsubscribed becomes pending again by signing up, and active only by confirming; an old link does not re-activate', async () => {
    const { h, anon, slug, pub } = await setup();
    await anon.subscribers.signup({ slug, email: 'back@example.com' });
    const old = tokenIn((await mailsTo(h, 'back@example.com'))[0].text);
    await anon.subscribers.confirm({ slug, token: old });
    await h.db.update(subscribers).set({ status: 'unsubscribed', unsubscribedAt: new Date() }).where(eq(subscribers.email, 'back@example.com'));
    await expectStatus(anon.subscribers.confirm({ slug, token: old }), 400, SIGNUP_MSG.invalidLink);
    expect((await rowOf(h, pub.id, 'back@example.com'))!.status).toBe('unsubscribed');

    await anon.subscribers.signup({ slug, email: 'back@example.com' });
    expect((await rowOf(h, pub.id, 'back@example.com'))!.status).toBe('pending');
    const fresh = tokenIn((await mailsTo(h, 'back@example.com'))[1].text);
    await anon.subscribers.confirm({ slug, token: fresh });
    expect(await rowOf(h, pub.id, 'back@example.com')).toMatchObject({ status: 'active', unsubscribedAt: null });
  });

  it("over the owner's plan limit the answer stays neutral, nothing is stored or mailed", async () => {
    const { h, anon, slug, pub } = await setup({ planType: 'free' });
    await addSubscribers(h, pub.id, 500);
    expect(await anon.subscribers.signup({ slug, email: 'one-more@example.com' })).toEqual({ message: SIGNUP_MSG.checkInbox });
    expect(await rowOf(h, pub.id, 'one-more@example.com')).toBeUndefined();
    expect(await mailsTo(h, 'one-more@example.com')).toHaveLength(0);
  });

  it('an address asked for too often gets the neutral answer and no more mail; past the per-network limit the answer says so and when to come back, the same for any address', async () => {
    const { h, anon, slug, pub, advance } = await setup();
    for (let i = 0; i < 4; i++) expect(await anon.subscribers.signup({ slug, email: 'same@example.com' })).toEqual({ message: SIGNUP_MSG.checkInbox });
    expect(await mailsTo(h, 'same@example.com')).toHaveLength(3);
    for (let i = 0; i < 16; i++) await anon.subscribers.signup({ slug, email: `r${i}@example.com` });
    advance(20 * 60_000);
    // New, already signed up, or asked for too often: one answer, decided before the address is read.
    for (const email of ['fresh@example.com', 'r0@example.com', 'same@example.com'])
      await expectStatus(anon.subscribers.signup({ slug, email }), 429, SIGNUP_MSG.tooManyFromNetwork(40));
    expect(await rowOf(h, pub.id, 'fresh@example.com')).toBeUndefined();
    expect(await mailsTo(h, 'fresh@example.com')).toHaveLength(0);
    advance(40 * 60_000);
    expect(await anon.subscribers.signup({ slug, email: 'fresh@example.com' })).toEqual({ message: SIGNUP_MSG.checkInbox });
    expect(await mailsTo(h, 'fresh@example.com')).toHaveLength(1);
  });

  it('the public page answers even for a publication whose owner renamed it', async () => {
    const { h, pub } = await setup();
    await h.db.update(publications).set({ name: 'Renamed' }).where(eq(publications.id, pub.id));
    expect((await h.caller('anon').subscribers.publicPage({ slug: 'field-notes' })).name).toBe('Renamed');
  });
});

describe('confirmation mail', () => {
  it('escapes the publication name and the link in HTML, keeps them plain in text', () => {
    const m = confirmationMail({ publicationName: '<b>Tom & "Jerry"</b>\r\nBcc: x', confirmUrl: 'https://app.test/p/t/confirm?token=a&b' });
    expect(m.subject).toBe('Confirm your subscription to <b>Tom & "Jerry"</b> Bcc: x');
    expect(m.html).toContain('&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;');
    expect(m.html).not.toContain('<b>Tom');
    expect(m.html).toContain('href="https://app.test/p/t/confirm?token=a&amp;b"');
    expect(m.text).toContain('https://app.test/p/t/confirm?token=a&b');
  });
});
