import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFetcher, FetchError, USER_AGENT, type SafeFetcher } from '../../../src/server/feeds/fetcher';
import { decodeBody } from '../../../src/server/feeds/decode';
import { parseFeed } from '../../../src/server/feeds/parse';
import { startFeedServer, type FeedServer } from '../../helpers/feed-server';

let server: FeedServer;
let fetcher: SafeFetcher;

beforeAll(async () => {
  server = await startFeedServer();
  fetcher = createFetcher(server.allowHost);
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    return err as FetchError;
  }
  throw new Error('expected the fetch to fail');
};

describe('safe fetcher against a loopback server', () => {
  it('fetches with a Curated User-Agent and asks for compression', async () => {
    const res = await fetcher.fetch(server.url('/feeds/rss2.xml'));
    expect(res.status).toBe(200);
    expect(parseFeed(decodeBody(res.body, res.contentType), res.url).title).toBe('Example Tech & Science');
    const headers = server.lastHeaders.get('/feeds/rss2.xml')!;
    expect(headers['user-agent']).toBe(USER_AGENT);
    expect(headers['user-agent']).toContain('Curated');
    expect(headers['accept-encoding']).toMatch(/gzip/);
  });

  it('decodes gzip and brotli bodies', async () => {
    const gz = await fetcher.fetch(server.url('/gzip'));
    expect(decodeBody(gz.body, gz.contentType)).toContain('<rss');
    const br = await fetcher.fetch(server.url('/br'));
    expect(decodeBody(br.body, br.contentType)).toContain('<feed');
  });

  it('sends ETag and Last-Modified back and reports 304 on the second fetch', async () => {
    const first = await fetcher.fetch(server.url('/etag'));
    expect(first.notModified).toBe(false);
    expect(first.etag).toBe('"v1"');
    const second = await fetcher.fetch(server.url('/etag'), { etag: first.etag, lastModified: first.lastModified });
    expect(second.status).toBe(304);
    expect(second.notModified).toBe(true);
    expect(server.lastHeaders.get('/etag')!['if-none-match']).toBe('"v1"');
  });

  it('follows a few redirects, re-checking each', async () => {
    const res = await fetcher.fetch(server.url('/redirect-ok'));
    expect(res.url).toBe(server.url('/feeds/atom.xml'));
  });

  it('stops a redirect loop after 3 redirects', async () => {
    const before = (server.hits.get('/loop') ?? 0) + (server.hits.get('/loop2') ?? 0);
    const err = await failure(fetcher.fetch(server.url('/loop')));
    expect(err).toBeInstanceOf(FetchError);
    expect(err.kind).toBe('redirects');
    expect(err.message).toMatch(/Too many redirects/);
    expect((server.hits.get('/loop') ?? 0) + (server.hits.get('/loop2') ?? 0) - before).toBe(4);
  });

  it.each(['/redirect-private', '/redirect-metadata', '/redirect-localhost', '/redirect-file'])('refuses %s', async (p) => {
    const err = await failure(fetcher.fetch(server.url(p)));
    expect(err.kind).toBe('blocked');
    expect(err.message).toBe('This address is not allowed');
  });

  it.each([
    'http://127.0.0.1:1/',
    'http://localhost:PORT/feeds/rss2.xml',
    'http://10.1.1.1/',
    'http://172.20.0.1/',
    'http://192.168.1.1/',
    'http://100.100.100.100/',
    'http://0.0.0.0:PORT/',
    'http://[::1]:PORT/',
    'http://[fc00::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://2130706433:81/',
    'http://0177.0.0.1:81/',
  ])('refuses a redirect to %s', async (target) => {
    const u = encodeURIComponent(target.replace('PORT', String(server.port)));
    const err = await failure(fetcher.fetch(server.url(`/redirect-to?u=${u}`)));
    expect(err.kind).toBe('blocked');
  });

  it('keeps at most a few requests per host in flight', async () => {
    let active = 0;
    let peak = 0;
    server.route('/concurrent', (_q, res) => {
      active++;
      peak = Math.max(peak, active);
      setTimeout(() => {
        active--;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      }, 40);
    });
    await Promise.all(Array.from({ length: 12 }, () => fetcher.fetch(server.url('/concurrent'))));
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(4);
  });

  it('caps bodies at 5 MiB, streamed or declared', async () => {
    for (const p of ['/big', '/big-declared']) {
      const err = await failure(fetcher.fetch(server.url(p)));
      expect(err.kind).toBe('too_large');
    }
  });

  it('times out a slow server with a clear message', async () => {
    const err = await failure(fetcher.fetch(server.url('/slow'), { timeoutMs: 300 }));
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/did not answer/);
  });

  it('reports HTTP errors and refused connections', async () => {
    expect((await failure(fetcher.fetch(server.url('/error')))).message).toBe('The server answered HTTP 500');
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const f = createFetcher(`127.0.0.1:${port}`);
    expect((await failure(f.fetch(`http://127.0.0.1:${port}/`))).kind).toBe('network');
    await f.close();
  });
});

describe('SSRF matrix: nothing outside the allow-list is reached', () => {
  const strict = createFetcher('');
  afterAll(() => strict.close());

  it.each([
    'http://127.0.0.1:PORT/feeds/rss2.xml',
    'http://localhost:PORT/feeds/rss2.xml',
    'http://[::1]:PORT/feeds/rss2.xml',
    'http://[::ffff:127.0.0.1]:PORT/feeds/rss2.xml',
    'http://2130706433:PORT/feeds/rss2.xml',
    'http://0177.0.0.1:PORT/feeds/rss2.xml',
    'http://0x7f.0.0.1:PORT/feeds/rss2.xml',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0:PORT/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'ftp://example.com/',
  ])('refuses %s', async (template) => {
    const url = template.replace('PORT', String(server.port));
    const before = [...server.hits.values()].reduce((a, b) => a + b, 0);
    const err = await failure(strict.fetch(url));
    expect(err.kind).toBe('blocked');
    expect([...server.hits.values()].reduce((a, b) => a + b, 0)).toBe(before);
  });

  it('refuses a name that resolves to loopback at connect time (localhost passes the URL check)', async () => {
    const f = createFetcher(server.allowHost);
    const err = await failure(f.fetch(`http://localhost:${server.port}/feeds/rss2.xml`));
    expect(err.kind).toBe('blocked');
    await f.close();
  });
});
