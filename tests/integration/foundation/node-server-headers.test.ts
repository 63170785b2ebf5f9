// Security headers through the real node server (the hot path sets them on the node response).
import { describe, it, expect, afterAll } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createHarness } from '../../helpers/app';

let server: ServerType | undefined;
afterAll(() => server?.close());

describe('security headers over HTTP', () => {
  it('are sent on JSON, tRPC and 404 responses of a listening server', async () => {
    const h = createHarness();
    server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server!.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const path of ['/api/auth/check', '/api/trpc/auth.check', '/api/nope']) {
      const res = await fetch(base + path);
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
      // Set once, not twice (node header plus web header).
      expect(csp.split('default-src').length, path).toBe(2);
    }
  });
});
