// A loopback HTTP server for one mail vendor's API: records each request, checks credentials, and can
// be told to answer the next N calls with 429 (Retry-After), 500, or to hang (never answer).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type FakeAnswer = { status: number; json?: unknown; headers?: Record<string, string> };
export type FakeHandler = (req: FakeRequest) => FakeAnswer;
export type FailMode = { kind: '429'; retryAfter?: string } | { kind: '500' } | { kind: 'hang' };

export interface FakeServer {
  url: string;
  /** host:port, for FETCH_ALLOW_HOSTS. */
  hostPort: string;
  requests: FakeRequest[];
  /** The next `times` calls fail this way (then the server answers normally again). */
  failNext(mode: FailMode, times?: number): void;
  close(): Promise<void>;
}

export async function startFake(handler: FakeHandler): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const queue: FailMode[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: FakeRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(r);
      const fail = queue.shift();
      if (fail?.kind === 'hang') {
        hanging.add(res);
        return;
      }
      if (fail?.kind === '429') {
        res.writeHead(429, { 'content-type': 'application/json', ...(fail.retryAfter !== undefined ? { 'retry-after': fail.retryAfter } : {}) });
        return res.end(JSON.stringify({ message: 'Too many requests' }));
      }
      if (fail?.kind === '500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ message: 'Internal error' }));
      }
      const answer = handler(r);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    failNext(mode, times = 1) {
      for (let i = 0; i < times; i++) queue.push(mode);
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const json = (status: number, body: unknown): FakeAnswer => ({ status, json: body });
