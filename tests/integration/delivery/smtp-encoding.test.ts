// What an SMTP reader receives decodes to exactly the html and text we sent: non-ASCII, '=' signs,
// long lines, spaces before line ends, a line that is only '.', emoji, CRLF and LF. Text parts stay
// quoted-printable (never base64) and no line on the wire is longer than 76 characters (RFC 2045).
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { createTransport } from '../../../src/server/mail/transports';
import type { Transport } from '../../../src/server/mail/transport';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** A loopback SMTP server that keeps each message exactly as it came over the wire. */
async function rawSink() {
  const received: Buffer[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, cb) {
      const parts: Buffer[] = [];
      stream.on('data', (d: Buffer) => parts.push(d));
      stream.on('end', () => {
        received.push(Buffer.concat(parts));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, hostPort: `127.0.0.1:${port}`, received };
}

// Mail carries lines ended by CRLF (a bare LF is sent as CRLF); mailparser hands text parts back with LF.
const asText = (s: string) => s.replace(/\r?\n/g, '\n');

const tricky = [
  'Grüße aus Köln — café, naïve, 日本語, emoji 🎉👩‍💻 and a = sign: a=b, =3D, =\r\n',
  `<p style="color:#333;font-family:Georgia">${'A long paragraph without breaks, '.repeat(12)}end</p>\n`,
  'a lone\rCR, trailing space \ntrailing tab\t\r\nboth \t \n.\n..\n.\r\nFrom the start\n',
  `${'x'.repeat(74)}é${'y'.repeat(75)}🎉${'='.repeat(40)}\n`,
  `${'€'.repeat(60)} ${'a'.repeat(200)}   \n`,
  'ends with a space ',
].join('');

function randomText(seed: number): string {
  const alphabet = ['a', 'Z', ' ', '\t', '=', '.', '\n', '\r\n', 'é', '€', '🎉', '<', '>', '"', '0', '~', '!'];
  let x = seed;
  let s = '';
  for (let i = 0; i < 600; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    s += alphabet[x % alphabet.length];
  }
  return s;
}

describe('SMTP transport: what readers receive', () => {
  it('decodes to exactly the html and text sent, quoted-printable, no line over 76 characters', async () => {
    const sink = await rawSink();
    const t: Transport = createTransport({ kind: 'smtp', settings: { url: sink.url, pool: 1, ratePerSecond: 0 } }, { allowHosts: new Set([sink.hostPort]) });
    cleanups.push(async () => t.close?.());
    const bodies = [tricky, ...Array.from({ length: 20 }, (_, i) => randomText(i + 1))];
    const messages = bodies.map((body, i) => ({
      to: `reader${i}@example.org`,
      from: 'Weekly <news@example.com>',
      subject: `Issue ${i}`,
      // Half the parts end with the tricky text itself (a space or tab as the part's last character).
      text: i % 2 ? `${body}\nplain ${i}` : body,
      html: i % 2 ? `<html><body>${body}<p>html ${i}</p></body></html>` : `<p>${body}`,
      headers: {},
      messageId: `<send1.${i}@example.com>`,
    }));
    const results = await t.send(messages);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(sink.received).toHaveLength(messages.length);

    for (const [i, raw] of sink.received.entries()) {
      const wire = raw.toString('latin1');
      const long = wire.split('\r\n').filter((line) => line.length > 76);
      expect(long).toEqual([]);
      expect(wire).not.toMatch(/Content-Transfer-Encoding: base64/i);
      expect(wire.match(/Content-Transfer-Encoding: quoted-printable/gi)).toHaveLength(2);
      const parsed = await simpleParser(raw);
      expect(parsed.text).toBe(asText(messages[i]!.text));
      expect(parsed.html).toBe(asText(messages[i]!.html));
    }
  });

  it('leaves short plain ASCII text as 7bit, as before', async () => {
    const sink = await rawSink();
    const t: Transport = createTransport({ kind: 'smtp', settings: { url: sink.url, pool: 1, ratePerSecond: 0 } }, { allowHosts: new Set([sink.hostPort]) });
    cleanups.push(async () => t.close?.());
    await t.send([
      { to: 'r@example.org', from: 'news@example.com', subject: 'Hi', text: 'Hello\nthere', html: '<p>Hello</p>', headers: {}, messageId: '<s.1@example.com>' },
    ]);
    const wire = sink.received[0]!.toString('latin1');
    expect(wire.match(/Content-Transfer-Encoding: 7bit/gi)).toHaveLength(2);
    const parsed = await simpleParser(sink.received[0]!);
    expect(parsed.text).toBe('Hello\nthere');
    expect(parsed.html).toBe('<p>Hello</p>');
  });

  it('a text-only message keeps its headers and decodes to the text sent', async () => {
    const sink = await rawSink();
    const t: Transport = createTransport({ kind: 'smtp', settings: { url: sink.url, pool: 1, ratePerSecond: 0 } }, { allowHosts: new Set([sink.hostPort]) });
    cleanups.push(async () => t.close?.());
    await t.send([{ to: 'r@example.org', from: 'Weekly <news@example.com>', subject: 'Hi', text: tricky, headers: {}, messageId: '<s.2@example.com>' }]);
    const parsed = await simpleParser(sink.received[0]!);
    expect(parsed.from?.text).toBe('"Weekly" <news@example.com>');
    expect(parsed.subject).toBe('Hi');
    expect(parsed.messageId).toBe('<s.2@example.com>');
    // nodemailer ends a single-part body with a line end of its own (as it always has).
    expect(parsed.text).toBe(`${asText(tricky)}\n`);
  });
});
