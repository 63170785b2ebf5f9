// The fetcher's steps one by one: the per-host limit, the request's headers, the capped body, a
// redirect's target, and following an answer to its end (with a stand-in for the network).
import { describe, expect, it } from 'vitest';
import {
  type FetchError,
  fetchFollowing,
  hostLimiter,
  MAX_REDIRECTS,
  readCapped,
  redirectTarget,
  requestHeaders,
  USER_AGENT,
} from '../../../src/server/feeds/fetcher';

const allow = new Set<string>();
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as FetchError,
  );

describe('hostLimiter', () => {
  it('runs at most `perHost` at once for one host, others meanwhile', async () => {
    const limited = hostLimiter(2);
    let running = 0;
    let most = 0;
    const job = () => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
    };
    const a = new URL('https://a.example/x');
    await Promise.all([limited(a, job()), limited(a, job()), limited(a, job()), limited(new URL('https://b.example/'), async () => expect(running).toBe(2))]);
    expect(most).toBe(2);
  });
});

describe('requestHeaders', () => {
  it('names the reader, asks for feeds first, and sends the validators it has', () => {
    const h = requestHeaders({ etag: '"v1"', lastModified: 'Mon, 02 Mar 2026 07:00:00 GMT' });
    expect(h['user-agent']).toBe(USER_AGENT);
    expect(h.accept).toMatch(/^application\/rss\+xml/);
    expect(h).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': 'Mon, 02 Mar 2026 07:00:00 GMT' });
    expect(requestHeaders({ accept: 'text/html' })).toEqual({ 'user-agent': USER_AGENT, accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
  });
});

describe('readCapped', () => {
  it('reads a body within the cap', async () => {
    expect((await readCapped(new Response('hello'), 10)).toString()).toBe('hello');
  });

  it('refuses a declared or a counted length past the cap', async () => {
    const declared = new Response('x', { headers: { 'content-length': '2000000' } });
    expect(await failureOf(readCapped(declared, 1024 * 1024))).toMatchObject({ kind: 'too_large', message: 'The response is larger than 1 MB' });
    expect(await failureOf(readCapped(new Response('x'.repeat(20)), 10))).toMatchObject({ kind: 'too_large' });
  });
});

describe('redirectTarget', () => {
  const redirect = (location?: string) => ({ status: 301, headers: new Headers(location ? { location } : {}) });
  const from = new URL('https://a.example/feed');

  it('resolves the location against the address it came from', () => {
    expect(redirectTarget(redirect('/new'), from, 0, allow).href).toBe('https://a.example/new');
  });

  it('refuses a redirect without a location, past the limit, or to a blocked address', () => {
    expect(() => redirectTarget(redirect(), from, 0, allow)).toThrow('Redirect without a location (HTTP 301)');
    expect(() => redirectTarget(redirect('/new'), from, MAX_REDIRECTS, allow)).toThrow(`Too many redirects (more than ${MAX_REDIRECTS})`);
    expect(() => redirectTarget(redirect('http://127.0.0.1/'), from, 0, allow)).toThrow();
  });
});

describe('fetchFollowing', () => {
  const start = new URL('https://a.example/feed');
  const answers = (...list: Response[]) => {
    const seen: string[] = [];
    return { seen, send: async (url: URL) => (seen.push(url.href), list.shift()!) };
  };

  it('follows redirects to the answer and keeps its validators', async () => {
    const net = answers(
      new Response(null, { status: 302, headers: { location: '/moved' } }),
      new Response('<rss/>', { headers: { 'content-type': 'application/rss+xml', etag: '"e"' } }),
    );
    const res = await fetchFollowing(start, {}, allow, net.send);
    expect(net.seen).toEqual(['https://a.example/feed', 'https://a.example/moved']);
    expect(res).toMatchObject({
      url: 'https://a.example/moved',
      status: 200,
      notModified: false,
      contentType: 'application/rss+xml',
      etag: '"e"',
      lastModified: null,
    });
    expect(res.body.toString()).toBe('<rss/>');
  });

  it('a 304 keeps the validators asked with when the server sends none', async () => {
    const res = await fetchFollowing(start, { etag: '"old"' }, allow, answers(new Response(null, { status: 304 })).send);
    expect(res).toMatchObject({ status: 304, notModified: true, etag: '"old"', lastModified: null, contentType: '' });
    expect(res.body.length).toBe(0);
  });

  it('any other status is an http failure with it', async () => {
    expect(await failureOf(fetchFollowing(start, {}, allow, answers(new Response('no', { status: 404 })).send))).toMatchObject({
      kind: 'http',
      status: 404,
      message: 'The server answered HTTP 404',
    });
  });

  it('a network failure becomes a FetchError', async () => {
    const send = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND a.example'), { code: 'ENOTFOUND' });
    };
    expect(await failureOf(fetchFollowing(start, {}, allow, send))).toMatchObject({ kind: 'network', message: 'The site could not be found' });
  });
});
