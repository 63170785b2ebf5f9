import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { harnessWithAdmin } from '../../helpers/app';
import { startFeedServer, fixture, type FeedServer } from '../../helpers/feed-server';
import { MSG } from '../../../src/shared/messages';

let server: FeedServer;
const flaky = { fail: false };
beforeAll(async () => {
  server = await startFeedServer({
    '/flaky': (_q, res) => {
      if (flaky.fail) {
        res.writeHead(503);
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(fixture('rss2.xml'));
    },
    // The same story as rss2.xml's first item, syndicated by another channel.
    '/syndicated': (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(`<rss version="2.0"><channel><title>Syndicator</title><link>https://synd.example.com/</link>
        <item><title>Rust 2.0 &amp; the future of systems</title><link>https://synd.example.com/copy</link><pubDate>Mon, 02 Jun 2025 09:00:00 GMT</pubDate></item>
        <item><title>Telescope copy</title><link>https://www.example.com/posts/telescope/?utm_source=synd</link><pubDate>Fri, 30 May 2025 12:00:00 GMT</pubDate></item>
        <item><title>Only here</title><link>https://synd.example.com/only</link><pubDate>Tue, 03 Jun 2025 09:00:00 GMT</pubDate></item>
      </channel></rss>`);
    },
  });
});
afterAll(() => server.close());

const setup = async (planType: 'free' | 'professional' = 'professional') => {
  let clock = new Date('2025-06-03T12:00:00Z');
  const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: server.allowHost }, deps: { now: () => clock } });
  const user = await h.insertUser({ planType });
  return { h, api: h.caller(user), anon: h.caller('anon'), advance: (ms: number) => (clock = new Date(clock.getTime() + ms)) };
};

const statusOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof TRPCError) return { status: getHTTPStatusCodeFromError(err), message: err.message };
    throw err;
  }
  throw new Error('expected a failure');
};

const ref = (p: string, name = 'Example', niche = 'technology') => ({ name, url: server.url(p), niche });

describe('articles.listForChannel', () => {
  it("returns the channel's articles in the Article shape, newest first", async () => {
    const { api } = await setup();
    const res = await api.articles.listForChannel({ channelName: 'Example', channelUrl: server.url('/feeds/rss2.xml'), niche: 'technology' });
    expect(res.success).toBe(true);
    expect(res.data.map((a) => a.title)).toEqual(['Rust 2.0 & the future of systems', 'Café science: espresso & entropy', 'Telescope finds water vapour']);
    expect(res.data[0]).toEqual({
      id: expect.stringMatching(/^a-/),
      title: 'Rust 2.0 & the future of systems',
      summary: 'The Rust team announced a new edition. It brings "async closures" and more.',
      url: 'https://example.com/posts/rust-2',
      publishDate: '2025-06-02T10:00:00.000Z',
      source: 'Example',
      channelUrl: server.url('/feeds/rss2.xml'),
      category: 'Programming',
      readTime: '1 min',
      aiEnhanced: false,
      imageUrl: 'https://example.com/img/rust.png',
      // The feed's alt="" says the picture is decoration: no words.
      imageAlt: null,
    });
    expect(res.data[2].category).toBe('Technology');
  });

  it.each(['rss091.xml', 'rdf.xml', 'atom.xml', 'feed.json', 'feed10.json', 'malformed.xml'])('reads %s over HTTP', async (name) => {
    const { api } = await setup();
    const res = await api.articles.listForChannel({ channelName: name, channelUrl: server.url(`/feeds/${name}`), niche: 'general' });
    expect(res.success).toBe(true);
    expect(res.data.length).toBeGreaterThan(0);
  });

  it.each([
    ['/enc/latin1', 'ISO-8859-1 declaration'],
    ['/enc/cp1252-header', 'windows-1252 header'],
    ['/enc/utf16le', 'UTF-16LE with BOM'],
    ['/enc/utf16be', 'UTF-16BE with BOM'],
    ['/enc/utf8-bom', 'UTF-8 BOM over a wrong header'],
    ['/gzip', 'gzip'],
  ])('decodes %s (%s)', async (p) => {
    const { api } = await setup();
    const res = await api.articles.listForChannel({ channelName: 'Enc', channelUrl: server.url(p), niche: 'general' });
    expect(res.data[0].title).toMatch(/^(Café crème – “quotes” for €5|Rust 2\.0 & the future of systems)$/);
  });

  it('serves the cache while fresh, revalidates with 304 after the freshness window', async () => {
    const { api, advance } = await setup();
    const input = { channelName: 'E', channelUrl: server.url('/etag'), niche: 'general' };
    const before = server.hits.get('/etag') ?? 0;
    await api.articles.listForChannel(input);
    await api.articles.listForChannel(input);
    expect((server.hits.get('/etag') ?? 0) - before).toBe(1);
    advance(16 * 60_000);
    const again = await api.articles.listForChannel(input);
    expect((server.hits.get('/etag') ?? 0) - before).toBe(2);
    expect(server.lastHeaders.get('/etag')!['if-none-match']).toBe('"v1"');
    expect(again.data).toHaveLength(3);
  });

  it('serves stale items with a note when a refresh fails, and nothing cached is lost', async () => {
    const { api, advance } = await setup();
    const input = { channelName: 'Flaky', channelUrl: server.url('/flaky'), niche: 'general' };
    flaky.fail = false;
    const first = await api.articles.listForChannel(input);
    flaky.fail = true;
    advance(20 * 60_000);
    try {
      const stale = await api.articles.listForChannel(input);
      expect(stale.success).toBe(true);
      expect(stale.data).toEqual(first.data);
      expect(stale.message).toMatch(/^The server answered HTTP 503\. Showing saved articles from /);
    } finally {
      flaky.fail = false;
    }
  });

  it('returns sample articles for that source when the channel fails with nothing cached', async () => {
    const { api } = await setup();
    for (const p of ['/invalid', '/big', '/loop', '/error']) {
      const res = await api.articles.listForChannel({ channelName: 'Broken source', channelUrl: server.url(p), niche: 'general' });
      expect(res.success).toBe(false);
      expect(res.data.length).toBeGreaterThan(0);
      expect(res.data.every((a) => a.isSample && a.source === 'Broken source')).toBe(true);
      expect(res.message).toMatch(/Showing sample articles\.$/);
    }
  });

  it('answers 400 for blocked or non-http addresses, 401 for anon', async () => {
    const { api, anon } = await setup();
    for (const channelUrl of ['#', 'javascript:alert(1)', 'http://10.0.0.1/rss', 'http://[::ffff:7f00:1]/']) {
      expect(await statusOf(api.articles.listForChannel({ channelName: 'x', channelUrl, niche: 'general' }))).toMatchObject({
        status: 400,
        message: MSG.addressNotAllowed,
      });
    }
    expect((await statusOf(anon.articles.listForChannel({ channelName: 'x', channelUrl: server.url('/feeds/rss2.xml'), niche: 'general' }))).status).toBe(401);
  });
});

