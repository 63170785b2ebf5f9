// integrations.* procedures and GET /api/integrations: keys stored encrypted and never returned, plan
// enforcement, publishing saved newsletters (draft, now, schedule, failures recorded), stats, Substack
// copy, foreign ids NOT_FOUND, and the staff overview.
// @postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { integrationConnections, integrationPublications } from '../../../db/schema';
import { mailProviders } from '../../../db/schema';
import { users } from '../../../db/schema';
import { harnessWithAdmin, jsonRequest, cookieFrom } from '../../helpers/app';
import { expectStatus } from '../workflow/factories';
import { startFakePlatforms, FAKE_KEYS, type FakePlatforms } from '../../helpers/fake-platforms';
import { MARKERS } from '../../../src/server/newsletter/markers';
import { SUBSTACK_NOTE } from '../../../src/server/integrations/substack';
import type { SessionUser } from '../../../src/server/auth/service';

let fake: FakePlatforms;
let h: Awaited<ReturnType<typeof harnessWithAdmin>>;
beforeAll(async () => {
  fake = await startFakePlatforms();
  h = await harnessWithAdmin({ env: { INTEGRATIONS_API_BASE: fake.url } });
});
afterAll(() => fake.close());

const HTML = `<!DOCTYPE html><html><head><style>p{color:red}</style></head><body><p>${MARKERS.greeting}</p><p>Story one</p><p><a href="${MARKERS.webUrl}">View in your browser</a> · <a href="${MARKERS.unsubscribeUrl}">Unsubscribe</a></p><script>x()</script></body></html>`;

async function newsletterOf(user: SessionUser, title = 'Weekly Picks') {
  return h.caller(user).drafts.create({
    title,
    subject: `${title} subject`,
    htmlContent: HTML,
    content: 'Story one\n\nStory two',
    contentSources: { channels: [], articles: [] },
  });
}

const publishInput = (newsletterId: string, extra: Record<string, unknown> = {}) => ({
  newsletterId,
  platform: 'brevo' as const,
  listId: '2',
  subject: 'Picks of the week',
  fromName: 'Pro Writer',
  fromEmail: 'pro@example.com',
  mode: 'draft' as const,
  ...extra,
});

