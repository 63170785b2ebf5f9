// The product's own mail, one message at a time: sign-in codes, resets, invitations, signup
// confirmations, sales mail (through the system chain, deps.mailer) and a creator's step-5 test
// (through the creator's own chain, sendMail). Each send reads the chain again (one indexed read;
// transports are cached per provider row version), so a provider saved or removed, by this process
// or the CLI, carries the very next message. A refusal fails the caller instead of being ignored.
import crypto from 'node:crypto';
import type { Deps } from '../context';
import { chainFor, type MailOwner } from './chain';
import { deliver } from './deliver';
import { cleanHeader, mailboxDomain } from './headers';
import type { OutgoingMessage } from './transport';
import type { MailMessage, Mailer, SentMail } from './message';

/** A provider's refusal of one message; `reply` is the provider's own words (e.g. an SMTP 550 line). */
export class MailRefusedError extends Error {
  constructor(
    readonly reply: string,
    /** False when no provider could be reached at all (the reply is then a summary of the outage). */
    readonly refusedByProvider: boolean,
  ) {
    super(`The mail could not be sent: ${reply}`);
    this.name = 'MailRefusedError';
  }
}

type MailDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;

/** An interactive request waits at most this long for one provider call. */
const CALL_TIMEOUT_MS = 15_000;

/** One message through `owner`'s chain, with the retries and fallback of every other send. */
export async function sendMail(deps: MailDeps, owner: MailOwner, msg: MailMessage): Promise<SentMail> {
  const message: OutgoingMessage = {
    to: cleanHeader(msg.to),
    from: cleanHeader(msg.from ?? deps.env.MAIL_FROM),
    replyTo: msg.replyTo ? cleanHeader(msg.replyTo) : undefined,
    subject: cleanHeader(msg.subject),
    text: msg.text,
    html: msg.html,
    headers: Object.fromEntries(Object.entries(msg.headers ?? {}).map(([k, v]) => [cleanHeader(k), cleanHeader(v)])),
    messageId: `<${crypto.randomUUID()}@${mailboxDomain(deps.env.MAIL_FROM)}>`,
    logNote: msg.logNote,
  };
  const { results, outage } = await deliver(await chainFor(deps, owner), [message], { callTimeoutMs: CALL_TIMEOUT_MS, log: (l) => deps.log.warn(l) });
  const { result, entry } = results[0]!;
  if (!result.ok || !entry) throw new MailRefusedError(result.ok ? 'no provider answered' : result.error, !outage);
  return { messageId: message.messageId, transport: entry.kind };
}

/** The product's own mailer: the system chain (system providers, then SMTP_URL, then the outbox). */
export function createMailer(deps: MailDeps): Mailer {
  return {
    nextTransport: async () => (await chainFor(deps, 'system'))[0]!.kind,
    send: (msg) => sendMail(deps, 'system', msg),
  };
}
