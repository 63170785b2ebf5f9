// Each platform connector against the loopback fakes of its documented API: key validation (accepted,
// refused, rate-limited, server error), lists, draft / send now / schedule, and the stats mapping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePlatforms, FAKE_KEYS, type FakePlatforms } from '../../helpers/fake-platforms';
import { connectorFor } from '../../../src/server/integrations/connectors';
import { nextQuarterHour } from '../../../src/server/integrations/connectors/mailchimp';
import { BEEHIIV_POSTS_REFUSED } from '../../../src/server/integrations/connectors/beehiiv';
import { AppError } from '../../../src/server/errors';
import { INTEGRATION_PLATFORMS, type IntegrationPlatform } from '../../../db/schema';

let fake: FakePlatforms;
beforeAll(async () => {
  fake = await startFakePlatforms();
});
afterAll(() => fake.close());

const beePub = { publicationId: 'pub_00000000-1111-2222-3333-444444444444', publicationName: 'The Bee Letter' };
const make = (p: IntegrationPlatform, apiKey = FAKE_KEYS[p]) => connectorFor(p, { apiKey, ...(p === 'beehiiv' ? beePub : {}) }, { apiBase: fake.url });
const campaign = { name: 'Issue 1', subject: 'Hello readers', html: '<p>Hi {{ unsubscribe }}</p>', fromName: 'Ann', fromEmail: 'ann@example.com' };

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe.each(INTEGRATION_PLATFORMS)('%s connector', (platform) => {
  const name = { brevo: 'Brevo', mailchimp: 'Mailchimp', mailerlite: 'MailerLite', beehiiv: 'beehiiv' }[platform];

  it('validates an accepted key and names the account', async () => {
    const v = await make(platform).validate();
    expect(v.accountLabel).toBe(
      {
        brevo: 'Acme News (owner@brevo.example)',
        mailchimp: 'Acme Chimp (owner@chimp.example)',
        mailerlite: 'MailerLite account with 1 group',
        beehiiv: 'The Bee Letter',
      }[platform],
    );
    if (platform === 'beehiiv') expect(v.extra).toEqual(beePub);
  });

  it('says a refused key was refused, without the key', async () => {
    const badKey = platform === 'mailchimp' ? 'ffffffffffffffffffffffffffffffff-us21' : 'wrong-key-123456789';
    const err = await rejection(make(platform, badKey).validate());
    expect(err.code).toBe('PRECONDITION_FAILED');
    expect(err.message).toBe(`The ${name} API key was refused. Check the key and its permissions.`);
    expect(err.message).not.toContain(badKey);
  });

  it('reports rate limiting with the Retry-After seconds, and server errors plainly', async () => {
    fake.failNext(platform, { kind: '429', retryAfter: '42' });
    const limited = await rejection(make(platform).validate());
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.message).toBe(`${name} is rate-limiting requests; try again in 42 seconds.`);
    fake.failNext(platform, { kind: '500' });
    const down = await rejection(make(platform).validate());
    expect(down.code).toBe('BAD_GATEWAY');
    expect(down.message).toBe(`${name} had a server error (500); try again later.`);
  });

  it('lists where a campaign can go', async () => {
    const lists = await make(platform).lists();
    expect(lists[0]).toEqual(
      {
        brevo: { id: '2', name: 'Newsletter readers', count: 1180 },
        mailchimp: { id: 'a1b2c3d4e5', name: 'Main audience', count: 830 },
        mailerlite: { id: '111222333', name: 'Weekly readers', count: 512 },
        beehiiv: { id: beePub.publicationId, name: 'The Bee Letter: all subscribers', count: null },
      }[platform],
    );
  });

  it('creates a draft, sends one now with its figures, and schedules one', async () => {
    const api = make(platform);
    const listId = (await api.lists())[0]!.id;
    const draft = await api.create({ ...campaign, listId }, { mode: 'draft' });
    expect(fake.campaigns.find((c) => c.platform === platform && c.id === draft.remoteId)).toMatchObject({ status: 'draft', html: campaign.html });
    expect((await api.stats(draft.remoteId)).remoteStatus).toBe('draft');

    const now = await api.create({ ...campaign, listId }, { mode: 'now' });
    if (!now.delivered) await api.deliver(now.remoteId, { mode: 'now' });
    expect(fake.campaigns.find((c) => c.platform === platform && c.id === now.remoteId)?.status).toBe('sent');
    const stats = await api.stats(now.remoteId);
    expect(stats.remoteStatus).toBe('sent');
    expect(stats.stats).toEqual(
      {
        brevo: { recipients: 1180, delivered: 1150, opens: 900, uniqueOpens: 600, clicks: 44, uniqueClicks: 31, unsubscribes: 5, bounces: 30, complaints: 1 },
        mailchimp: { recipients: 830, opens: 700, uniqueOpens: 410, clicks: 120, uniqueClicks: 80, unsubscribes: 3, bounces: 10, complaints: 0 },
        mailerlite: { recipients: 512, opens: 300, uniqueOpens: 250, clicks: 60, uniqueClicks: 50, unsubscribes: 2, bounces: 4, complaints: 0 },
        beehiiv: { recipients: 2000, delivered: 1990, opens: 1500, uniqueOpens: 1100, clicks: 210, uniqueClicks: 160, unsubscribes: 7, complaints: 1 },
      }[platform],
    );

    const at = new Date(Date.now() + 3 * 24 * 3600 * 1000 + 7 * 60 * 1000);
    const later = await api.create({ ...campaign, listId }, { mode: 'schedule', at });
    const d = later.delivered ? {} : await api.deliver(later.remoteId, { mode: 'schedule', at });
    const stored = fake.campaigns.find((c) => c.platform === platform && c.id === later.remoteId)!;
    expect(stored.status).toBe('scheduled');
    const expected = platform === 'mailchimp' ? nextQuarterHour(at) : platform === 'mailerlite' ? new Date(Math.floor(at.getTime() / 60000) * 60000) : at;
    expect(new Date(stored.scheduledAt!).toISOString()).toBe(expected.toISOString());
    if (platform === 'mailchimp') expect(d.scheduledAt?.getUTCMinutes() ?? -1).toBe(expected.getUTCMinutes());
  });
});

