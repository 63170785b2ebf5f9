// Verifies and parses a provider's webhook request into DeliveryEvents, by provider kind.
import type { ProviderKind, ProviderSettings } from '../transport';
import type { WebhookInput, WebhookOutcome } from './common';
import { parseBrevoWebhook } from './brevo';
import { parseMailgunWebhook } from './mailgun';
import { parsePostmarkWebhook } from './postmark';
import { parseResendWebhook } from './resend';

export type { WebhookOutcome } from './common';
export { signMailgun } from './mailgun';
export { signResend } from './resend';

/** Kinds that post webhooks (SMTP has none). */
export const WEBHOOK_KINDS = ['brevo', 'resend', 'mailgun', 'postmark'] as const satisfies readonly ProviderKind[];
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export function parseWebhook<K extends WebhookKind>(kind: K, settings: ProviderSettings[K], input: WebhookInput): WebhookOutcome {
  switch (kind) {
    case 'resend':
      return parseResendWebhook(input, (settings as ProviderSettings['resend']).webhookSecret);
    case 'mailgun':
      return parseMailgunWebhook(input, (settings as ProviderSettings['mailgun']).webhookSigningKey);
    case 'brevo':
      return parseBrevoWebhook(input);
    case 'postmark':
      return parsePostmarkWebhook(input);
    default:
      return { ok: false, status: 400, error: 'Unknown provider' };
  }
}
