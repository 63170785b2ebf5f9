// A real HTTP server on loopback (port 0) serving fixture feeds and hostile behaviours for the
// content engine's tests and benchmark: encodings, gzip, ETag/304, slow answers, huge bodies,
// redirect loops and redirects to private addresses.
import http from 'node:http';
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import iconv from 'iconv-lite';

export const FIXTURES = fileURLToPath(new URL('../fixtures/feeds/', import.meta.url));

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface FeedServer {
  port: number;
  origin: string;
  /** FETCH_ALLOW_HOSTS entry for this server. */
  allowHost: string;
  url(p: string): string;
  /** Requests seen, by path (with query). */
  hits: Map<string, number>;
  /** Request headers of the last request per path. */
  lastHeaders: Map<string, http.IncomingHttpHeaders>;
  route(p: string, h: Handler): void;
  close(): Promise<void>;
}

export function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

const TYPES: Record<string, string> = {
  '.xml': 'application/xml; charset=utf-8',
  '.json': 'application/feed+json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

function encoded(enc: string, declared: string): Buffer {
  const text = fixture('latin1-template.xml').toString('utf8').replace('ENCODING', declared);
  return iconv.encode(text, enc, { addBOM: enc.startsWith('utf-16') || enc === 'utf-8-bom' });
}

function defaultRoutes(server: FeedServer): Record<string, Handler> {
  const send = (res: http.ServerResponse, body: Buffer | string, type: string, status = 200, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  };
  return {
    '/': (_q, res) => send(res, fixture('site.html'), TYPES['.html']),
    '/plain': (_q, res) => send(res, fixture('plain.html'), TYPES['.html']),
    '/not-a-feed.html': (_q, res) => send(res, '<html><body>nope</body></html>', TYPES['.html']),
    '/enc/latin1': (_q, res) =>
      send(res, iconv.encode(fixture('latin1-template.xml').toString('utf8').replace('ENCODING', 'ISO-8859-1'), 'windows-1252'), 'application/rss+xml'),
    '/enc/cp1252-header': (_q, res) =>
      send(
        res,
        iconv.encode(fixture('latin1-template.xml').toString('utf8').replace('ENCODING', 'utf-8'), 'windows-1252'),
        'application/rss+xml; charset=windows-1252',
      ),
    '/enc/utf16le': (_q, res) => send(res, encoded('utf-16le', 'UTF-16'), 'application/rss+xml'),
    '/enc/utf16be': (_q, res) => send(res, encoded('utf-16be', 'UTF-16'), 'text/xml'),
    '/enc/utf8-bom': (_q, res) =>
      send(
        res,
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(fixture('latin1-template.xml').toString('utf8').replace('ENCODING', 'UTF-8'))]),
        'application/rss+xml; charset=iso-8859-1',
      ),
    '/gzip': (req, res) => {
      const accepts = String(req.headers['accept-encoding'] ?? '');
      if (!accepts.includes('gzip')) return send(res, 'gzip expected', 'text/plain', 406);
      send(res, zlib.gzipSync(fixture('rss2.xml')), 'application/rss+xml', 200, { 'content-encoding': 'gzip' });
    },
    '/br': (_q, res) => send(res, zlib.brotliCompressSync(fixture('atom.xml')), 'application/atom+xml', 200, { 'content-encoding': 'br' }),
    '/etag': (req, res) => {
      const tag = '"v1"';
      const lm = 'Mon, 02 Jun 2025 10:00:00 GMT';
      if (req.headers['if-none-match'] === tag || req.headers['if-modified-since'] === lm) {
        res.writeHead(304, { etag: tag, 'last-modified': lm });
        return res.end();
      }
      send(res, fixture('rss2.xml'), 'application/rss+xml', 200, { etag: tag, 'last-modified': lm });
    },
    '/big': (_q, res) => {
      // 10 MB of a valid-looking feed, streamed without a content-length.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title><description>');
      let sent = 0;
      const pump = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('</description></channel></rss>');
      };
      res.on('error', () => undefined);
      pump();
    },
    '/big-declared': (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(10 * 1024 * 1024) });
      res.end();
    },
    '/slow': (_q, res) => {
      const t = setTimeout(() => send(res, fixture('rss2.xml'), 'application/rss+xml'), 5_000);
      res.on('close', () => clearTimeout(t));
    },
    '/loop': (_q, res) => send(res, '', 'text/plain', 302, { location: '/loop2' }),
    '/loop2': (_q, res) => send(res, '', 'text/plain', 302, { location: '/loop' }),
    '/redirect-ok': (_q, res) => send(res, '', 'text/plain', 301, { location: '/feeds/atom.xml' }),
    '/redirect-private': (_q, res) => send(res, '', 'text/plain', 302, { location: 'http://10.0.0.1/feed.xml' }),
    '/redirect-metadata': (_q, res) => send(res, '', 'text/plain', 302, { location: 'http://169.254.169.254/latest/meta-data/' }),
    '/redirect-localhost': (_q, res) => send(res, '', 'text/plain', 302, { location: `http://localhost:${server.port}/feeds/rss2.xml` }),
    '/redirect-file': (_q, res) => send(res, '', 'text/plain', 302, { location: 'file:///etc/passwd' }),
    '/redirect-to': (req, res) => send(res, '', 'text/plain', 302, { location: new URL(req.url ?? '/', 'http://x').searchParams.get('u') ?? '/' }),
    '/error': (_q, res) => send(res, 'boom', 'text/plain', 500),
    '/invalid': (_q, res) => send(res, '<<<>>> this is not xml at all {', 'application/rss+xml'),
  };
}

export async function startFeedServer(extra: Record<string, Handler> = {}): Promise<FeedServer> {
  const routes = new Map<string, Handler>();
  const hits = new Map<string, number>();
  const lastHeaders = new Map<string, http.IncomingHttpHeaders>();
  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.set(url.pathname + url.search, (hits.get(url.pathname + url.search) ?? 0) + 1);
    lastHeaders.set(url.pathname, req.headers);
    const handler = routes.get(url.pathname);
    if (handler) return handler(req, res);
    if (url.pathname.startsWith('/feeds/')) {
      const name = path.basename(url.pathname);
      const file = path.join(FIXTURES, name);
      if (fs.existsSync(file)) {
        res.writeHead(200, { 'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream' });
        return res.end(fs.readFileSync(file));
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const port = (httpServer.address() as AddressInfo).port;
  const server: FeedServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    allowHost: `127.0.0.1:${port}`,
    url: (p) => `http://127.0.0.1:${port}${p}`,
    hits,
    lastHeaders,
    route: (p, h) => void routes.set(p, h),
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
  for (const [p, h] of Object.entries({ ...defaultRoutes(server), ...extra })) routes.set(p, h);
  return server;
}