describe('network failures', () => {
  it('a platform that does not answer times out, and one that cannot be reached says so', async () => {
    fake.failNext('brevo', { kind: 'hang' });
    const slow = connectorFor('brevo', { apiKey: FAKE_KEYS.brevo }, { apiBase: fake.url, timeoutMs: 300 });
    const timedOut = await rejection(slow.validate());
    expect(timedOut.code).toBe('GATEWAY_TIMEOUT');
    expect(timedOut.message).toBe('Brevo did not answer within 1 second; try again later.');
    const gone = connectorFor('mailerlite', { apiKey: FAKE_KEYS.mailerlite }, { apiBase: 'http://127.0.0.1:9' });
    const unreachable = await rejection(gone.validate());
    expect(unreachable.code).toBe('BAD_GATEWAY');
    expect(unreachable.message).toBe('MailerLite could not be reached; try again later.');
  });
});

describe('platform specifics', () => {
  it('Brevo sends the documented campaign body', async () => {
    const api = make('brevo');
    await api.create({ ...campaign, listId: '7' }, { mode: 'draft' });
    const call = fake.calls.filter((c) => c.platform === 'brevo' && c.method === 'POST' && c.path === '/v3/emailCampaigns').at(-1)!;
    expect(call.body).toEqual({
      name: 'Issue 1',
      subject: 'Hello readers',
      sender: { name: 'Ann', email: 'ann@example.com' },
      htmlContent: campaign.html,
      recipients: { listIds: [7] },
    });
    expect(call.headers['api-key']).toBe(FAKE_KEYS.brevo);
  });

  it('Mailchimp needs the data centre in the key and links to the campaign in its app', async () => {
    const err = await rejection(Promise.resolve().then(() => connectorFor('mailchimp', { apiKey: 'no-datacentre-key' }, { apiBase: fake.url })));
    expect(err.code).toBe('BAD_REQUEST');
    const created = await make('mailchimp').create({ ...campaign, listId: 'a1b2c3d4e5' }, { mode: 'draft' });
    expect(created.remoteUrl).toMatch(/^https:\/\/us21\.admin\.mailchimp\.com\/campaigns\/edit\?id=\d+$/);
    const post = fake.calls.filter((c) => c.platform === 'mailchimp' && c.path === '/campaigns').at(-1)!;
    expect(post.body).toMatchObject({
      type: 'regular',
      recipients: { list_id: 'a1b2c3d4e5' },
      settings: { subject_line: 'Hello readers', title: 'Issue 1', from_name: 'Ann', reply_to: 'ann@example.com' },
    });
  });

  it('MailerLite schedules in its UTC zone with date, hours and minutes', async () => {
    const api = make('mailerlite');
    const c = await api.create({ ...campaign, listId: '111222333' }, { mode: 'draft' });
    await api.deliver(c.remoteId, { mode: 'schedule', at: new Date('2030-05-06T07:08:00Z') });
    const call = fake.calls.filter((x) => x.platform === 'mailerlite' && x.path.endsWith('/schedule')).at(-1)!;
    expect(call.body).toEqual({ delivery: 'scheduled', schedule: { date: '2030-05-06', hours: '07', minutes: '08', timezone_id: 147 } });
  });

  it('beehiiv’s refusal to create posts on plans without the API is explained, not blamed on the key', async () => {
    fake.refusePosts(true);
    try {
      const err = await rejection(make('beehiiv').create({ ...campaign, listId: beePub.publicationId }, { mode: 'draft' }));
      expect(err.message).toBe(BEEHIIV_POSTS_REFUSED);
    } finally {
      fake.refusePosts(false);
    }
    const ok = await make('beehiiv').create({ ...campaign, listId: beePub.publicationId }, { mode: 'draft' });
    expect(ok.remoteUrl).toBe(`https://bee.example/p/${ok.remoteId}`);
  });
});
