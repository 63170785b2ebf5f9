// A mail provider that quotes the credential it refused: the transports go through the shared vendor
// call, so the per-message error keeps the vendor's words with the key (in every form it was sent,
// Mailgun's Basic login included) hidden.
import { describe, expect, it } from 'vitest';
import { createBrevoTransport } from '../../../src/server/mail/transports/brevo';
import { createResendTransport } from '../../../src/server/mail/transports/resend';
import { createMailgunTransport } from '../../../src/server/mail/transports/mailgun';
import { createPostmarkTransport } from '../../../src/server/mail/transports/postmark';
import type { HttpTransportOptions } from '../../../src/server/mail/transports/http';
import type { OutgoingMessage, Transport } from '../../../src/server/mail/transport';

const BASE = 'https://vendor.invalid';

const message: OutgoingMessage = {
  to: 'a@example.org',
  from: 'Weekly <news@example.com>',
  subject: 'Issue',
  text: 'Hello',
  html: '<p>Hello</p>',
  headers: {},
  messageId: '<send1.1@example.com>',
  tags: { sendId: 'send1', recipientId: '1' },
};

const CASES: [string, string, (o: HttpTransportOptions) => Transport][] = [
  ['brevo', 'brevo-key-1234abcd', (o) => createBrevoTransport({ apiKey: 'brevo-key-1234abcd', baseUrl: BASE }, o)],
  ['resend', 're_test_key_5678', (o) => createResendTransport({ apiKey: 're_test_key_5678', baseUrl: BASE }, o)],
  ['mailgun', 'mg-key-9999zzzz', (o) => createMailgunTransport({ apiKey: 'mg-key-9999zzzz', domain: 'mg.example.com', baseUrl: BASE }, o)],
  ['postmark', 'pm-token-4321wxyz', (o) => createPostmarkTransport({ serverToken: 'pm-token-4321wxyz', messageStream: 'broadcast', baseUrl: BASE }, o)],
];

/** Answers 422 quoting every request header value, decoded Basic logins included. */
const echo: typeof fetch = async (_url, init) => {
  const values = Object.values(init?.headers as Record<string, string>).flatMap((v) =>
    v.startsWith('Basic ') ? [v, Buffer.from(v.slice(6), 'base64').toString('utf8')] : [v],
  );
  return new Response(JSON.stringify({ message: `Invalid credential ${values.join(' ')}` }), { status: 422, headers: { 'content-type': 'application/json' } });
};

describe.each(CASES)('%s transport', (_kind, key, make) => {
  it('shows the vendor refusal with the echoed key hidden', async () => {
    const transport = make({ allowHosts: new Set(['vendor.invalid:443']), fetch: echo });
    const [result] = await transport.send([message]);
    expect(result).toMatchObject({ ok: false, retryable: false });
    const error = result!.ok ? '' : result!.error;
    expect(error).toContain('Invalid credential');
    expect(error).toContain('[hidden]');
    expect(error).not.toContain(key);
  });
});