describe('connecting', () => {
  it('validates the key with the platform, stores it encrypted and never returns it', async () => {
    const user = await h.insertUser({ planType: 'professional' });
    const api = h.caller(user);
    const conn = await api.integrations.connect({ platform: 'brevo', apiKey: FAKE_KEYS.brevo });
    expect(conn).toMatchObject({ status: 'connected', accountLabel: 'Acme News (owner@brevo.example)', lastError: null });
    const [row] = await h.db.select().from(integrationConnections).where(eq(integrationConnections.userId, user.id)).limit(1);
    expect(row.secret).not.toContain(FAKE_KEYS.brevo);
    expect(row.secret).toMatch(/^v1\./);
    const overview = await api.integrations.overview();
    expect(JSON.stringify(overview)).not.toContain(FAKE_KEYS.brevo);
    expect(overview.platforms.find((p) => p.id === 'brevo')?.connection?.accountLabel).toBe('Acme News (owner@brevo.example)');
    expect(JSON.stringify(await api.integrations.status())).not.toContain(FAKE_KEYS.brevo);
    expect(JSON.stringify(await api.integrations.recheck({ platform: 'brevo' }))).not.toContain(FAKE_KEYS.brevo);
  });

  it('never writes a key to the log, accepted or refused', async () => {
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), error: (m: string, e?: unknown) => lines.push(`${m} ${String(e)}`) };
    const logged = await harnessWithAdmin({ env: { INTEGRATIONS_API_BASE: fake.url }, deps: { log } });
    const user = await logged.insertUser({ planType: 'professional' });
    const badKey = 'refused-secret-key-987654321';
    await expectStatus(logged.caller(user).integrations.connect({ platform: 'beehiiv', apiKey: badKey }), 412);
    await logged.caller(user).integrations.connect({ platform: 'brevo', apiKey: FAKE_KEYS.brevo });
    fake.failNext('brevo', { kind: '500' });
    await expectStatus(logged.caller(user).integrations.lists({ platform: 'brevo' }), 502);
    expect(lines.some((l) => l.includes('beehiiv'))).toBe(true);
    for (const l of lines) {
      expect(l).not.toContain(badKey);
      expect(l).not.toContain(FAKE_KEYS.brevo);
    }
  });

  it('refuses a wrong key with the platform’s sentence and stores nothing', async () => {
    const user = await h.insertUser({ planType: 'professional' });
    await expectStatus(
      h.caller(user).integrations.connect({ platform: 'mailchimp', apiKey: 'ffffffffffffffffffffffffffffffff-us21' }),
      412,
      'The Mailchimp API key was refused. Check the key and its permissions.',
    );
    expect(await h.db.select().from(integrationConnections).where(eq(integrationConnections.userId, user.id))).toEqual([]);
  });

  it('beehiiv keeps the publication it found', async () => {
    const user = await h.insertUser({ planType: 'business' });
    expect(await h.caller(user).integrations.connect({ platform: 'beehiiv', apiKey: FAKE_KEYS.beehiiv })).toMatchObject({ accountLabel: 'The Bee Letter' });
    const lists = await h.caller(user).integrations.lists({ platform: 'beehiiv' });
    expect(lists.lists).toEqual([{ id: 'pub_00000000-1111-2222-3333-444444444444', name: 'The Bee Letter: all subscribers', count: null }]);
    expect(lists.note).toMatch(/beehiiv has no lists/);
  });

  it('enforces the plan: free none, basic only Brevo, professional all four', async () => {
    const free = h.caller(await h.insertUser({ planType: 'free' }));
    await expectStatus(
      free.integrations.connect({ platform: 'brevo', apiKey: FAKE_KEYS.brevo }),
      403,
      'Brevo needs the Basic plan or higher. Upgrade to connect it.',
    );
    await expectStatus(free.integrations.lists({ platform: 'brevo' }), 403);
    await expectStatus(free.integrations.preview({ platform: 'brevo', newsletterId: 'whatever-id' }), 403);
    await expectStatus(free.integrations.publish(publishInput('whatever-id')), 403);
    const basic = h.caller(await h.insertUser({ planType: 'basic' }));
    expect(await basic.integrations.connect({ platform: 'brevo', apiKey: FAKE_KEYS.brevo })).toMatchObject({ status: 'connected' });
    await expectStatus(
      basic.integrations.connect({ platform: 'mailchimp', apiKey: FAKE_KEYS.mailchimp }),
      403,
      'Mailchimp needs the Pro plan or higher. Upgrade to connect it.',
    );
    const cards = (await basic.integrations.overview()).platforms;
    expect(cards.map((c) => [c.id, c.allowed])).toEqual([
      ['brevo', true],
      ['mailchimp', false],
      ['mailerlite', false],
      ['beehiiv', false],
    ]);
    const pro = h.caller(await h.insertUser({ planType: 'professional' }));
    for (const platform of ['brevo', 'mailchimp', 'mailerlite', 'beehiiv'] as const) {
      expect(await pro.integrations.connect({ platform, apiKey: FAKE_KEYS[platform] })).toMatchObject({ status: 'connected' });
    }
  });

  it('re-check marks a connection whose key stopped working, and disconnect deletes the secret', async () => {
    const user = await h.insertUser({ planType: 'professional' });
    const api = h.caller(user);
    await api.integrations.connect({ platform: 'mailerlite', apiKey: FAKE_KEYS.mailerlite });
    // The key was revoked on the platform: simulate by storing another key's ciphertext.
    const other = await h.insertUser({ planType: 'professional' });
    await expectStatus(h.caller(other).integrations.connect({ platform: 'mailerlite', apiKey: 'revoked-key-0000000' }), 412);
    fake.failNext('mailerlite', { kind: '500' });
    const flaky = await api.integrations.recheck({ platform: 'mailerlite' });
    expect(flaky).toMatchObject({ status: 'error', lastError: 'MailerLite had a server error (500); try again later.' });
    expect((await api.integrations.status()).data.platforms.mailerlite.connected).toBe(false);
    expect(await api.integrations.recheck({ platform: 'mailerlite' })).toMatchObject({ status: 'connected', lastError: null });
    expect(await api.integrations.disconnect({ platform: 'mailerlite' })).toEqual({ success: true, platform: 'mailerlite' });
    expect(await h.db.select().from(integrationConnections).where(eq(integrationConnections.userId, user.id))).toEqual([]);
    await expectStatus(api.integrations.disconnect({ platform: 'mailerlite' }), 404);
  });

  it('after a downgrade the platform is locked but its saved key can still be deleted', async () => {
    const user = await h.insertUser({ planType: 'professional' });
    await h.caller(user).integrations.connect({ platform: 'mailchimp', apiKey: FAKE_KEYS.mailchimp });
    await h.db.update(users).set({ planType: 'basic' }).where(eq(users.id, user.id));
    const downgraded = h.caller({ ...user, planType: 'basic' });
    await expectStatus(downgraded.integrations.lists({ platform: 'mailchimp' }), 403);
    const card = (await downgraded.integrations.overview()).platforms.find((p) => p.id === 'mailchimp')!;
    expect(card).toMatchObject({ allowed: false, connection: { status: 'connected' } });
    expect(await downgraded.integrations.disconnect({ platform: 'mailchimp' })).toEqual({ success: true, platform: 'mailchimp' });
    expect(await h.db.select().from(integrationConnections).where(eq(integrationConnections.userId, user.id))).toEqual([]);
  });

  it('answers 401 signed out and 400 for bad input', async () => {
    const anon = h.caller('anon');
    await expectStatus(anon.integrations.overview(), 401);
    await expectStatus(anon.integrations.connect({ platform: 'brevo', apiKey: FAKE_KEYS.brevo }), 401);
    await expectStatus(anon.integrations.recheck({ platform: 'brevo' }), 401);
    await expectStatus(anon.integrations.disconnect({ platform: 'brevo' }), 401);
    await expectStatus(anon.integrations.lists({ platform: 'brevo' }), 401);
    await expectStatus(anon.integrations.preview({ platform: 'brevo', newsletterId: 'x' }), 401);
    await expectStatus(anon.integrations.publish(publishInput('x')), 401);
    await expectStatus(anon.integrations.refreshStats({ id: 'x' }), 401);
    await expectStatus(anon.integrations.substack({ newsletterId: 'x' }), 401);
    const api = h.caller(await h.insertUser({ planType: 'professional' }));
    await expectStatus(api.integrations.connect({ platform: 'brevo', apiKey: 'has space in it' }), 400);
    await expectStatus(api.integrations.connect({ platform: 'substack' as 'brevo', apiKey: FAKE_KEYS.brevo }), 400);
    await expectStatus(api.integrations.recheck({ platform: 'nope' as 'brevo' }), 400);
    await expectStatus(api.integrations.disconnect({} as { platform: 'brevo' }), 400);
    await expectStatus(api.integrations.lists({ platform: '' as 'brevo' }), 400);
    await expectStatus(api.integrations.preview({ platform: 'brevo', newsletterId: '' }), 400);
    await expectStatus(api.integrations.publish({ ...publishInput('abc'), fromEmail: 'not-an-address' }), 400);
    await expectStatus(api.integrations.publish({ ...publishInput('abc'), mode: 'schedule' }), 400);
    await expectStatus(api.integrations.refreshStats({ id: '' }), 400);
    await expectStatus(api.integrations.substack({ newsletterId: '' }), 400);
  });
});

