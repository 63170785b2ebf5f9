// Sends the product's own mail through the system's provider chain (system providers, else SMTP_URL,
// else the built-in outbox) with retries and fallback, and the staff's "Send test to me".
import type { Deps } from '../context';
import type { SessionUser } from '../auth/service';
import { chainFor } from '../mail/chain';
import { deliver } from '../mail/deliver';
import type { DeliveryResult, OutgoingMessage } from '../mail/transport';
import { AppError } from '../errors';
import { SEND_RULE } from '../email/send';
import { productMessage, type RenderedEmail } from './email';
import { productUnsubscribeUrl, type ProductList } from './unsubscribe';

type SendDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;

/**
 * Sends the messages, split into the smallest batch the chain's providers take; results in the same
 * order. `outage` is set when no provider took a batch (those messages were not sent).
 */
export async function sendProductMessages(deps: SendDeps, messages: OutgoingMessage[]): Promise<{ results: DeliveryResult[]; outage: string | null }> {
  const chain = await chainFor(deps, 'system');
  const size = Math.max(1, Math.min(...chain.map((e) => e.transport.maxBatch)));
  const results: DeliveryResult[] = [];
  let outage: string | null = null;
  for (let i = 0; i < messages.length; i += size) {
    const outcome = await deliver(chain, messages.slice(i, i + size), { log: (l) => deps.log.warn(l) });
    outage ??= outcome.outage;
    results.push(...outcome.results.map((r) => r.result));
  }
  return { results, outage };
}

/** A staff member's test send of an e-mail to their own address (the shared 20-an-hour test budget). */
export async function sendTestToSelf(
  deps: SendDeps & Pick<Deps, 'limiter'>,
  user: SessionUser,
  list: ProductList,
  render: (unsubscribeUrl: string) => RenderedEmail,
) {
  await deps.limiter.hit(`test-mail:user:${user.id}`, SEND_RULE);
  const url = productUnsubscribeUrl(deps.env, list, user.id);
  const mail = render(url);
  const {
    results: [result],
  } = await sendProductMessages(deps, [productMessage(deps.env, user.email, { ...mail, subject: `[Test] ${mail.subject}` }, url)]);
  if (!result?.ok) throw new AppError('BAD_GATEWAY', `The test e-mail could not be sent: ${result?.error ?? 'no provider answered'}`);
  return { to: user.email };
}
