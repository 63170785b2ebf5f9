// @postgres
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { eq } from 'drizzle-orm';
import { userChannels } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { addChannel } from '../../../src/server/feeds/channels';
import { storeFeed } from '../../../src/server/feeds/cache';
import { startFeedServer, fixture, type FeedServer } from '../../helpers/feed-server';
import { MSG } from '../../../src/shared/messages';

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(() => server.close());

const setup = async () => {
  const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: server.allowHost } });
  const user = await h.insertUser({ planType: 'free' });
  return { h, user, api: h.caller(user), anon: h.caller('anon') };
};

const statusOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof TRPCError)
      return { status: getHTTPStatusCodeFromError(err), message: err.message, cause: err.cause as { data?: Record<string, unknown> } | undefined };
    throw err;
  }
  throw new Error('expected a failure');
};

describe('channels.search', () => {
  it('ranks directory channels for a topic, with paging facts', async () => {
    const { api } = await setup();
    const res = await api.channels.search({ niche: 'artificial intelligence' });
    expect(res.success).toBe(true);
    expect(res.data.length).toBeGreaterThan(0);
    expect(res.data.length).toBeLessThanOrEqual(12);
    expect(res.data[0].niche).toBe('ai');
    expect(res.data[0]).toMatchObject({ quality: expect.stringMatching(/high|medium|low/), frequency: 'Unknown', measured: false });
    expect(res.totalPages).toBe(Math.ceil(res.total / 12));
    const p2 = await api.channels.search({ niche: 'news', page: 2 });
    expect(p2.page).toBe(2);
  });

  it('answers a blank topic with 400 and the spec message', async () => {
    const { api } = await setup();
    expect(await statusOf(api.channels.search({ niche: '   ' }))).toMatchObject({ status: 400, message: MSG.searchTopicRequired });
    expect((await statusOf(api.channels.search({ niche: 'x', page: 6 }))).status).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const { anon } = await setup();
    expect((await statusOf(anon.channels.search({ niche: 'ai' }))).status).toBe(401);
  });

  it('says so when nothing matches, with no stand-in channels', async () => {
    const { api } = await setup();
    const res = await api.channels.search({ niche: 'qwzxv' });
    expect(res).toEqual({ success: true, data: [], message: 'No channels found for “qwzxv”.', page: 1, totalPages: 0, total: 0 });
  });

  it('finds directory channels outside technology ("boats")', async () => {
    const { api } = await setup();
    const res = await api.channels.search({ niche: 'boats' });
    expect(res.total).toBeGreaterThanOrEqual(4);
    expect(res.data.slice(0, 4).map((c) => c.niche)).toEqual(['boating', 'boating', 'boating', 'boating']);
    expect(res.data.some((c) => c.isSample)).toBe(false);
  });

  it("finds a fetched channel by its recent items' titles, the newest 20 of each, as the cache changes", async () => {
    const { h, api } = await setup();
    const url = 'https://daringfireball.net/feeds/main';
    const item = (i: number, title: string) => ({
      id: `q${i}`,
      title,
      summary: '',
      url: `https://daringfireball.net/${i}`,
      publishedAt: Date.UTC(2026, 0, 1) + i * 3_600_000,
      dated: true,
      imageUrl: null,
      imageAlt: null,
      category: null,
      wordCount: 10,
      body: '',
    });
    const store = (items: ReturnType<typeof item>[], now: number) =>
      storeFeed(h.db, {
        url,
        title: 'Daring Fireball',
        siteUrl: null,
        description: '',
        etag: null,
        lastModified: null,
        quality: 'high',
        frequency: 'Daily',
        items,
        now,
      });
    const found = async (topic: string) => (await api.channels.search({ niche: topic })).data.map((c) => c.id);

    expect(await found('quokkas')).toEqual([]);
    // 21 items: the oldest one's word is past the newest 20.
    await store([item(0, 'Wombat burrows'), ...Array.from({ length: 20 }, (_, i) => item(i + 1, `Quokka sightings, part ${i + 1}`))], Date.UTC(2026, 0, 2));
    expect(await found('quokkas')).toEqual(['dir-daring-fireball']);
    expect(await found('wombat')).toEqual([]);
    // A later fetch is seen by the next search.
    await store([item(30, 'Platypus season')], Date.UTC(2026, 0, 3));
    expect(await found('platypus')).toEqual(['dir-daring-fireball']);
  });

  it('discovers feeds when the topic is a site address, and shows their measured quality', async () => {
    const { api } = await setup();
    const res = await api.channels.search({ niche: server.url('/') });
    expect(res.success).toBe(true);
    expect(res.data.map((c) => c.url)).toEqual([server.url('/feeds/rss2.xml'), server.url('/feeds/atom.xml')]);
    expect(res.data[0]).toMatchObject({ name: 'Example Tech & Science', measured: true });
    expect(res.data[0].frequency).not.toBe('Unknown');
  });

  it('refuses a private address given as topic', async () => {
    const { api } = await setup();
    expect(await statusOf(api.channels.search({ niche: 'http://192.168.1.1/feed' }))).toMatchObject({ status: 400, message: MSG.addressNotAllowed });
  });

  it('falls back to samples with the failure message when the site cannot be reached', async () => {
    const { api } = await setup();
    const res = await api.channels.search({ niche: server.url('/error') });
    expect(res).toMatchObject({ success: false, message: MSG.searchFailed });
    expect(res.data.every((c) => c.isSample)).toBe(true);
  });
});

