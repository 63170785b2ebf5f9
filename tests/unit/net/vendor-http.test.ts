// The one guarded vendor call against a loopback server: the deadline, redirects never followed, the
// 401/403/429/5xx mapping with Retry-After read, other 4xx handed back, and a key the vendor echoes never
// leaving in a message or body.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callVendor, openVendor, retryAfterMs, VendorError } from '../../../src/server/net/vendor-http';

type Route = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const routes = new Map<string, Route>();
const hits: string[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Route =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

/** The VendorError a promise rejects with (fails the test when it resolves or throws something else). */
async function failure(p: Promise<unknown>): Promise<VendorError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VendorError);
  return err as VendorError;
}

const KEY = 'xkeysib-secret-4242';

describe('callVendor', () => {
  it('returns a 2xx answer with its parsed body and sends the credential headers', async () => {
    let seen: string | undefined;
    routes.set('/ok', (req, res) => {
      seen = req.headers['api-key'] as string;
      json(200, { email: 'a@b.c' })(req, res);
    });
    const answer = await callVendor('Brevo', { url: `${base}/ok`, auth: { 'api-key': KEY } });
    expect(answer).toMatchObject({ status: 200, body: { email: 'a@b.c' } });
    expect(seen).toBe(KEY);
  });

  it('gives up at the deadline with a timeout error', async () => {
    routes.set('/hang', () => undefined);
    const err = await failure(callVendor('Resend', { url: `${base}/hang`, timeoutMs: 200 }));
    expect(err.reason).toBe('timeout');
    expect(err.message).toBe('Resend did not answer within 0.2 seconds');
    expect(err.details.timeoutMs).toBe(200);
  });

  it('never follows a redirect', async () => {
    routes.set('/moved', (_req, res) => res.writeHead(302, { location: `${base}/elsewhere` }).end());
    routes.set('/elsewhere', json(200, {}));
    hits.length = 0;
    const err = await failure(callVendor('Mailgun', { url: `${base}/moved`, auth: { authorization: `Bearer ${KEY}` } }));
    expect(err.reason).toBe('redirect');
    expect(err.status).toBe(302);
    expect(hits).toEqual(['/moved']);
  });

  it('maps 429 to rate-limited with Retry-After in seconds or as an HTTP date', async () => {
    routes.set('/busy', json(429, { message: 'slow down' }, { 'retry-after': '7' }));
    const err = await failure(callVendor('Postmark', { url: `${base}/busy` }));
    expect(err).toMatchObject({ reason: 'rate-limited', status: 429, retryAfterMs: 7000 });
    expect(err.message).toBe('Postmark is rate limiting us (429)');

    const at = new Date(Date.now() + 90_000).toUTCString();
    routes.set('/busy-date', json(429, {}, { 'retry-after': at }));
    const dated = await failure(callVendor('Postmark', { url: `${base}/busy-date` }));
    expect(dated.retryAfterMs).toBeGreaterThan(85_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(90_000);

    routes.set('/busy-bare', json(429, {}));
    expect((await failure(callVendor('Postmark', { url: `${base}/busy-bare` }))).retryAfterMs).toBeUndefined();
  });

  it('maps 401 and 403 to refused, and never lets the key out even when the vendor echoes it', async () => {
    routes.set('/denied', (req, res) => json(401, { message: `Key ${String(req.headers['api-key'])} is not valid` })(req, res));
    const err = await failure(callVendor('Brevo', { url: `${base}/denied`, auth: { 'api-key': KEY } }));
    expect(err).toMatchObject({ reason: 'refused', status: 401 });
    expect(err.message).toBe('Brevo refused the API key (401): Key [hidden] is not valid');
    expect(JSON.stringify({ m: err.message, s: err.stack, d: err.details })).not.toContain(KEY);

    routes.set('/forbidden', json(403, {}));
    expect((await failure(callVendor('Brevo', { url: `${base}/forbidden` }))).reason).toBe('refused');
  });

  it('scrubs the key decoded from a Basic login header', async () => {
    const basic = `Basic ${Buffer.from(`api:${KEY}`).toString('base64')}`;
    routes.set('/echo-basic', json(400, { message: `bad key api:${KEY}` }));
    const answer = await callVendor('Mailgun', { url: `${base}/echo-basic`, auth: { authorization: basic } });
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain(KEY);
    expect(answer.body).toEqual({ message: 'bad key [hidden]' });
  });

  it('maps 5xx to server-error with the vendor message, and hands other 4xx back', async () => {
    routes.set('/down', json(503, { message: 'maintenance' }, { 'retry-after': '30' }));
    const err = await failure(callVendor('Resend', { url: `${base}/down` }));
    expect(err).toMatchObject({ reason: 'server-error', status: 503, retryAfterMs: 30_000 });
    expect(err.message).toBe('Resend had a server error (503): maintenance');

    routes.set('/invalid', json(422, { message: 'bad address' }));
    expect(await callVendor('Resend', { url: `${base}/invalid` })).toMatchObject({ status: 422, body: { message: 'bad address' } });
  });

  it('names the network error of a closed port, and a canceled call as canceled', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const err = await failure(callVendor('Brevo', { url: `http://127.0.0.1:${port}/` }));
    expect(err).toMatchObject({ reason: 'unreachable', message: 'Brevo could not be reached (ECONNREFUSED)' });

    routes.set('/slow', () => undefined);
    const controller = new AbortController();
    const pending = callVendor('Brevo', { url: `${base}/slow`, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).reason).toBe('canceled');
  });
});

describe('openVendor', () => {
  it('hands back a 2xx response whose body outlives the header deadline', async () => {
    routes.set('/stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('a');
      setTimeout(() => res.end('b'), 300);
    });
    const res = await openVendor('AI', { url: `${base}/stream`, timeoutMs: 100 });
    expect(await res.text()).toBe('ab');
  });

  it('throws a scrubbed rejected error for a 4xx', async () => {
    routes.set('/nope', json(400, { error: { message: `key ${KEY} not allowed` } }));
    const err = await failure(openVendor('AI', { url: `${base}/nope`, auth: { authorization: `Bearer ${KEY}` } }));
    expect(err).toMatchObject({ reason: 'rejected', status: 400 });
    expect(err.details.body).toEqual({ error: { message: 'key [hidden] not allowed' } });
    expect(err.message).toBe('AI refused the request (400): key [hidden] not allowed');
  });
});

describe('retryAfterMs', () => {
  it("reads a vendor's epoch reset header as a time, not a delay", () => {
    const now = 1_800_000_000_000;
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': String(now / 1000 + 12) }), now)).toBe(12_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
  });
});
