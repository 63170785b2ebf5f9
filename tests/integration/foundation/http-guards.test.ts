// Bad input and abuse at the HTTP edge: malformed JSON, field errors, body limit, unknown paths,
// authorization, CSRF and security headers.
// @postgres
import { describe, it, expect } from 'vitest';
import { createHarness, harnessWithAdmin, jsonRequest } from '../../helpers/app';
import { MSG } from '../../../src/shared/messages';
import { signUpRest } from './support';

const MB = 1024 * 1024;

function chunkedBody(totalBytes: number, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const n = Math.min(chunk, totalBytes - sent);
      controller.enqueue(new TextEncoder().encode('x'.repeat(n)));
      sent += n;
    },
  });
}

describe('bad input', () => {
  it('malformed JSON is a 400 JSON answer with a message (REST and tRPC)', async () => {
    const { app } = await createHarness();
    const res = await app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email": "a@b.c",' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ success: false, message: MSG.malformedJson, code: 'BAD_REQUEST' });

    const trpc = await app.request('/api/trpc/auth.signIn', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(trpc.status).toBe(400);
    const body = await trpc.json();
    expect(typeof body.error.message).toBe('string');
  });

  it('missing and wrong fields are 400 with field errors', async () => {
    const { app } = await createHarness();
    const res = await app.request('/api/auth/signup', jsonRequest('POST', { email: 'nope', password: 'short' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(body.message).toMatch(/^(name|email|password): /);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['email', 'name', 'password']);
    expect(body.fieldErrors.email).toEqual(['Please enter a valid email address']);
    expect(body.fieldErrors.password).toEqual(['Password must be at least 8 characters']);

    const wrongType = await app.request('/api/auth/login', jsonRequest('POST', { email: 42, password: ['x'] }));
    expect(wrongType.status).toBe(400);
    expect(Object.keys((await wrongType.json()).fieldErrors).sort()).toEqual(['email', 'password']);

    const trpc = await app.request('/api/trpc/auth.signUp', jsonRequest('POST', { email: 'nope' }));
    expect(trpc.status).toBe(400);
    expect((await trpc.json()).error.data.fieldErrors).toHaveProperty('email');
  });

  it('a JSON array or string body is a 400, not a 500', async () => {
    const { app } = await createHarness();
    for (const body of ['[]', '"text"', 'null', '123']) {
      const res = await app.request('/api/auth/send-code', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(res.status).toBe(400);
    }
  });
});

describe('1 MB body limit', () => {
  const big = JSON.stringify({ email: 'a@example.com', firstName: 'x'.repeat(MB) });

  it('a body over 1 MB with Content-Length is 413 JSON', async () => {
    const { app } = await createHarness();
    for (const path of ['/api/newsletter-signup', '/api/trpc/leads.subscribe', '/api/nowhere']) {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) },
        body: big,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ success: false, message: MSG.bodyTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('a chunked body over 1 MB is 413 as well', async () => {
    const { app } = await createHarness();
    for (const path of ['/api/newsletter-signup', '/api/trpc/leads.subscribe']) {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: chunkedBody(MB + 10),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect((await res.json()).message).toBe(MSG.bodyTooLarge);
    }
  });

  it('a chunked body under the limit still reaches the handler', async () => {
    const { app } = await createHarness();
    const json = JSON.stringify({ email: 'chunk@example.com', firstName: 'C' });
    const stream = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(json)), c.close()) });
    const res = await app.request('/api/newsletter-signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
  });
});

describe('routing and authorization', () => {
  it('an unknown /api path is a 404 JSON answer, for any method', async () => {
    const { app } = await createHarness();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await app.request('/api/does-not-exist', { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: MSG.notFoundApi, code: 'NOT_FOUND' });
    }
    const proc = await app.request('/api/trpc/nothing.here');
    expect(proc.status).toBe(404);
  });

  it('signed-out protected calls are 401; a non-staff admin call is 403; staff pass', async () => {
    const h = await harnessWithAdmin();
    expect((await h.app.request('/api/trpc/user.get')).status).toBe(401);
    expect((await h.app.request('/api/trpc/admin.listUsers')).status).toBe(401);
    const { cookie } = await signUpRest(h, { email: 'plain@example.com' });
    const res = await h.app.request('/api/trpc/admin.listUsers', { headers: { cookie } });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(MSG.forbidden);
  });

  it('a staff session passes admin calls over HTTP', async () => {
    const h = await createHarness();
    const { cookie, user } = await signUpRest(h, { email: 'first@example.com' });
    expect(user.role).toBe('admin');
    const res = await h.app.request('/api/trpc/admin.listUsers', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await res.json()).result.data.total).toBe(1);
  });
});

describe('CSRF', () => {
  const body = { email: 'csrf@example.com', firstName: 'C' };

  it('refuses state-changing requests from another origin or a cross-site fetch', async () => {
    const { app } = await createHarness();
    const cases: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:3000.evil.example' },
    ];
    for (const headers of cases) {
      for (const path of ['/api/newsletter-signup', '/api/trpc/leads.subscribe']) {
        const res = await app.request(path, jsonRequest('POST', body, headers));
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(await res.json()).toEqual({ success: false, message: MSG.crossOrigin, code: 'FORBIDDEN' });
      }
    }
  });

  it('lets APP_URL-origin and script (no Origin) requests through', async () => {
    const { app } = await createHarness();
    const cases: Record<string, string>[] = [{}, { origin: 'http://localhost:3000' }, { 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }];
    for (const headers of cases) {
      const res = await app.request('/api/newsletter-signup', jsonRequest('POST', body, headers));
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('does not block safe methods from other origins', async () => {
    const res = await (await createHarness()).app.request('/api/auth/check', { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});

describe('security headers', () => {
  const paths: [string, RequestInit][] = [
    ['/api/auth/check', {}],
    ['/api/user', {}],
    ['/api/nowhere', {}],
    ['/api/auth/login', { method: 'POST', body: '{bad' }],
    ['/sitemap.xml', {}],
    ['/some/page', {}],
  ];

  it('every page carries CSP (no inline script), frame-ancestors, Referrer-Policy and nosniff; no HSTS outside production', async () => {
    const { app } = await createHarness();
    for (const [path, init] of paths) {
      const res = await app.request(path, init);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), path).toBeNull();
      const csp = res.headers.get('content-security-policy') ?? '';
      if ((res.headers.get('content-type') ?? '').startsWith('application/json')) {
        // JSON answers: nothing loads, nothing frames them (OWASP's set for API responses).
        expect(csp, path).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
        continue;
      }
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc, path).toContain("'self'");
      expect(scriptSrc, path).not.toContain('unsafe-inline');
      expect(csp, path).toMatch(/frame-ancestors 'self'/);
      expect(csp, path).toMatch(/object-src 'none'/);
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('HSTS is sent in production', async () => {
    const { app } = await createHarness({ env: { NODE_ENV: 'production' } });
    for (const [path, init] of paths) {
      const res = await app.request(path, init);
      expect(res.headers.get('strict-transport-security'), path).toMatch(/max-age=\d{7,}/);
    }
  });
});