describe('publishing', () => {
  let pro: SessionUser;
  beforeAll(async () => {
    pro = await h.insertUser({ planType: 'professional', name: 'Pro Writer' });
    for (const platform of ['brevo', 'mailchimp', 'mailerlite', 'beehiiv'] as const)
      await h.caller(pro).integrations.connect({ platform, apiKey: FAKE_KEYS[platform] });
  });

  it('shows what each platform changes, with our slots as its merge tags', async () => {
    const nl = await newsletterOf(pro);
    const api = h.caller(pro);
    const brevo = await api.integrations.preview({ newsletterId: nl.id, platform: 'brevo' });
    expect(brevo.changes.join(' ')).toMatch(/Brevo requires an unsubscribe link/);
    expect(brevo.html).toContain('href="{{ unsubscribe }}"');
    expect(brevo.html).toContain('href="{{ mirror }}"');
    expect(brevo.html).toContain('Hi {{ contact.FIRSTNAME | default : "there" }},');
    const chimp = await api.integrations.preview({ newsletterId: nl.id, platform: 'mailchimp' });
    expect(chimp.html).toContain('href="*|UNSUB|*"');
    expect(chimp.changes.join(' ')).toMatch(/postal address/);
    const lite = await api.integrations.preview({ newsletterId: nl.id, platform: 'mailerlite' });
    expect(lite.html).toContain('href="{$unsubscribe}"');
    expect(lite.html).not.toContain('View in your browser');
    const bee = await api.integrations.preview({ newsletterId: nl.id, platform: 'beehiiv' });
    expect(bee.html).not.toMatch(/<style|<script|<body|%%CURATED/);
    expect(bee.html).toContain('<p>Hello,</p>');
    expect(bee.changes.join(' ')).toMatch(/replaces our layout with its own post template/);
    for (const p of [brevo, chimp, lite, bee]) expect(p.html).not.toContain('%%CURATED');
  });

  it('saves a draft campaign, sends now and schedules; records each with list and remote id', async () => {
    const nl = await newsletterOf(pro, 'Issue Seven');
    const api = h.caller(pro);
    const draft = await api.integrations.publish(publishInput(nl.id));
    expect(draft).toMatchObject({ platform: 'brevo', title: 'Issue Seven', status: 'draft', listId: '2', listName: 'Newsletter readers', error: null });
    expect(fake.campaigns.find((c) => c.platform === 'brevo' && c.id === draft.remoteId)?.html).toContain('{{ unsubscribe }}');

    const sent = await api.integrations.publish(publishInput(nl.id, { platform: 'mailchimp', listId: 'a1b2c3d4e5', mode: 'now' }));
    expect(sent).toMatchObject({ status: 'sent', listName: 'Main audience' });
    expect(sent.remoteUrl).toMatch(/admin\.mailchimp\.com/);

    const at = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString();
    const scheduled = await api.integrations.publish(publishInput(nl.id, { platform: 'beehiiv', listId: '', mode: 'schedule', scheduledAt: at }));
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at, listName: 'The Bee Letter: all subscribers' });

    const overview = await api.integrations.overview();
    expect(overview.publications.slice(0, 3).map((p) => p.platform)).toEqual(expect.arrayContaining(['brevo', 'mailchimp', 'beehiiv']));
  });

  it('refuses a schedule in the past, an unknown list, and another user’s newsletter', async () => {
    const nl = await newsletterOf(pro);
    const api = h.caller(pro);
    await expectStatus(
      api.integrations.publish(publishInput(nl.id, { mode: 'schedule', scheduledAt: new Date(Date.now() - 1000).toISOString() })),
      400,
      'Choose a time in the future to schedule it.',
    );
    await expectStatus(api.integrations.publish(publishInput(nl.id, { listId: '999' })), 400, /does not have that list any more/);
    const stranger = await h.insertUser({ planType: 'professional' });
    await h.caller(stranger).integrations.connect({ platform: 'brevo', apiKey: FAKE_KEYS.brevo });
    await expectStatus(h.caller(stranger).integrations.publish(publishInput(nl.id)), 404);
    await expectStatus(h.caller(stranger).integrations.preview({ newsletterId: nl.id, platform: 'brevo' }), 404);
    await expectStatus(h.caller(stranger).integrations.substack({ newsletterId: nl.id }), 404);
    // Publishing to a platform this user never connected:
    await expectStatus(
      h.caller(stranger).integrations.publish(publishInput((await newsletterOf(stranger)).id, { platform: 'mailchimp', listId: 'a1b2c3d4e5' })),
      404,
    );
  });

  it('records a failed publication with the platform’s reason (rate limit), and a basic user cannot publish to Mailchimp', async () => {
    const nl = await newsletterOf(pro);
    fake.failNext('mailerlite', { kind: '429', retryAfter: '30' });
    await expectStatus(
      h.caller(pro).integrations.publish(publishInput(nl.id, { platform: 'mailerlite', listId: '111222333' })),
      429,
      'MailerLite is rate-limiting requests; try again in 30 seconds.',
    );
    const failed = (await h.db.select().from(integrationPublications).where(eq(integrationPublications.userId, pro.id))).filter((r) => r.status === 'failed');
    expect(failed.at(-1)).toMatchObject({ platform: 'mailerlite', error: 'MailerLite is rate-limiting requests; try again in 30 seconds.' });
    const basic = await h.insertUser({ planType: 'basic' });
    await expectStatus(h.caller(basic).integrations.publish(publishInput((await newsletterOf(basic)).id, { platform: 'mailchimp' })), 403);
  });

  it('refreshes stats into the analytics keys; another user’s publication is NOT_FOUND', async () => {
    const nl = await newsletterOf(pro);
    const api = h.caller(pro);
    const sent = await api.integrations.publish(publishInput(nl.id, { mode: 'now' }));
    const refreshed = await api.integrations.refreshStats({ id: sent.id });
    expect(refreshed.stats).toEqual({
      recipients: 1180,
      delivered: 1150,
      opens: 900,
      uniqueOpens: 600,
      clicks: 44,
      uniqueClicks: 31,
      unsubscribes: 5,
      bounces: 30,
      complaints: 1,
    });
    expect(refreshed.statsFetchedAt).not.toBeNull();
    const [row] = await h.db.select().from(integrationPublications).where(eq(integrationPublications.id, sent.id)).limit(1);
    expect(row.stats).toEqual(refreshed.stats);
    const stranger = await h.insertUser({ planType: 'professional' });
    await expectStatus(h.caller(stranger).integrations.refreshStats({ id: sent.id }), 404);
  });

  it('Copy for Substack gives clean HTML and Markdown with the no-API sentence', async () => {
    const nl = await h.caller(pro).drafts.create({
      title: 'Sub Stack Issue',
      htmlContent: '<table><tr><td>x</td></tr></table>',
      contentSources: {
        channels: [],
        articles: [
          { id: 'a1', title: 'A story', summary: 'What happened.', url: 'https://news.example/a', source: 'News', imageUrl: 'https://img.example/a.jpg' },
        ],
      },
    });
    const copy = await h.caller(pro).integrations.substack({ newsletterId: nl.id });
    expect(copy.note).toBe(SUBSTACK_NOTE);
    expect(copy.html).toContain('<h2><a href="https://news.example/a">A story</a></h2>');
    expect(copy.html).toContain('<img src="https://img.example/a.jpg"');
    expect(copy.html).not.toMatch(/<table|<style|<script|style=/);
    expect(copy.markdown).toContain('# Sub Stack Issue');
    expect(copy.markdown).toContain('[A story](<https://news.example/a>)');
  });
});

