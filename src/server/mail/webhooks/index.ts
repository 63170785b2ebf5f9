// A mail provider's webhook request (bounces, complaints, deliveries): the random token in its URL
// finds the provider (unknown → NOT_FOUND), its saved settings give the signing secret, the vendor's
// parser verifies and reads the events, and the events are applied to that provider owner's sends
// (what they do to the owner's readers is the `mailFeedback` deps carry).
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { AppError } from '../../errors';
import { decryptSecret } from '../../crypto';
import { mailProviders } from '../../../../db/schema';
import { parseProviderSettings, type ProviderKind } from '../transport';
import { applyDeliveryEvents } from '../events';
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

const isWebhookKind = (kind: string): kind is WebhookKind => (WEBHOOK_KINDS as readonly string[]).includes(kind);

/** The secret that signs this kind's webhooks (none for Brevo and Postmark); throws when the settings are not valid. */
function signingSecretOf(kind: WebhookKind, raw: unknown): string | undefined {
  const provider = parseProviderSettings(kind, raw);
  switch (provider.kind) {
    case 'resend':
      return provider.settings.webhookSecret;
    case 'mailgun':
      return provider.settings.webhookSigningKey;
    default:
      return undefined;
  }
}

export function parseWebhook(kind: WebhookKind, signingSecret: string | undefined, input: WebhookInput): WebhookOutcome {
  switch (kind) {
    case 'resend':
      return parseResendWebhook(input, signingSecret);
    case 'mailgun':
      return parseMailgunWebhook(input, signingSecret);
    case 'brevo':
      return parseBrevoWebhook(input);
    case 'postmark':
      return parsePostmarkWebhook(input);
  }
}

export interface WebhookRequest {
  kind: string;
  token: string;
  /** The raw body, exactly as received (signatures cover these bytes). */
  body: string;
  headers: Headers;
}

/** Verifies and records one webhook request; answers how many events it carried and how many were new. */
export async function receiveProviderWebhook(
  deps: Pick<Deps, 'db' | 'env' | 'log' | 'now' | 'mailFeedback'>,
  req: WebhookRequest,
): Promise<{ received: number; recorded: number }> {
  const { kind, token } = req;
  if (!isWebhookKind(kind) || token.length > 100) throw new AppError('NOT_FOUND', 'Not found');
  const [row] = await deps.db
    .select()
    .from(mailProviders)
    .where(and(eq(mailProviders.webhookToken, token), eq(mailProviders.kind, kind)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Not found');
  let signingSecret: string | undefined;
  try {
    signingSecret = signingSecretOf(kind, JSON.parse(decryptSecret(deps.env.APP_SECRET, row.secret)));
  } catch {
    deps.log.warn(`webhook for mail provider ${row.id}: its settings cannot be read with this APP_SECRET`);
    throw new AppError('UNAUTHORIZED', 'This provider must be set up again');
  }
  const now = deps.now();
  const outcome = parseWebhook(kind, signingSecret, { body: req.body, headers: req.headers, now });
  if (!outcome.ok) throw new AppError(outcome.code, outcome.error);
  const recorded = await applyDeliveryEvents(deps, { kind, userId: row.userId }, outcome.events, now);
  return { received: outcome.events.length, recorded };
}
