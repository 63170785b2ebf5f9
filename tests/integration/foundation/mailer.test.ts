// The mailer's offline default, the built-in outbox (stored + one log line), and SMTP_URL against a
// real SMTP server on loopback. Header values never carry CR/LF.
// @postgres
import { describe, it, expect, beforeAll, afterAll, beforeEach, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { createHarness, silentLog } from '../../helpers/app';
import { outbox } from '../../../db/schema';
import { cleanHeader } from '../../../src/server/mail/headers';
import { chainFor } from '../../../src/server/mail/chain';
import { codeFromMail, resetTokenFromMail } from './support';

interface Received {
  from: string;
  to: string[];
  mail: ParsedMail;
}

describe('outbox transport', () => {
  it('stores the message and logs one line with the code', async () => {
    const info = vi.fn();
    const h = await createHarness({ deps: { log: { ...silentLog, info } } });
    expect(await h.deps.mailer.nextTransport()).toBe('outbox');
    await h.caller().auth.sendCode({ email: 'box@example.com' });
    const rows = await h.db.select().from(outbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ toAddress: 'box@example.com', transport: 'outbox', fromAddress: h.env.MAIL_FROM });
    const code = await codeFromMail(h, 'box@example.com');
    expect(rows[0].subject).toContain(code);
    expect(info).toHaveBeenCalledTimes(1);
    const line = info.mock.calls[0][0] as string;
    expect(line).not.toContain('\n');
    expect(line).toContain('to=box@example.com');
    expect(line).toContain(`code=${code}`);
  });

  it('logs the reset link', async () => {
    const info = vi.fn();
    const h = await createHarness({ deps: { log: { ...silentLog, info } } });
    await h.insertUser({ email: 'link@example.com' });
    await h.caller().auth.forgotPassword({ email: 'link@example.com' });
    const token = await resetTokenFromMail(h, 'link@example.com');
    expect(info.mock.calls.at(-1)?.[0]).toContain(`link=http://localhost:3000/reset-password?token=${token}`);
  });

  it('strips CR/LF from stored header values', async () => {
    const h = await createHarness();
    await h.deps.mailer.send({ to: 'a@example.com\r\nBcc: victim@example.com', subject: 'Hi\r\nX-Evil: 1', text: 'body', headers: { 'X-Tag': 'one\ntwo' } });
    const row = (await h.db.select().from(outbox))[0];
    expect(row.toAddress).toBe('a@example.com Bcc: victim@example.com');
    expect(row.subject).toBe('Hi X-Evil: 1');
    expect(row.headers).toEqual({ 'X-Tag': 'one two' });
  });

  it('cleanHeader removes every CR and LF', () => {
    expect(cleanHeader(' a\r\n\r\nb\rc\nd ')).toBe('a b c d');
  });
});

describe('SMTP transport against a real SMTP server on loopback', () => {
  let server: SMTPServer;
  let port: number;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              mail,
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    // The system chain's SMTP transport keeps pooled connections open; the server closes only without them.
    for (const e of await chainFor((await createHarness({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } })).deps, 'system')) await e.transport.close?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
  });

  const smtpHarness = () => createHarness({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Curated Test <noreply@curated.test>' } });

  it('SMTP_URL selects SMTP; a sign-in code arrives there and nothing goes to the outbox', async () => {
    const h = await smtpHarness();
    expect(await h.deps.mailer.nextTransport()).toBe('smtp');
    await h.caller().auth.sendCode({ email: 'smtp@example.com' });
    expect(received).toHaveLength(1);
    const [msg] = received;
    expect(msg.to).toEqual(['smtp@example.com']);
    expect(msg.from).toBe('noreply@curated.test');
    expect(msg.mail.from?.text).toBe('"Curated Test" <noreply@curated.test>');
    expect(msg.mail.subject).toMatch(/^Your sign-in code: \d{6}$/);
    const code = /(\d{6})/.exec(msg.mail.subject!)![1];
    expect(msg.mail.text).toContain(code);
    expect(await h.db.select().from(outbox)).toHaveLength(0);
    expect((await h.caller().auth.verifyCode({ email: 'smtp@example.com', code })).success).toBe(true);
  });

  it('sends html, text and custom headers', async () => {
    const h = await smtpHarness();
    const sent = await h.deps.mailer.send({
      to: 'h@example.com',
      subject: 'Issue 1',
      text: 'plain body',
      html: '<p>html body</p>',
      headers: { 'List-Unsubscribe': '<https://example.com/u>' },
    });
    expect(sent.transport).toBe('smtp');
    const { mail } = received[0];
    expect(mail.text?.trim()).toBe('plain body');
    expect(mail.html).toContain('<p>html body</p>');
    expect(mail.headerLines.find((l) => l.key === 'list-unsubscribe')?.line).toBe('List-Unsubscribe: <https://example.com/u>');
    expect(mail.messageId).toBe(sent.messageId);
  });

  it('CR/LF in header values cannot add headers or recipients', async () => {
    const h = await smtpHarness();
    await h.deps.mailer.send({
      to: 'target@example.com',
      subject: 'Hello\r\nBcc: victim@example.com',
      text: 'body',
      headers: { 'X-Campaign': 'spring\r\nX-Injected: yes' },
    });
    const [msg] = received;
    expect(msg.to).toEqual(['target@example.com']);
    expect(msg.mail.subject).toBe('Hello Bcc: victim@example.com');
    expect(msg.mail.bcc).toBeUndefined();
    expect(msg.mail.headers.has('x-injected')).toBe(false);
    expect(msg.mail.headers.get('x-campaign')).toBe('spring X-Injected: yes');
  });

  it('an unreachable SMTP server surfaces as an error to the caller', async () => {
    const h = await createHarness({ env: { SMTP_URL: `smtp://127.0.0.1:1` } });
    await expect(h.deps.mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});
