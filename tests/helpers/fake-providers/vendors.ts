// Loopback fakes of the four mail APIs, each answering the documented endpoints the transports use.
// Addresses containing "bad" are refused the vendor's way; "inactive" ones are Postmark's ErrorCode 406.
import { json, startFake, type FakeServer } from './server';

export interface VendorFake extends FakeServer {
  /** Messages accepted so far (one entry per recipient). */
  sent: { to: string; subject: string; headers: Record<string, string>; raw: unknown }[];
}

let seq = 0;
const nextId = () => `${Date.now().toString(36)}.${++seq}`;

export async function startBrevoFake(apiKey = 'brevo-key-1234abcd'): Promise<VendorFake> {
  const sent: VendorFake['sent'] = [];
  const fake = await startFake((req) => {
    if (req.headers['api-key'] !== apiKey) return json(401, { code: 'unauthorized', message: 'Key not found' });
    if (req.method === 'GET' && req.path === '/v3/account') return json(200, { email: 'owner@example.com', companyName: 'Example' });
    if (req.method === 'POST' && req.path === '/v3/smtp/email') {
      const b = JSON.parse(req.body) as {
        to?: { email: string }[];
        subject: string;
        headers?: Record<string, string>;
        messageVersions?: { to: { email: string }[]; subject?: string }[];
      };
      const versions = b.messageVersions ?? [{ to: b.to ?? [], subject: b.subject }];
      if (versions.some((v) => v.to.some((t) => t.email.includes('bad')))) return json(400, { code: 'invalid_parameter', message: 'email is not valid in to' });
      const ids = versions.map(() => `<${nextId()}@smtp-relay.mailin.fr>`);
      versions.forEach((v) => sent.push({ to: v.to[0]!.email, subject: v.subject ?? b.subject, headers: b.headers ?? {}, raw: b }));
      return json(201, b.messageVersions ? { messageIds: ids } : { messageId: ids[0] });
    }
    return json(404, { code: 'not_found', message: 'Not found' });
  });
  return Object.assign(fake, { sent });
}

export async function startResendFake(apiKey = 're_test_key_5678'): Promise<VendorFake> {
  const sent: VendorFake['sent'] = [];
  const byKey = new Map<string, unknown>();
  const fake = await startFake((req) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`) return json(401, { statusCode: 401, name: 'validation_error', message: 'API key is invalid' });
    if (req.method === 'GET' && req.path === '/domains') return json(200, { data: [{ name: 'example.com', status: 'verified' }] });
    if (req.method === 'POST' && req.path === '/emails/batch') {
      const key = req.headers['idempotency-key'] as string | undefined;
      if (key && byKey.has(key)) return json(200, byKey.get(key));
      const list = JSON.parse(req.body) as { to: string[]; subject: string; headers?: Record<string, string> }[];
      if (list.length > 100) return json(422, { statusCode: 422, name: 'validation_error', message: 'Too many emails in the batch' });
      if (list.some((m) => m.to.some((t) => t.includes('bad')))) return json(422, { statusCode: 422, name: 'validation_error', message: 'Invalid `to` field' });
      const answer = { data: list.map(() => ({ id: `re-${nextId()}` })) };
      list.forEach((m) => sent.push({ to: m.to[0]!, subject: m.subject, headers: m.headers ?? {}, raw: m }));
      if (key) byKey.set(key, answer);
      return json(200, answer);
    }
    return json(404, { statusCode: 404, name: 'not_found', message: 'Not found' });
  });
  return Object.assign(fake, { sent });
}

export async function startMailgunFake(apiKey = 'mg-key-9999zzzz', domain = 'mg.example.com'): Promise<VendorFake> {
  const sent: VendorFake['sent'] = [];
  const expected = `Basic ${Buffer.from(`api:${apiKey}`).toString('base64')}`;
  const fake = await startFake((req) => {
    if (req.headers.authorization !== expected) return { status: 401, json: { message: 'Invalid private key' } };
    if (req.method === 'GET' && req.path === `/v3/domains/${domain}`) return json(200, { domain: { name: domain, state: 'active' } });
    if (req.method === 'GET' && req.path.startsWith('/v3/domains/')) return json(404, { message: 'Domain not found' });
    if (req.method === 'POST' && req.path === `/v3/${domain}/messages`) {
      const form = new URLSearchParams(req.body);
      const to = form.get('to') ?? '';
      if (to.includes('bad')) return json(400, { message: 'to parameter is not a valid address. please check documentation' });
      const headers = Object.fromEntries([...form.entries()].filter(([k]) => k.startsWith('h:')).map(([k, v]) => [k.slice(2), v]));
      sent.push({ to, subject: form.get('subject') ?? '', headers, raw: Object.fromEntries(form.entries()) });
      return json(200, { id: `<${nextId()}@${domain}>`, message: 'Queued. Thank you.' });
    }
    return json(404, { message: 'Not found' });
  });
  return Object.assign(fake, { sent });
}

export async function startPostmarkFake(token = 'pm-token-4321wxyz'): Promise<VendorFake> {
  const sent: VendorFake['sent'] = [];
  const fake = await startFake((req) => {
    if (req.headers['x-postmark-server-token'] !== token)
      return json(401, { ErrorCode: 10, Message: 'The Server Token you provided in the X-Postmark-Server-Token request header was invalid.' });
    if (req.method === 'GET' && req.path === '/server') return json(200, { ID: 1, Name: 'Newsletter server' });
    if (req.method === 'POST' && req.path === '/email/batch') {
      const list = JSON.parse(req.body) as { To: string; Subject: string; Headers?: { Name: string; Value: string }[] }[];
      if (list.length > 500) return json(422, { ErrorCode: 300, Message: 'Too many messages' });
      return json(
        200,
        list.map((m) => {
          if (m.To.includes('inactive')) return { ErrorCode: 406, Message: 'You tried to send to a recipient that has been marked as inactive.', To: m.To };
          if (m.To.includes('bad')) return { ErrorCode: 300, Message: 'Invalid email request', To: m.To };
          sent.push({ to: m.To, subject: m.Subject, headers: Object.fromEntries((m.Headers ?? []).map((h) => [h.Name, h.Value])), raw: m });
          return { ErrorCode: 0, Message: 'OK', MessageID: `pm-${nextId()}`, To: m.To, SubmittedAt: new Date().toISOString() };
        }),
      );
    }
    return json(404, { ErrorCode: 404, Message: 'Not found' });
  });
  return Object.assign(fake, { sent });
}
