// The product's own mail (sign-in codes, resets, invitations, signup confirmations, sales mail, test
// sends) through the system provider chain bulk mail uses: the providers staff save in Email
// Management, else SMTP_URL, else the built-in outbox. The chain is resolved at every send (one
// indexed read; transports are cached per provider row version), so a provider saved or removed, by
// this process or the CLI, carries the very next message.
import crypto from 'node:crypto';
import type { Deps } from '../context';
import { resolveChain } from './chain';
import { sendWithFallback } from './send-with-fallback';
import { cleanMessage, createOutboxMailer, mailboxAddress, type Mailer } from './mailer';

type MailerDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;

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

/** An interactive request waits at most this long for one provider call. */
const CALL_TIMEOUT_MS = 15_000;

export function createSystemMailer(deps: MailerDeps): Mailer {
  const outbox = createOutboxMailer(deps.db, { from: deps.env.MAIL_FROM, log: (l) => deps.log.info(l), now: () => deps.now() });
  const domain = mailboxAddress(deps.env.MAIL_FROM).split('@')[1] ?? 'localhost';
  return {
    get transport() {
      return resolveChain(deps, null)[0]!.kind;
    },
    async send(raw) {
      const chain = resolveChain(deps, null);
      // Nothing configured: the outbox mailer keeps its log line with the code or link in it.
      if (chain.length === 1 && chain[0]!.scope === 'default') return outbox.send(raw);
      const msg = cleanMessage(raw, deps.env.MAIL_FROM);
      const messageId = `<${crypto.randomUUID()}@${domain}>`;
      const { results, outage } = await sendWithFallback(chain, [{ ...msg, messageId }], { callTimeoutMs: CALL_TIMEOUT_MS, log: (l) => deps.log.warn(l) });
      const { result, entry } = results[0]!;
      if (!result.ok || !entry) throw new MailRefusedError(result.ok ? 'no provider answered' : result.error, !outage);
      return { messageId, transport: entry.kind };
    },
  };
}
