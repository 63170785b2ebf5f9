// Resend webhooks, signed the Svix way: svix-signature holds "v1,<base64 HMAC-SHA256>" entries over
// "<svix-id>.<svix-timestamp>.<raw body>", keyed with the base64 secret after "whsec_".
import crypto from 'node:crypto';
import type { DeliveryEvent } from '../events';
import { bad, dateOf, MAX_SKEW_MS, parseJson, safeEqual, str, tagsOf, unauthorized, type WebhookInput, type WebhookOutcome } from './common';

export function signResend(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

const KINDS: Record<string, DeliveryEvent['kind']> = {
  'email.delivered': 'delivered',
  'email.bounced': 'bounced',
  'email.complained': 'complained',
  'email.opened': 'opened',
  'email.clicked': 'clicked',
  'email.failed': 'failed',
};

export function parseResendWebhook(input: WebhookInput, secret: string | undefined): WebhookOutcome {
  if (!secret) return unauthorized('No signing secret is configured for this Resend provider');
  const id = input.headers.get('svix-id');
  const timestamp = input.headers.get('svix-timestamp');
  const signatures = input.headers.get('svix-signature');
  if (!id || !timestamp || !signatures) return unauthorized('Missing Svix signature headers');
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || Math.abs(input.now.getTime() - seconds * 1000) > MAX_SKEW_MS)
    return unauthorized('Signature timestamp is too old or in the future');
  const expected = signResend(secret, id, timestamp, input.body);
  const valid = signatures.split(' ').some((s) => {
    const [version, sig] = s.split(',');
    return version === 'v1' && !!sig && safeEqual(sig, expected);
  });
  if (!valid) return unauthorized('Bad signature');

  const payload = parseJson(input.body) as { type?: unknown; created_at?: unknown; data?: Record<string, unknown> } | undefined;
  if (!payload || typeof payload !== 'object' || !payload.data || typeof payload.type !== 'string') return bad('Not a Resend event');
  const kind = KINDS[payload.type];
  if (!kind) return { ok: true, events: [] };
  const data = payload.data;
  const to = Array.isArray(data.to) ? (data.to as unknown[]).filter((t): t is string => typeof t === 'string') : str(data.to) ? [data.to as string] : [];
  const bounce = data.bounce as { type?: unknown; message?: unknown } | undefined;
  const at = dateOf(payload.created_at, input.now);
  return {
    ok: true,
    events: to.map((email, i) => ({
      kind,
      email,
      providerMessageId: str(data.email_id),
      ...(kind === 'bounced' ? { hard: bounce?.type === 'Permanent' } : {}),
      eventKey: `${id}:${i}`,
      at,
      detail: str(bounce?.message) ?? str((data.click as { link?: unknown } | undefined)?.link),
      tags: tagsOf(data.tags),
    })),
  };
}
