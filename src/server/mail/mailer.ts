// The mailer interface for the product's own mail and the header rules every transport shares. The
// server's mailer is system-mailer.ts (the system provider chain); the outbox mailer here is its
// offline default (stored in SQLite, one summary line in the server log).
import crypto from 'node:crypto';
import type { Db } from '../db';
import { outbox } from '../../../db/schema';
import type { TransportKind } from './transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  /** Where replies go (the creator, for newsletters sent from the product's address). */
  replyTo?: string;
  headers?: Record<string, string>;
  /** A code or link worth showing in the outbox log line. */
  summary?: string;
}

export interface SentMail {
  messageId: string;
  /** What carried the message. */
  transport: TransportKind;
}

export interface Mailer {
  /** What the next message would go through. */
  readonly transport: TransportKind;
  send(msg: MailMessage): Promise<SentMail>;
}

/** Header values never carry CR/LF (header injection). */
export const cleanHeader = (v: string) => v.replace(/[\r\n]+/g, ' ').trim();

/** The bare address of a mailbox like 'Curated <newsletter@curated.email>' (or the value itself). */
export function mailboxAddress(mailbox: string): string {
  return (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/**
 * A From of `sender`'s address under another display name, e.g. a creator's name over the product's
 * address. The name is quoted as RFC 5322 asks; control characters and angle brackets are dropped.
 */
export function mailboxWithName(name: string, sender: string): string {
  const clean = name
    .replace(/[\u0000-\u001f\u007f<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 64);
  const address = mailboxAddress(sender);
  return clean ? `"${clean.replace(/["\\]/g, '\\$&')}" <${address}>` : sender;
}

export function cleanMessage(msg: MailMessage, defaultFrom: string) {
  const headers = Object.fromEntries(Object.entries(msg.headers ?? {}).map(([k, v]) => [cleanHeader(k), cleanHeader(v)]));
  const replyTo = msg.replyTo ? cleanHeader(msg.replyTo) : undefined;
  return { ...msg, to: cleanHeader(msg.to), subject: cleanHeader(msg.subject), from: cleanHeader(msg.from ?? defaultFrom), replyTo, headers };
}

export function createOutboxMailer(db: Db, opts: { from: string; log?: (line: string) => void; now?: () => Date }): Mailer {
  const now = opts.now ?? (() => new Date());
  return {
    transport: 'outbox',
    async send(raw) {
      const msg = cleanMessage(raw, opts.from);
      const messageId = `<${crypto.randomUUID()}@outbox.local>`;
      db.insert(outbox)
        .values({
          id: crypto.randomUUID(),
          messageId,
          transport: 'outbox',
          fromAddress: msg.from,
          toAddress: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html ?? null,
          headers: msg.replyTo ? { ...msg.headers, 'Reply-To': msg.replyTo } : msg.headers,
          createdAt: now(),
        })
        .run();
      opts.log?.(`[outbox] to=${msg.to} subject="${msg.subject}"${msg.summary ? ` ${msg.summary}` : ''}`);
      return { messageId, transport: 'outbox' };
    },
  };
}