describe('channels.discover', () => {
  it('returns a feed address as itself', async () => {
    const { api } = await setup();
    const res = await api.channels.discover({ url: server.url('/feeds/feed.json') });
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ name: 'JSON Feed Example', url: server.url('/feeds/feed.json'), siteUrl: 'https://json.example.com/' });
  });

  it('answers 422 with the invalid candidates for a page without feeds', async () => {
    const { api } = await setup();
    const err = await statusOf(api.channels.discover({ url: server.url('/plain') }));
    expect(err).toMatchObject({ status: 422, message: MSG.noFeedFound });
    expect(err.cause?.data?.candidates).toEqual([{ url: server.url('/not-a-feed.html'), message: 'The document is not an RSS, Atom or JSON feed' }]);
  });

  it.each(['ftp://example.com/feed', 'http://127.0.0.1:1/feed', 'http://169.254.169.254/', 'http://[::1]/'])('answers 400 for %s', async (url) => {
    const { api } = await setup();
    expect(await statusOf(api.channels.discover({ url }))).toMatchObject({ status: 400, message: MSG.addressNotAllowed });
  });

  it('reports invalid XML, redirect loops and oversized bodies clearly', async () => {
    const { api } = await setup();
    expect((await statusOf(api.channels.discover({ url: server.url('/loop') }))).message).toMatch(/Too many redirects/);
    expect((await statusOf(api.channels.discover({ url: server.url('/big') }))).message).toMatch(/larger than 5 MB/);
    expect((await statusOf(api.channels.discover({ url: server.url('/invalid') }))).status).toBe(422);
  });

  it('needs a signed-in user and an address', async () => {
    const { api, anon } = await setup();
    expect((await statusOf(anon.channels.discover({ url: server.url('/') }))).status).toBe(401);
    expect((await statusOf(api.channels.discover({ url: '  ' }))).status).toBe(400);
  });
});

