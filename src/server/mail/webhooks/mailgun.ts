// Mailgun webhooks (JSON): signature = hex HMAC-SHA256(signing key, timestamp + token). The signature
// does not cover the body, so each token is recorded as the event's key: a replayed token with any body
// is recorded once, and timestamps older than five minutes are refused.
import crypto from 'node:crypto';
import type { DeliveryEvent } from '../events';
import { bad, dateOf, MAX_SKEW_MS, parseJson, safeEqual, str, tagsOf, unauthorized, type WebhookInput, type WebhookOutcome } from './common';

export function signMailgun(signingKey: string, timestamp: string, token: string): string {
  return crypto
    .createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
}

/** Mailgun's send answer wraps the id in angle brackets; its events do not. */
const bracketed = (id: string | undefined) => (id ? (id.startsWith('<') ? id : `<${id}>`) : undefined);

export function parseMailgunWebhook(input: WebhookInput, signingKey: string | undefined): WebhookOutcome {
  if (!signingKey) return unauthorized('No webhook signing key is configured for this Mailgun provider');
  const payload = parseJson(input.body) as { signature?: Record<string, unknown>; 'event-data'?: Record<string, unknown> } | undefined;
  if (!payload || typeof payload !== 'object') return bad('Not a Mailgun event');
  const sig = payload.signature;
  const timestamp = str(sig?.timestamp) ?? (typeof sig?.timestamp === 'number' ? String(sig.timestamp) : undefined);
  const token = str(sig?.token);
  const signature = str(sig?.signature);
  if (!timestamp || !token || !signature) return unauthorized('Missing Mailgun signature');
  if (!safeEqual(signature, signMailgun(signingKey, timestamp, token))) return unauthorized('Bad signature');
  if (Math.abs(input.now.getTime() - Number(timestamp) * 1000) > MAX_SKEW_MS) return unauthorized('Signature timestamp is too old or in the future');

  const ev = payload['event-data'];
  if (!ev || typeof ev !== 'object') return bad('Not a Mailgun event');
  const name = str(ev.event);
  const email = str(ev.recipient);
  if (!name || !email) return bad('Mailgun event without event or recipient');
  let kind: DeliveryEvent['kind'] | null = null;
  let hard: boolean | undefined;
  if (name === 'delivered') kind = 'delivered';
  else if (name === 'failed') {
    // A permanent failure is a bounce to suppress; a temporary one Mailgun retries itself.
    kind = 'bounced';
    hard = ev.severity === 'permanent';
  } else if (name === 'opened') kind = 'opened';
  else if (name === 'clicked') kind = 'clicked';
  else if (name === 'unsubscribed') kind = 'unsubscribed';
  else if (name === 'complained') kind = 'complained';
  if (!kind) return { ok: true, events: [] };
  const message = ev.message as { headers?: Record<string, unknown> } | undefined;
  const status = ev['delivery-status'] as { message?: unknown; description?: unknown } | undefined;
  return {
    ok: true,
    events: [
      {
        kind,
        email,
        providerMessageId: bracketed(str(message?.headers?.['message-id'])),
        ...(hard !== undefined ? { hard } : {}),
        eventKey: `token:${token}`,
        at: dateOf(ev.timestamp, input.now),
        detail: str(status?.message) ?? str(status?.description) ?? str(ev.reason),
        tags: tagsOf(ev['user-variables']),
      },
    ],
  };
}
