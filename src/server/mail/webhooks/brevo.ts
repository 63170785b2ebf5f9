// Brevo transactional webhooks. Brevo does not sign its webhooks: the secret token in the webhook URL
// (checked before this runs) is the authentication. One event per request, or a list when batched.
import type { DeliveryEvent } from '../events';
import { bad, dateOf, parseJson, str, type WebhookInput, type WebhookOutcome } from './common';

const KINDS: Record<string, { kind: DeliveryEvent['kind']; hard?: boolean }> = {
  delivered: { kind: 'delivered' },
  hard_bounce: { kind: 'bounced', hard: true },
  invalid_email: { kind: 'bounced', hard: true },
  soft_bounce: { kind: 'bounced', hard: false },
  blocked: { kind: 'failed' },
  error: { kind: 'failed' },
  spam: { kind: 'complained' },
  complaint: { kind: 'complained' },
  unsubscribed: { kind: 'unsubscribed' },
  opened: { kind: 'opened' },
  unique_opened: { kind: 'opened' },
  click: { kind: 'clicked' },
};

export function parseBrevoWebhook(input: WebhookInput): WebhookOutcome {
  const payload = parseJson(input.body);
  const list = Array.isArray(payload) ? payload : payload && typeof payload === 'object' ? [payload] : null;
  if (!list) return bad('Not a Brevo event');
  const events: DeliveryEvent[] = [];
  for (const raw of list as Record<string, unknown>[]) {
    const name = str(raw?.event);
    const email = str(raw?.email);
    if (!name || !email) return bad('Brevo event without event or email');
    const mapped = KINDS[name];
    if (!mapped) continue;
    const messageId = str(raw['message-id']);
    const stamp = raw.ts_event ?? raw.ts_epoch ?? raw.date;
    events.push({
      kind: mapped.kind,
      email,
      providerMessageId: messageId,
      ...(mapped.hard !== undefined ? { hard: mapped.hard } : {}),
      // Brevo gives no id per event; the message, event and moment together name it.
      eventKey: `${messageId ?? ''}:${name}:${email.toLowerCase()}:${String(stamp ?? '')}`,
      at: dateOf(raw.ts_event ?? raw.ts_epoch ?? raw.date, input.now),
      detail: str(raw.reason) ?? str(raw.link),
    });
  }
  return { ok: true, events };
}
