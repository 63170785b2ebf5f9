// The four API transports against loopback fakes of their vendors: ids back, per-message refusals,
// refused keys, 429/5xx retried then handed to the next provider, a hanging provider bounded, foreign hosts refused.
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport } from '../../../src/server/mail/transports';
import { deliver } from '../../../src/server/mail/deliver';
import { parseProviderSettings, TransportError, type OutgoingMessage, type ProviderKind, type Transport } from '../../../src/server/mail/transport';
import type { ChainEntry } from '../../../src/server/mail/chain';
import { startBrevoFake, startMailgunFake, startPostmarkFake, startResendFake, type VendorFake } from '../../helpers/fake-providers';

const fakes: VendorFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

function msg(to: string, i = 0): OutgoingMessage {
  return {
    to,
    toName: 'Reader',
    from: 'Weekly <news@example.com>',
    replyTo: 'editor@example.com',
    subject: `Issue ${i}`,
    text: 'Hello',
    html: '<p>Hello</p>',
    headers: { 'List-Unsubscribe': `<https://example.com/u/${i}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: `<send1.${i}@example.com>`,
    tags: { sendId: 'send1', recipientId: String(i) },
  };
}

type Setup = {
  kind: ProviderKind;
  start: () => Promise<VendorFake>;
  settings: (url: string) => Record<string, unknown>;
  badKey: (url: string) => Record<string, unknown>;
};
const SETUPS: Setup[] = [
  {
    kind: 'brevo',
    start: () => startBrevoFake(),
    settings: (u) => ({ apiKey: 'brevo-key-1234abcd', baseUrl: u }),
    badKey: (u) => ({ apiKey: 'wrong', baseUrl: u }),
  },
  {
    kind: 'resend',
    start: () => startResendFake(),
    settings: (u) => ({ apiKey: 're_test_key_5678', baseUrl: u }),
    badKey: (u) => ({ apiKey: 'wrong', baseUrl: u }),
  },
  {
    kind: 'mailgun',
    start: () => startMailgunFake(),
    settings: (u) => ({ apiKey: 'mg-key-9999zzzz', domain: 'mg.example.com', baseUrl: u }),
    badKey: (u) => ({ apiKey: 'wrong', domain: 'mg.example.com', baseUrl: u }),
  },
  {
    kind: 'postmark',
    start: () => startPostmarkFake(),
    settings: (u) => ({ serverToken: 'pm-token-4321wxyz', messageStream: 'broadcast', baseUrl: u }),
    badKey: (u) => ({ serverToken: 'wrong', messageStream: 'broadcast', baseUrl: u }),
  },
];

async function setup(s: Setup, settings?: (url: string) => Record<string, unknown>, timeoutMs?: number) {
  const fake = await s.start();
  fakes.push(fake);
  const transport = createTransport(parseProviderSettings(s.kind, (settings ?? s.settings)(fake.url)), { allowHosts: new Set([fake.hostPort]), timeoutMs });
  return { fake, transport };
}

const entry = (id: string, transport: Transport): ChainEntry => ({ id, kind: transport.kind, label: id, priority: 'primary', scope: 'account', transport });
const noSleep = { sleep: async () => {} };

describe.each(SETUPS)('$kind transport', (s) => {
  it('sends a batch and returns the vendor ids in order, with headers and the recipient', async () => {
    const { fake, transport } = await setup(s);
    const results = await transport.send([msg('a@example.org', 1), msg('b@example.org', 2)]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    const ids = results.map((r) => (r.ok ? r.providerMessageId : ''));
    expect(new Set(ids).size).toBe(2);
    expect(fake.sent.map((m) => m.to).join(' ')).toMatch(/a@example\.org.*b@example\.org/);
    const first = fake.sent.find((m) => m.to.includes('a@example.org'))!;
    expect(first.headers['List-Unsubscribe']).toBe('<https://example.com/u/1>');
  });

  it('refuses one message without failing the others when the vendor refuses it', async () => {
    const { transport } = await setup(s);
    const results = await transport.send([msg('a@example.org', 1), msg(s.kind === 'postmark' ? 'inactive@example.org' : 'bad@example.org', 2)]);
    const failed = results.filter((r) => !r.ok);
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) expect(f).toMatchObject({ ok: false, retryable: false });
    if (s.kind !== 'resend') expect(results[0]!.ok).toBe(true);
  });

  it('a refused key fails the whole call, not retryable, without echoing the key', async () => {
    const { transport } = await setup(s, s.badKey);
    const err = await transport.send([msg('a@example.org')]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).retryable).toBe(false);
    expect((err as TransportError).message).toMatch(/refused the API key/);
    expect((err as TransportError).message).not.toContain('wrong');
    const check = await transport.check();
    expect(check.status).toBe('error');
  });

  it('check() reports healthy with good credentials', async () => {
    const { transport } = await setup(s);
    expect((await transport.check()).status).toBe('healthy');
  });

  it('429 is retryable with the Retry-After delay; 5xx is retryable', async () => {
    const { fake, transport } = await setup(s);
    fake.failNext({ kind: '429', retryAfter: '2' });
    const err = (await transport.send([msg('a@example.org')]).catch((e: unknown) => e)) as TransportError;
    expect(err).toMatchObject({ retryable: true, status: 429, retryAfterMs: 2000 });
    fake.failNext({ kind: '500' });
    const err5 = (await transport.send([msg('a@example.org')]).catch((e: unknown) => e)) as TransportError;
    expect(err5).toMatchObject({ retryable: true, status: 500 });
  });

  it('a call that hangs ends with a retryable timeout', async () => {
    const { fake, transport } = await setup(s, undefined, 300);
    fake.failNext({ kind: 'hang' });
    const err = (await transport.send([msg('a@example.org')]).catch((e: unknown) => e)) as TransportError;
    expect(err).toBeInstanceOf(TransportError);
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/did not answer/);
  });

  it('refuses a base URL on a foreign host', async () => {
    const transport = createTransport(parseProviderSettings(s.kind, s.settings('https://evil.example.net')), { allowHosts: new Set() });
    const err = (await transport.send([msg('a@example.org')]).catch((e: unknown) => e)) as TransportError;
    expect(err).toBeInstanceOf(TransportError);
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/own API address/);
  });
});

describe('fallback across providers', () => {
  it('retries a rate-limited provider, then hands the batch to the next one', async () => {
    const brevo = await setup(SETUPS[0]!);
    const postmark = await setup(SETUPS[3]!);
    brevo.fake.failNext({ kind: '429', retryAfter: '0' }, 5);
    const waits: number[] = [];
    const out = await deliver([entry('brevo', brevo.transport), entry('postmark', postmark.transport)], [msg('a@example.org', 1)], {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(brevo.fake.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
    expect(waits).toEqual([500, 1000]);
    expect(out.outage).toBeNull();
    expect(out.results[0]!.entry?.id).toBe('postmark');
    expect(out.results[0]!.result.ok).toBe(true);
    expect(postmark.fake.sent).toHaveLength(1);
    expect(brevo.fake.sent).toHaveLength(0);
  });

  it('a provider that recovers within the retries keeps the batch', async () => {
    const resend = await setup(SETUPS[1]!);
    const mailgun = await setup(SETUPS[2]!);
    resend.fake.failNext({ kind: '500' });
    const out = await deliver([entry('resend', resend.transport), entry('mailgun', mailgun.transport)], [msg('a@example.org', 1)], noSleep);
    expect(out.results[0]!.entry?.id).toBe('resend');
    expect(mailgun.fake.requests).toHaveLength(0);
    expect(resend.fake.sent).toHaveLength(1);
  });

  it('a refused key moves to the next provider at once', async () => {
    const bad = await setup(SETUPS[1]!, SETUPS[1]!.badKey);
    const good = await setup(SETUPS[2]!);
    const out = await deliver([entry('resend', bad.transport), entry('mailgun', good.transport)], [msg('a@example.org', 1)], noSleep);
    expect(bad.fake.requests).toHaveLength(1);
    expect(out.results[0]!.entry?.id).toBe('mailgun');
    expect(out.errors[0]).toMatch(/refused the API key/);
  });

  it('a hanging provider never blocks others: the call times out and the next provider sends', async () => {
    const hung = await setup(SETUPS[3]!);
    const good = await setup(SETUPS[0]!);
    hung.fake.failNext({ kind: 'hang' }, 10);
    const out = await deliver([entry('postmark', hung.transport), entry('brevo', good.transport)], [msg('a@example.org', 1)], {
      ...noSleep,
      maxRetries: 1,
      callTimeoutMs: 200,
    });
    expect(out.results[0]!.entry?.id).toBe('brevo');
    expect(out.errors[0]).toMatch(/no answer in time|did not answer/);
  });

  it('per-message refusals are final and not retried elsewhere', async () => {
    const postmark = await setup(SETUPS[3]!);
    const brevo = await setup(SETUPS[0]!);
    const out = await deliver([entry('postmark', postmark.transport), entry('brevo', brevo.transport)], [msg('inactive@example.org', 1)], noSleep);
    expect(out.results[0]!.result).toMatchObject({ ok: false, retryable: false });
    expect(out.results[0]!.entry?.id).toBe('postmark');
    expect(brevo.fake.requests).toHaveLength(0);
  });

  it('when every provider fails the batch is reported as an outage, each message retryable', async () => {
    const a = await setup(SETUPS[0]!);
    a.fake.failNext({ kind: '500' }, 10);
    const out = await deliver([entry('brevo', a.transport)], [msg('a@example.org', 1), msg('b@example.org', 2)], noSleep);
    expect(out.outage).toMatch(/server error/);
    expect(out.results.every((r) => r.entry === null && !r.result.ok && r.result.retryable)).toBe(true);
  });

  it('Resend: a retried batch carries the same Idempotency-Key and is not sent twice', async () => {
    const r = await setup(SETUPS[1]!);
    const batch = [msg('a@example.org', 1), msg('b@example.org', 2)];
    const first = await r.transport.send(batch);
    const again = await r.transport.send(batch);
    expect(again).toEqual(first);
    expect(r.fake.sent).toHaveLength(2);
    const keys = r.fake.requests.map((q) => q.headers['idempotency-key']);
    expect(keys[0]).toBeTruthy();
    expect(keys[0]).toBe(keys[1]);
  });
});
