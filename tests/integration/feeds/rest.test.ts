import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createHarness, jsonRequest, cookieFrom } from '../../helpers/app';
import { startFeedServer, type FeedServer } from '../../helpers/feed-server';
import { MSG } from '../../../src/shared/messages';
import { channelArticlesResult, multiChannelArticlesResult, searchChannelsResult } from '../../../src/shared/schemas/content';

let server: FeedServer;
beforeAll(async () => {
  server = await startFeedServer();
});
afterAll(() => server.close());

async function signedIn() {
  const h = await createHarness({ env: { FETCH_ALLOW_HOSTS: server.allowHost } });
  const res = await h.app.request('/api/auth/signup', jsonRequest('POST', { name: 'Ada', email: 'ada@example.com', password: 'correct horse' }));
  expect(res.status).toBe(201);
  return { h, cookie: cookieFrom(res) };
}

describe('REST /api/ai-magic content paths', () => {
  it('POST /api/ai-magic/search-channels returns { success, data, message }', async () => {
    const { h, cookie } = await signedIn();
    const res = await h.app.request('/api/ai-magic/search-channels', jsonRequest('POST', { niche: 'marketing' }, { cookie }));
    expect(res.status).toBe(200);
    const body = searchChannelsResult.parse(await res.json());
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    for (const c of body.data) expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'name', 'url', 'description', 'quality', 'frequency', 'niche']));
  });

  it('answers a blank topic with 400 and the spec message', async () => {
    const { h, cookie } = await signedIn();
    const res = await h.app.request('/api/ai-magic/search-channels', jsonRequest('POST', { niche: '  ' }, { cookie }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: MSG.searchTopicRequired });
  });

  it('answers 401 on every path without a session', async () => {
    const { h } = await signedIn();
    for (const p of ['search-channels', 'channel-articles', 'multi-channel-articles']) {
      const res = await h.app.request(`/api/ai-magic/${p}`, jsonRequest('POST', {}));
      expect(res.status, p).toBe(401);
      expect((await res.json()).success).toBe(false);
    }
  });

  it('POST /api/ai-magic/channel-articles returns articles; a blocked address is 400', async () => {
    const { h, cookie } = await signedIn();
    const ok = await h.app.request(
      '/api/ai-magic/channel-articles',
      jsonRequest('POST', { channelName: 'Atom', channelUrl: server.url('/feeds/atom.xml'), niche: 'design' }, { cookie }),
    );
    expect(ok.status).toBe(200);
    const body = channelArticlesResult.parse(await ok.json());
    expect(body.data.map((a) => a.title)).toEqual(['Grid layouts & subgrid', 'Colour spaces explained']);
    const bad = await h.app.request(
      '/api/ai-magic/channel-articles',
      jsonRequest('POST', { channelName: 'x', channelUrl: 'http://127.0.0.1:9/', niche: 'x' }, { cookie }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, message: MSG.addressNotAllowed });
  });

  it('POST /api/ai-magic/multi-channel-articles returns { success, articles, errors }; bad input is 400', async () => {
    const { h, cookie } = await signedIn();
    const res = await h.app.request(
      '/api/ai-magic/multi-channel-articles',
      jsonRequest(
        'POST',
        {
          channels: [
            { name: 'RDF', url: server.url('/feeds/rdf.xml'), niche: 'science' },
            { name: 'Gone', url: server.url('/missing') },
          ],
          userRole: 'admin',
          dateRange: null,
        },
        { cookie },
      ),
    );
    expect(res.status).toBe(200);
    const body = multiChannelArticlesResult.parse(await res.json());
    expect(body.articles.filter((a) => !a.isSample).map((a) => a.title)).toEqual(['Gene editing trial results', 'New battery chemistry']);
    expect(body.errors).toEqual([{ channelUrl: server.url('/missing'), message: 'The server answered HTTP 404' }]);
    const bad = await h.app.request('/api/ai-magic/multi-channel-articles', jsonRequest('POST', { channels: 'all' }, { cookie }));
    expect(bad.status).toBe(400);
  });
});