describe('articles.listForChannels', () => {
  it('merges channels in parallel: duplicates collapse, newest first, one failure reported not fatal', async () => {
    const { api } = await setup();
    const res = await api.articles.listForChannels({
      channels: [ref('/feeds/rss2.xml'), ref('/syndicated', 'Syndicator'), ref('/error', 'Down source'), ref('/feeds/atom.xml', 'Atom')],
      userRole: 'user',
      dateRange: null,
    });
    expect(res.success).toBe(true);
    expect(res.errors).toEqual([{ channelUrl: server.url('/error'), message: 'The server answered HTTP 500' }]);
    const real = res.articles.filter((a) => !a.isSample);
    expect(real.map((a) => a.title)).toEqual([
      'Only here',
      'Grid layouts & subgrid',
      'Rust 2.0 & the future of systems',
      'Café science: espresso & entropy',
      'Telescope finds water vapour',
      'Colour spaces explained',
    ]);
    const samples = res.articles.filter((a) => a.isSample);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((a) => a.source === 'Down source')).toBe(true);
  });

  it('filters by an inclusive date range (a 24-hour shortcut is a range too)', async () => {
    const { api } = await setup();
    const res = await api.articles.listForChannels({
      channels: [ref('/feeds/rss2.xml')],
      dateRange: { start: '2025-06-01T06:30:00.000Z', end: '2025-06-02T10:00:00.000Z' },
    });
    expect(res.articles.map((a) => a.publishDate)).toEqual(['2025-06-02T10:00:00.000Z', '2025-06-01T06:30:00.000Z']);
    const day = await api.articles.listForChannels({
      channels: [ref('/feeds/rss2.xml')],
      dateRange: { start: '2025-06-02T12:00:00.000Z', end: '2025-06-03T12:00:00.000Z' },
    });
    expect(day.articles).toEqual([]);
  });

  it('enforces the plan channel limit on the server, whatever userRole says', async () => {
    const { api } = await setup('free');
    const err = await statusOf(
      api.articles.listForChannels({ channels: [ref('/feeds/rss2.xml'), ref('/feeds/atom.xml')], userRole: 'admin', dateRange: null }),
    );
    expect(err).toEqual({ status: 403, message: MSG.channelLimit(1) });
    const one = await api.articles.listForChannels({ channels: [ref('/feeds/rss2.xml')], userRole: 'admin', dateRange: null });
    expect(one.articles.length).toBe(3);
  });

  it('rejects a bad date range, answers anon with 401, and reports blocked channels per channel', async () => {
    const { api, anon } = await setup();
    expect((await statusOf(api.articles.listForChannels({ channels: [ref('/feeds/rss2.xml')], dateRange: { start: 'soon', end: 'later' } }))).status).toBe(400);
    expect((await statusOf(anon.articles.listForChannels({ channels: [], dateRange: null }))).status).toBe(401);
    const res = await api.articles.listForChannels({
      channels: [ref('/feeds/rss2.xml'), { name: 'Meta', url: 'http://169.254.169.254/', niche: 'general' }],
      dateRange: null,
    });
    expect(res.errors).toEqual([{ channelUrl: 'http://169.254.169.254/', message: MSG.addressNotAllowed }]);
    expect(res.articles.every((a) => !a.isSample)).toBe(true);
  });
});
