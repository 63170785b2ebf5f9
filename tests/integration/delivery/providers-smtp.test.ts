// The SMTP transport against a real SMTP server on loopback: our Message-ID and headers, DKIM signing,
// a 550 recipient as that message's final failure, a dead server as a retryable call failure, and the
// refusal of private addresses for users' servers.
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport } from '../../../src/server/mail/transports';
import { blockedSmtpAddress } from '../../../src/server/mail/transports/smtp';
import { TransportError, type OutgoingMessage, type Transport } from '../../../src/server/mail/transport';
import { startSmtp } from '../workflow/smtp';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

function msg(to: string, i = 0): OutgoingMessage {
  return {
    to,
    from: 'Weekly <news@example.com>',
    subject: `Issue ${i}\r\nBcc: victim@example.com`,
    text: 'Hello',
    html: '<p>Hello</p>',
    headers: { 'List-Unsubscribe': `<https://example.com/u/${i}>`, 'X-Evil': 'a\r\nBcc: victim@example.com' },
    messageId: `<send1.${i}@example.com>`,
  };
}

async function server(opts?: Parameters<typeof startSmtp>[0]) {
  const smtp = await startSmtp(opts);
  cleanups.push(smtp.close);
  const hostPort = smtp.url.replace('smtp://', '');
  return { smtp, hostPort };
}

function track(t: Transport) {
  cleanups.push(async () => t.close?.());
  return t;
}

describe('SMTP transport', () => {
  it('delivers with our Message-ID, the headers, text and HTML parts, and no injected header', async () => {
    const { smtp, hostPort } = await server();
    const t = track(createTransport({ kind: 'smtp', settings: { url: smtp.url, pool: 2, ratePerSecond: 0 } }, { allowHosts: new Set([hostPort]) }));
    expect(t.maxBatch).toBe(1);
    expect(t.concurrency).toBe(2);
    const [r] = await t.send([msg('reader@example.org', 1)]);
    expect(r).toEqual({ ok: true, providerMessageId: '<send1.1@example.com>' });
    const got = smtp.received[0]!.parsed;
    expect(got.messageId).toBe('<send1.1@example.com>');
    expect(got.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toContain('https://example.com/u/1');
    expect(got.text?.trim()).toBe('Hello');
    expect(got.html).toContain('<p>Hello</p>');
    expect(got.headers.has('bcc')).toBe(false);
    expect(smtp.received[0]!.envelopeTo).toEqual(['reader@example.org']);
  });

  it('signs with DKIM when a key is configured', async () => {
    const { smtp, hostPort } = await server();
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const dkim = { domainName: 'example.com', keySelector: 'mail', privateKey: pem };
    const t = track(createTransport({ kind: 'smtp', settings: { url: smtp.url, pool: 1, ratePerSecond: 0, dkim } }, { allowHosts: new Set([hostPort]) }));
    await t.send([msg('reader@example.org', 2)]);
    const sig = smtp.received[0]!.parsed.headerLines.find((h) => h.key === 'dkim-signature')?.line ?? '';
    expect(sig).toContain('d=example.com');
    expect(sig).toContain('s=mail');
  });

  it('a recipient refused with 550 is a final per-message failure; the others go through', async () => {
    const { smtp, hostPort } = await server({ reject: ['gone@example.org'] });
    const t = track(createTransport({ kind: 'smtp', settings: { url: smtp.url, pool: 1, ratePerSecond: 0 } }, { allowHosts: new Set([hostPort]) }));
    const results = await t.send([msg('gone@example.org', 1), msg('here@example.org', 2)]);
    expect(results[0]).toMatchObject({ ok: false, retryable: false });
    expect(results[1]!.ok).toBe(true);
  });

  it('check() is healthy for a live server and an error for a dead one; sending to a dead one is retryable', async () => {
    const { smtp, hostPort } = await server();
    const t = track(createTransport({ kind: 'smtp', settings: { url: smtp.url, pool: 1, ratePerSecond: 0 } }, { allowHosts: new Set([hostPort]) }));
    expect((await t.check()).status).toBe('healthy');
    await smtp.close();
    const dead = track(createTransport({ kind: 'smtp', settings: { url: smtp.url, pool: 1, ratePerSecond: 0 } }, { allowHosts: new Set([hostPort]) }));
    expect((await dead.check()).status).toBe('error');
    const err = (await dead.send([msg('a@example.org')]).catch((e: unknown) => e)) as TransportError;
    expect(err).toBeInstanceOf(TransportError);
    expect(err.retryable).toBe(true);
  });

  it('refuses a loopback server unless FETCH_ALLOW_HOSTS lists it', async () => {
    const { smtp, hostPort } = await server();
    const t = track(createTransport({ kind: 'smtp', settings: { url: smtp.url, pool: 1, ratePerSecond: 0 } }, { allowHosts: new Set() }));
    const err = (await t.send([msg('a@example.org')]).catch((e: unknown) => e)) as TransportError;
    expect(err).toBeInstanceOf(TransportError);
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/public address/);
    expect(smtp.received).toHaveLength(0);
    expect((await t.check()).detail).toMatch(/public address/);
    expect(await blockedSmtpAddress(smtp.url, new Set())).toBe('127.0.0.1');
    expect(await blockedSmtpAddress('smtp://10.1.2.3:25', new Set())).toBe('10.1.2.3');
    expect(await blockedSmtpAddress('smtp://localhost:25', new Set())).toBeTruthy();
    expect(await blockedSmtpAddress(smtp.url, new Set([hostPort]))).toBeNull();
  });
});
