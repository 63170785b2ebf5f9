// SMTP through nodemailer: one pooled transporter per settings (connections reused across batches),
// DKIM signing when a key is configured, our Message-ID on every message. A 5xx for a recipient is that
// message's final failure; connection errors, timeouts and 4xx replies fail the call (retryable).
// A user-given server is only reached at public addresses (checked at connect time, after DNS).
import net from 'node:net';
import dns from 'node:dns/promises';
import { BlockedAddressError, guardedLookup, isBlockedIp } from '../../net/address-guard';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { TransportError, type DeliveryResult, type OutgoingMessage, type ProviderSettings, type Transport } from '../transport';
import { cleanHeader } from '../headers';
import { encodeQuotedPrintable } from '../quoted-printable';

type SmtpSettings = ProviderSettings['smtp'];

interface SmtpFailure {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

function describe(err: SmtpFailure): string {
  return (err.response ?? err.message ?? 'SMTP error').slice(0, 300);
}

/** host, port, secure and auth from smtp(s)://user:pass@host:port. */
export function connectionOptions(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const user = decodeURIComponent(u.username);
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(u.password) } } : {}),
  };
}

export interface SmtpTransportOptions {
  /**
   * Refuse private, loopback and other non-public addresses unless host:port is in this set
   * (FETCH_ALLOW_HOSTS). Left out for the operator's own SMTP_URL, which may well be local.
   */
  guard?: Set<string>;
}

const isBlocked = (err: unknown) => err instanceof BlockedAddressError || (err as Error | null)?.name === 'BlockedAddressError';

/** Resolves the SMTP URL's host now and names the first non-public address, or null when it may be used. */
export async function blockedSmtpAddress(url: string, allow: Set<string>): Promise<string | null> {
  const { host, port } = connectionOptions(url);
  if (allow.has(`${host.toLowerCase()}:${port}`)) return null;
  if (net.isIP(host)) return isBlockedIp(host) ? host : null;
  const list = await dns.lookup(host, { all: true }).catch(() => []);
  if (list.length === 0) return host;
  return list.find((a) => isBlockedIp(a.address))?.address ?? null;
}

/** nodemailer's test for text it sends as 7bit: ASCII without control characters, no line over 76. */
const notPlain = /[\x00-\x08\x0b\x0c\x0e-\x1f\u0080-\uffff]/;
const longLine = /[^\r\n]{77}/;

type TextPart = NonNullable<SendMailOptions['html']>;

/**
 * One part of a multipart/alternative message as nodemailer would write it, with the same headers, but
 * encoded by our one-pass quoted-printable encoder (nodemailer's is a third of a bulk send's CPU). Text
 * nodemailer would send as 7bit is left to it, unchanged. `raw` replaces the whole node, so it is used
 * only for the parts of an alternative: a lone part is the message itself and carries its headers.
 */
function alternativePart(content: string, contentType: string): TextPart {
  if (!notPlain.test(content) && !longLine.test(content)) return content;
  const head = `Content-Type: ${contentType}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;
  // nodemailer's composer reads `raw` on html and text (its types leave it out).
  return { raw: Buffer.concat([Buffer.from(head), encodeQuotedPrintable(content)]) } as TextPart;
}

export function createSmtpTransport(settings: SmtpSettings, opts: SmtpTransportOptions = {}): Transport {
  let transporter: Promise<Transporter> | null = null;
  const get = () =>
    (transporter ??= import('nodemailer').then((m) =>
      m.default.createTransport({
        // Given `url`, nodemailer ignores every other option (pool, DKIM, ...), so the URL is spread out.
        ...connectionOptions(settings.url),
        pool: true,
        maxConnections: settings.pool,
        maxMessages: Infinity,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
        ...(settings.dkim ? { dkim: settings.dkim } : {}),
        // nodemailer writes the message body and its closing dot separately; with Nagle's algorithm the
        // dot waits for the server's delayed ACK (~40 ms a message). TCP_NODELAY makes it ~1 ms.
        getSocket: (o: { host: string; port: number }, done: (err: Error | null, socket?: { connection: net.Socket }) => void) => {
          const port = Number(o.port);
          const guarded = opts.guard && !opts.guard.has(`${o.host.toLowerCase()}:${port}`);
          if (guarded && net.isIP(o.host) && isBlockedIp(o.host)) return done(new BlockedAddressError(o.host));
          const socket = net.connect({ host: o.host, port, ...(guarded ? { lookup: guardedLookup } : {}) });
          socket.setNoDelay(true);
          const fail = (err: Error) => done(err);
          socket.once('error', fail);
          socket.once('connect', () => {
            socket.off('error', fail);
            done(null, { connection: socket });
          });
        },
      } as Parameters<typeof m.default.createTransport>[0]),
    ));

  async function sendOne(t: Transporter, m: OutgoingMessage): Promise<DeliveryResult> {
    try {
      await t.sendMail({
        from: cleanHeader(m.from),
        to: m.toName ? { name: cleanHeader(m.toName), address: cleanHeader(m.to) } : cleanHeader(m.to),
        replyTo: m.replyTo ? cleanHeader(m.replyTo) : undefined,
        subject: cleanHeader(m.subject),
        ...(m.text && m.html ? { text: alternativePart(m.text, 'text/plain'), html: alternativePart(m.html, 'text/html') } : { text: m.text, html: m.html }),
        messageId: m.messageId,
        // Said outright, nodemailer skips counting letters in every part to choose (a third of send time).
        textEncoding: 'quoted-printable',
        headers: Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [cleanHeader(k), cleanHeader(v)])),
      });
      return { ok: true, providerMessageId: m.messageId };
    } catch (raw) {
      const err = raw as SmtpFailure;
      if (isBlocked(raw)) throw new TransportError(`SMTP: ${describe(err)}; the server must be at a public address`, false);
      if (typeof err.responseCode === 'number' && err.responseCode >= 500) return { ok: false, error: describe(err), retryable: false };
      throw new TransportError(`SMTP: ${describe(err)}`, true, err.responseCode);
    }
  }

  return {
    kind: 'smtp',
    maxBatch: 1,
    concurrency: settings.pool,
    ratePerSecond: settings.ratePerSecond,
    async send(messages, signal) {
      const t = await get();
      const results: DeliveryResult[] = [];
      for (const m of messages) {
        if (signal?.aborted) throw new TransportError('SMTP: the call was canceled or timed out', true);
        results.push(await sendOne(t, m));
      }
      return results;
    },
    async check(signal) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const t = await get();
        const limit = new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('No answer within 5 s')), 5000);
          timer.unref();
          signal?.addEventListener('abort', () => reject(new Error('The check was canceled')), { once: true });
        });
        await Promise.race([t.verify(), limit]);
        return { status: 'healthy', detail: 'The SMTP server accepted the connection.' };
      } catch (err) {
        const detail = describe(err as SmtpFailure);
        return { status: 'error', detail: isBlocked(err) ? `${detail}; the server must be at a public address` : detail };
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (transporter) (await transporter).close();
    },
  };
}