describe('status and GET /api/integrations', () => {
  it('has the real flags and lists platform campaigns with the user’s own publications, newest first', async () => {
    const res = await h.app.request(
      '/api/auth/signup',
      jsonRequest('POST', { name: 'Rest User', email: 'rest-int@example.com', password: 'correct horse battery' }),
    );
    const cookie = cookieFrom(res);
    const [user] = await h.db.select().from(users).where(eq(users.email, 'rest-int@example.com')).limit(1);
    await h.db.update(users).set({ planType: 'professional' }).where(eq(users.id, user.id));
    const connect = await h.app.request('/api/trpc/integrations.connect', jsonRequest('POST', { platform: 'brevo', apiKey: FAKE_KEYS.brevo }, { cookie }));
    expect(connect.status).toBe(200);
    await h.app.request('/api/trpc/publications.create', jsonRequest('POST', { name: 'Own publication' }, { cookie }));
    const draft = await h.app.request('/api/trpc/drafts.create', jsonRequest('POST', { title: 'To Brevo', htmlContent: HTML }, { cookie }));
    const draftId = ((await draft.json()) as { result: { data: { id: string } } }).result.data.id;
    const pub = await h.app.request('/api/trpc/integrations.publish', jsonRequest('POST', publishInput(draftId), { cookie }));
    expect(pub.status).toBe(200);

    const body = (await (await h.app.request('/api/integrations', { headers: { cookie } })).json()) as {
      success: boolean;
      data: {
        brevo: { connected: boolean };
        platforms: Record<string, { connected: boolean }>;
        publications: { title: string; platform: string; status: string }[];
      };
    };
    expect(body.success).toBe(true);
    expect(body.data.brevo).toEqual({ connected: true });
    expect(body.data.platforms).toEqual({
      brevo: { connected: true },
      mailchimp: { connected: false },
      mailerlite: { connected: false },
      beehiiv: { connected: false },
      substack: { connected: false },
    });
    expect(body.data.publications.map((p) => [p.title, p.platform, p.status])).toEqual([
      ['To Brevo', 'brevo', 'draft'],
      ['Own publication', 'newsletter', 'draft'],
    ]);
    for (const p of body.data.publications) expect(Object.keys(p).sort()).toEqual(['date', 'id', 'platform', 'status', 'title']);
  });
});

