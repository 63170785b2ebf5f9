// Postmark webhooks (Bounce, SpamComplaint, Delivery, Open, Click, SubscriptionChange). Postmark does
// not sign its webhooks: the secret token in the webhook URL (checked before this runs) authenticates.
import type { DeliveryEvent } from '../events';
import { bad, dateOf, parseJson, str, tagsOf, type WebhookInput, type WebhookOutcome } from './common';

const SOFT_BOUNCES = new Set(['SoftBounce', 'Transient', 'DnsError', 'AutoResponder', 'Undeliverable', 'Blocked', 'ChallengeVerification']);

export function parsePostmarkWebhook(input: WebhookInput): WebhookOutcome {
  const p = parseJson(input.body) as Record<string, unknown> | undefined;
  if (!p || typeof p !== 'object' || Array.isArray(p)) return bad('Not a Postmark event');
  const type = str(p.RecordType);
  if (!type) return bad('Postmark event without RecordType');
  const messageId = str(p.MessageID);
  const email = str(p.Email) ?? str(p.Recipient);
  const tags = tagsOf(p.Metadata);
  const base = { providerMessageId: messageId, ...(tags ? { tags } : {}) };
  const event = (kind: DeliveryEvent['kind'], at: unknown, extra: Partial<DeliveryEvent> = {}): DeliveryEvent => ({
    kind,
    email: email!,
    ...base,
    eventKey: `${type}:${String(p.ID ?? messageId ?? '')}:${email!.toLowerCase()}:${String(at ?? '')}`,
    at: dateOf(at, input.now),
    ...extra,
  });
  if (!email) return bad('Postmark event without a recipient');
  switch (type) {
    case 'Bounce': {
      const bounceType = str(p.Type) ?? '';
      // HardBounce (and a bad address) is permanent; the soft kinds are retried by Postmark.
      const hard = bounceType === 'HardBounce' || bounceType === 'BadEmailAddress' || (!SOFT_BOUNCES.has(bounceType) && p.Inactive === true);
      if (bounceType === 'SpamComplaint') return { ok: true, events: [event('complained', p.BouncedAt)] };
      return { ok: true, events: [event('bounced', p.BouncedAt, { hard, detail: str(p.Description) ?? str(p.Details) })] };
    }
    case 'SpamComplaint':
      return { ok: true, events: [event('complained', p.BouncedAt)] };
    case 'Delivery':
      return { ok: true, events: [event('delivered', p.DeliveredAt, { detail: str(p.Details) })] };
    case 'Open':
      return { ok: true, events: [event('opened', p.ReceivedAt)] };
    case 'Click':
      return { ok: true, events: [event('clicked', p.ReceivedAt, { detail: str(p.OriginalLink) })] };
    case 'SubscriptionChange': {
      if (p.SuppressSending !== true) return { ok: true, events: [] };
      const reason = str(p.SuppressionReason);
      if (reason === 'HardBounce') return { ok: true, events: [event('bounced', p.ChangedAt, { hard: true })] };
      if (reason === 'SpamComplaint') return { ok: true, events: [event('complained', p.ChangedAt)] };
      return { ok: true, events: [event('unsubscribed', p.ChangedAt)] };
    }
    default:
      return { ok: true, events: [] };
  }
}
