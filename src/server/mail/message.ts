// What the product's mail is: a message, what sent it, and the mailer of Deps. A leaf (it imports no
// module that names Deps), so context.ts can name the Mailer without a circle back through mail/.
import type { TransportKind } from './transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A mailbox; MAIL_FROM when left out. */
  from?: string;
  /** Where replies go (the creator, for newsletters sent from the product's address). */
  replyTo?: string;
  headers?: Record<string, string>;
  /** A code or link worth showing in the outbox's log line (never sent). */
  logNote?: string;
}

export interface SentMail {
  messageId: string;
  /** What carried the message. */
  transport: TransportKind;
}

export interface Mailer {
  /** What the next message would go through (the chain is read from the database at each call). */
  nextTransport(): Promise<TransportKind>;
  send(msg: MailMessage): Promise<SentMail>;
}
