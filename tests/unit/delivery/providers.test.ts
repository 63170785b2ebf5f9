// Pure parts of delivery through providers: backoff and fallback rules, Retry-After, base URL rules,
// and the vendors' event shapes mapped to delivery events.
import { describe, expect, it } from 'vitest';
import { deliver } from '../../../src/server/mail/deliver';
import { TransportError, type DeliveryResult, type OutgoingMessage, type Transport } from '../../../src/server/mail/transport';
import type { ChainEntry } from '../../../src/server/mail/chain';
import { resolveBaseUrl, splitMailbox } from '../../../src/server/mail/transports/http';
import { retryAfterMs } from '../../../src/server/net/vendor-http';
import { parsePostmarkWebhook } from '../../../src/server/mail/webhooks/postmark';
import { parseBrevoWebhook } from '../../../src/server/mail/webhooks/brevo';

const m: OutgoingMessage = { to: 'a@example.org', from: 'x@example.com', subject: 's', text: 't', headers: {}, messageId: '<1@example.com>' };

function fake(id: string, behaviour: (call: number) => DeliveryResult[] | Error): ChainEntry & { calls: number } {
  const e = {
    id,
    kind: 'brevo' as const,
    label: id,
    priority: 'primary' as const,
    scope: 'account' as const,
    calls: 0,
    transport: null as unknown as Transport,
  };
  e.transport = {
    kind: 'brevo',
    maxBatch: 10,
    concurrency: 1,
    ratePerSecond: 0,
    async send() {
      const r = behaviour(++e.calls);
      if (r instanceof Error) throw r;
      return r;
    },
    async check() {
      return { status: 'healthy', detail: '' };
    },
  };
  return e;
}

const ok: DeliveryResult[] = [{ ok: true, providerMessageId: 'p1' }];

describe('deliver', () => {
  it('backs off 0.5 s, 1 s between attempts and honours a longer Retry-After within the cap', async () => {
    const waits: number[] = [];
    const a = fake('a', (n) => (n === 1 ? new TransportError('429', true, 429, 3000) : n === 2 ? new TransportError('500', true, 500) : ok));
    const out = await deliver([a], [m], { sleep: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([3000, 1000]);
    expect(out.results[0]!.entry?.id).toBe('a');
  });

  it('a Retry-After beyond the cap moves on to the next provider without waiting', async () => {
    const waits: number[] = [];
    const a = fake('a', () => new TransportError('429', true, 429, 60_000));
    const b = fake('b', () => ok);
    const out = await deliver([a, b], [m], { sleep: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([]);
    expect(a.calls).toBe(1);
    expect(out.results[0]!.entry?.id).toBe('b');
  });

  it('an unexpected error in a transport falls back instead of failing the batch', async () => {
    const a = fake('a', () => new Error('bug'));
    const b = fake('b', () => ok);
    const out = await deliver([a, b], [m], { sleep: async () => {} });
    expect(a.calls).toBe(1);
    expect(out.results[0]!.entry?.id).toBe('b');
  });

  it('a result count that does not match the batch is not trusted', async () => {
    const a = fake('a', () => [...ok, ...ok]);
    const b = fake('b', () => ok);
    const out = await deliver([a, b], [m], { sleep: async () => {} });
    expect(out.results[0]!.entry?.id).toBe('b');
  });

  it('an empty chain is an outage', async () => {
    const out = await deliver([], [m]);
    expect(out.outage).toBe('No mail provider is configured');
  });
});

describe('HTTP helpers', () => {
  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }))).toBe(7000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5000);
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });

  it('accepts only the vendor host (https) or an allow-listed host', () => {
    const hosts = ['api.brevo.com'];
    expect(resolveBaseUrl(undefined, 'https://api.brevo.com', hosts, new Set(), 'Brevo')).toEqual({ url: 'https://api.brevo.com' });
    expect(resolveBaseUrl('https://api.brevo.com/', 'https://api.brevo.com', hosts, new Set(), 'Brevo')).toEqual({ url: 'https://api.brevo.com' });
    expect(resolveBaseUrl('http://api.brevo.com', 'https://api.brevo.com', hosts, new Set(), 'Brevo')).toHaveProperty('error');
    expect(resolveBaseUrl('https://169.254.169.254', 'https://api.brevo.com', hosts, new Set(), 'Brevo')).toHaveProperty('error');
    expect(resolveBaseUrl('http://127.0.0.1:9000', 'https://api.brevo.com', hosts, new Set(['127.0.0.1:9000']), 'Brevo')).toEqual({
      url: 'http://127.0.0.1:9000',
    });
  });

  it('splits a mailbox', () => {
    expect(splitMailbox('Weekly <news@example.com>')).toEqual({ email: 'news@example.com', name: 'Weekly' });
    expect(splitMailbox('news@example.com')).toEqual({ email: 'news@example.com' });
  });
});

describe('webhook event shapes', () => {
  const input = (body: unknown) => ({ body: JSON.stringify(body), headers: new Headers(), now: new Date() });

  it('Postmark SubscriptionChange with a hard bounce reason is a hard bounce; a reactivation is nothing', () => {
    const r = parsePostmarkWebhook(
      input({ RecordType: 'SubscriptionChange', Recipient: 'a@example.org', SuppressSending: true, SuppressionReason: 'HardBounce' }),
    );
    expect(r).toMatchObject({ ok: true, events: [{ kind: 'bounced', hard: true, email: 'a@example.org' }] });
    expect(parsePostmarkWebhook(input({ RecordType: 'SubscriptionChange', Recipient: 'a@example.org', SuppressSending: false }))).toEqual({
      ok: true,
      events: [],
    });
    expect(parsePostmarkWebhook(input({ RecordType: 'Delivery', Recipient: 'a@example.org', Metadata: { send_id: 's1' } }))).toMatchObject({
      events: [{ kind: 'delivered', tags: { sendId: 's1' } }],
    });
  });

  it('Brevo batches, opens and clicks', () => {
    const r = parseBrevoWebhook(
      input([
        { event: 'unique_opened', email: 'a@example.org' },
        { event: 'click', email: 'a@example.org', link: 'https://x' },
        { event: 'request', email: 'a@example.org' },
      ]),
    );
    expect(r).toMatchObject({ ok: true, events: [{ kind: 'opened' }, { kind: 'clicked', detail: 'https://x' }] });
  });
});
