// Shared pieces of the webhook parsers: the outcome type, constant-time comparison, timestamps, tags.
import type { DeliveryEvent } from '../events';

/** A refusal names its AppError code: a malformed event is BAD_REQUEST, a missing or bad signature UNAUTHORIZED. */
export type WebhookOutcome = { ok: true; events: DeliveryEvent[] } | { ok: false; code: 'BAD_REQUEST' | 'UNAUTHORIZED'; error: string };

export interface WebhookInput {
  /** The raw request body, exactly as received (signatures cover these bytes). */
  body: string;
  headers: Headers;
  now: Date;
}

/** Signed events older (or further in the future) than this are refused as possible replays. */
export const MAX_SKEW_MS = 5 * 60_000;

export { safeEqual } from '../../crypto';

export function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

export const bad = (error: string): WebhookOutcome => ({ ok: false, code: 'BAD_REQUEST', error });
export const unauthorized = (error: string): WebhookOutcome => ({ ok: false, code: 'UNAUTHORIZED', error });

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** A Date from epoch seconds, an ISO string, or now when the vendor gave nothing usable. */
export function dateOf(v: unknown, fallback: Date): Date {
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v > 1e12 ? v : v * 1000);
  if (typeof v === 'string') {
    const t = Date.parse(v);
    if (!Number.isNaN(t)) return new Date(t);
  }
  return fallback;
}

/** send_id / recipient_id from a vendor's metadata (an object or Resend's [{name, value}] list). */
export function tagsOf(meta: unknown): DeliveryEvent['tags'] | undefined {
  let map: Record<string, unknown> = {};
  if (Array.isArray(meta)) for (const t of meta as { name?: unknown; value?: unknown }[]) map[String(t?.name)] = t?.value;
  else if (meta && typeof meta === 'object') map = meta as Record<string, unknown>;
  const sendId = str(map.send_id);
  const recipientId = str(map.recipient_id);
  return sendId || recipientId ? { ...(sendId ? { sendId } : {}), ...(recipientId ? { recipientId } : {}) } : undefined;
}