describe('staff pages', () => {
  it('counts connections, errors and publishes per platform, and lists system providers; users get 403', async () => {
    const admin = h.caller(h.admin);
    await h.db.insert(mailProviders).values({
      id: 'sys-1',
      userId: null,
      kind: 'brevo',
      label: 'System Brevo',
      priority: 'primary',
      secret: 'v1.x.y.z',
      webhookToken: 'tok-sys-1',
      lastStatus: 'healthy',
      lastDetail: 'Brevo accepted the API key.',
      lastCheckAt: new Date('2026-11-20T10:00:00Z'),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const ov = await admin.integrations.adminOverview();
    expect(ov.system.mailProviders).toEqual([
      {
        kind: 'brevo',
        label: 'System Brevo',
        priority: 'primary',
        lastStatus: 'healthy',
        lastDetail: 'Brevo accepted the API key.',
        lastCheckAt: '2026-11-20T10:00:00.000Z',
      },
    ]);
    expect(ov.system).toMatchObject({ smtpConfigured: false, stripeConfigured: false, ai: { kind: 'builtin' } });
    const brevo = ov.platforms.find((p) => p.platform === 'brevo')!;
    expect(brevo.connected).toBeGreaterThan(0);
    expect(brevo.lastPublishAt).not.toBeNull();
    expect(JSON.stringify(ov)).not.toContain(FAKE_KEYS.brevo);

    const lite = await admin.integrations.adminPlatform({ platform: 'mailerlite' });
    expect(lite.publishes.failed).toBeGreaterThan(0);
    expect(lite.recentErrors.some((e) => e.kind === 'publish' && /rate-limiting/.test(e.message))).toBe(true);
    expect(JSON.stringify(lite)).not.toContain(FAKE_KEYS.mailerlite);

    const manager = h.caller(await h.insertUser({ role: 'manager' }));
    expect((await manager.integrations.adminPlatform({ platform: 'brevo' })).platform).toBe('brevo');
    const user = h.caller(await h.insertUser({ planType: 'enterprise' }));
    await expectStatus(user.integrations.adminOverview(), 403);
    await expectStatus(user.integrations.adminPlatform({ platform: 'brevo' }), 403);
    await expectStatus(h.caller('anon').integrations.adminOverview(), 401);
    await expectStatus(admin.integrations.adminPlatform({ platform: 'substack' as 'brevo' }), 400);
  });
});
