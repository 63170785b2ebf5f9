// The served app keeps an idle connection longer than the clients and load balancers that reuse one
// (Node's own 5 s closed it under a client's next request: ECONNRESET in a browser test, a 502 behind
// a balancer). A connection left idle past Node's default still carries the next request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { KEEP_ALIVE_MS, keepConnections } from '../../src/server/http/connections';

const servers: ServerType[] = [];
afterAll(() => servers.forEach((s) => s.close()));

/** GET through `agent`: the status and the local port of the connection it went on. */
function get(url: string, agent: http.Agent) {
  return new Promise<{ status: number; port: number }>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const port = res.socket.localPort!;
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, port }));
      })
      .on('error', reject);
  });
}

describe('keep-alive', () => {
  it("a connection idle for longer than Node's default (5 s, closed after ~6 s) is still open for the next request", async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    const app = new Hono().get('/', (c) => c.text('ok'));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    keepConnections(server);
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(url, agent);
      await new Promise((r) => setTimeout(r, 6_500));
      const second = await get(url, agent);
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same connection: the server did not close it while it sat idle.
      expect(second.port).toBe(first.port);
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