describe("a user's own channels", () => {
  it('adds by address, lists, exports and removes', async () => {
    const { api } = await setup();
    const added = await api.channels.add({ url: server.url('/'), name: 'My example' });
    expect(added).toMatchObject({ name: 'My example', url: server.url('/feeds/rss2.xml') });
    const again = await api.channels.add({ url: server.url('/feeds/rss2.xml') });
    expect(again.id).toBe(added.id);
    const mine = await api.channels.listMine();
    expect(mine.map((c) => c.id)).toEqual([added.id]);
    expect(mine[0].measured).toBe(true);
    const { opml } = await api.channels.exportOpml();
    expect(opml).toContain(`xmlUrl="${server.url('/feeds/rss2.xml')}"`);
    expect(opml).toContain('text="My example"');
    expect(await api.channels.remove({ id: added.id })).toEqual({ success: true });
    expect(await api.channels.listMine()).toEqual([]);
  });

  it("answers 404 for another user's channel and leaves it alone", async () => {
    const { h, api } = await setup();
    const other = h.caller(await h.insertUser());
    const theirs = await other.channels.add({ url: server.url('/feeds/atom.xml') });
    expect((await statusOf(api.channels.remove({ id: theirs.id }))).status).toBe(404);
    expect(await other.channels.listMine()).toHaveLength(1);
  });

  it('imports OPML, listing the outlines that failed', async () => {
    const { api } = await setup();
    const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline text="Science">
      <outline text="RDF wire" xmlUrl="${server.url('/feeds/rdf.xml')}"/>
      <outline text="Atom" xmlUrl="${server.url('/feeds/atom.xml')}"/></outline>
      <outline text="Gone" xmlUrl="${server.url('/missing.xml')}"/>
      <outline text="Private" xmlUrl="http://10.0.0.5/rss"/></body></opml>`;
    const res = await api.channels.importOpml({ opml });
    expect(res.imported).toBe(2);
    expect(res.channels.every((c) => c.measured)).toBe(true);
    expect(res.failed.map((f) => f.url).sort()).toEqual([server.url('/missing.xml'), 'http://10.0.0.5/rss'].sort());
    expect(res.failed.find((f) => f.url.includes('10.0.0.5'))!.message).toBe(MSG.addressNotAllowed);
    const mine = await api.channels.listMine();
    expect(mine.map((c) => [c.name, c.niche]).sort()).toEqual([
      ['Atom', 'science'],
      ['RDF wire', 'science'],
    ]);
  });

  it('answers bad input to add and remove with 400', async () => {
    const { api } = await setup();
    expect(await statusOf(api.channels.add({ url: 'ftp://example.com/feed' }))).toMatchObject({ status: 400, message: MSG.addressNotAllowed });
    expect(await statusOf(api.channels.add({ url: server.url('/plain') }))).toMatchObject({ status: 422, message: MSG.noFeedFound });
    expect((await statusOf(api.channels.remove({ id: '' }))).status).toBe(400);
    expect(await api.channels.listMine()).toEqual([]);
  });

  it('rejects a file that is not OPML and answers anon with 401', async () => {
    const { api, anon } = await setup();
    expect((await statusOf(api.channels.importOpml({ opml: '<html></html>' }))).status).toBe(400);
    expect((await statusOf(anon.channels.listMine())).status).toBe(401);
    expect((await statusOf(anon.channels.exportOpml())).status).toBe(401);
    expect((await statusOf(anon.channels.add({ url: server.url('/') }))).status).toBe(401);
    expect((await statusOf(anon.channels.remove({ id: 'x' }))).status).toBe(401);
    expect((await statusOf(anon.channels.importOpml({ opml: fixture('rss2.xml').toString() }))).status).toBe(401);
  });
});

describe('one feed added at once', () => {
  // Past the per-user feed gate (it admits two at a time), so the saves truly meet: on Postgres a look
  // then an insert lets two requests both insert, and the second failed on the unique index.
  it('ten simultaneous adds of one feed keep one channel and all answer with it (five rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const { h, user } = await setup();
      const ctx = { db: h.db, env: h.env, now: () => new Date(), log: h.deps.log, user };
      const answers = await Promise.all(Array.from({ length: 10 }, () => addChannel(ctx, { url: server.url('/feeds/rss2.xml') })));
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      const kept = await h.db.select().from(userChannels).where(eq(userChannels.userId, user.id));
      expect(kept.map((c) => c.id)).toEqual([answers[0]!.id]);
    }
  });
});
