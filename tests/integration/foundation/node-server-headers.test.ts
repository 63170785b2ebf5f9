// Security headers through the real node server: index.ts serves with secureServerResponse, whose
// writeHead adds them to the status line; the middleware then leaves the web Response alone.
import { describe, it, expect, afterAll } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createHarness } from '../../helpers/app';
import { secureServerResponse, securityHeaders } from '../../../src/server/http/security-headers';

const servers: ServerType[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function listen(fetch: (req: Request) => Response | Promise<Response>, production = false): Promise<string> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1', serverOptions: { ServerResponse: secureServerResponse({ production }) } });
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('security headers over HTTP', () => {
  it('are sent once: the API policy on JSON, tRPC and 404 answers, the document policy on pages', async () => {
    const h = await createHarness();
    const base = await listen(h.app.fetch);
    for (const path of ['/api/auth/check', '/api/trpc/auth.check', '/api/nope']) {
      const res = await fetch(base + path);
      await res.arrayBuffer();
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('referrer-policy'), path).toBeNull();
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
    }
    const page = await fetch(`${base}/sitemap.xml`);
    await page.arrayBuffer();
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // Set once, not twice (node header plus web header).
    expect(csp.split('default-src').length).toBe(2);
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it("keep a route's own value, every Set-Cookie and the status text; HSTS in production", async () => {
    const app = new Hono();
    app.use('*', securityHeaders({ production: true }));
    app.get('/own', (c) => {
      c.header('Set-Cookie', 'a=1; Path=/', { append: true });
      c.header('Set-Cookie', 'b=2; Path=/', { append: true });
      return c.text('x', 200, { 'Content-Security-Policy': "default-src 'none'; sandbox", 'x-frame-options': 'DENY' });
    });
    const base = await listen(app.fetch, true);
    const res = await fetch(`${base}/own`);
    expect(await res.text()).toBe('x');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });

  it('clear a stale session cookie on /api/auth/check', async () => {
    const h = await createHarness();
    const base = await listen(h.app.fetch);
    const res = await fetch(`${base}/api/auth/check`, { headers: { cookie: `session=${'a'.repeat(40)}` } });
    expect(await res.json()).toEqual({ authenticated: false, user: null });
    expect(res.headers.getSetCookie().join()).toMatch(/^session=;/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
