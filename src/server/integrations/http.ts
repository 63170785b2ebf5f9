// The one HTTP call every platform connector makes (net/vendor-http.ts: 10 s deadline, no redirects, the
// key scrubbed), JSON in and out, and the platform's refusals turned into AppErrors with sentences a
// creator can act on. The API key travels only in the request headers; no message, log line or error
// built here ever contains it.
import { AppError } from '../errors';
import { callVendor, vendorMessage, VendorError, type VendorAnswer } from '../net/vendor-http';
import type { IntegrationPlatform } from '../../../db/schema';
import { PLATFORM_NAMES } from './platforms';

export const PLATFORM_TIMEOUT_MS = 10_000;

export interface PlatformHttp {
  platform: IntegrationPlatform;
  /** The API root, e.g. https://api.brevo.com (tests: INTEGRATIONS_API_BASE/brevo). */
  base: string;
  headers: Record<string, string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface PlatformAnswer<T = unknown> {
  status: number;
  body: T;
}

export const refusedKeyMessage = (platform: IntegrationPlatform) => `The ${PLATFORM_NAMES[platform]} API key was refused. Check the key and its permissions.`;

export function rateLimitedMessage(platform: IntegrationPlatform, ms: number | undefined): string {
  const seconds = ms === undefined ? 60 : Math.max(1, Math.ceil(ms / 1000));
  return `${PLATFORM_NAMES[platform]} is rate-limiting requests; try again in ${seconds} seconds.`;
}

/**
 * One request. 401/403 → PRECONDITION_FAILED with the "key was refused" sentence (unless `refusal` says what the
 * platform means by it on this endpoint), 429 → TOO_MANY_REQUESTS with Retry-After, 5xx → BAD_GATEWAY,
 * network/timeout → BAD_GATEWAY/GATEWAY_TIMEOUT, other 4xx → BAD_REQUEST with the platform's own words.
 */
export async function platformCall<T = unknown>(
  http: PlatformHttp,
  path: string,
  init: { method?: string; json?: unknown; refusal?: (status: number, message: string) => string | null } = {},
): Promise<PlatformAnswer<T>> {
  const name = PLATFORM_NAMES[http.platform];
  const timeoutMs = http.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  let answer: VendorAnswer;
  try {
    answer = await callVendor(name, {
      url: `${http.base}${path}`,
      method: init.method ?? 'GET',
      auth: http.headers,
      headers: init.json !== undefined ? { 'content-type': 'application/json' } : {},
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      timeoutMs,
      fetch: http.fetch,
    });
  } catch (err) {
    if (!(err instanceof VendorError)) throw err;
    if (err.reason === 'timeout') {
      const seconds = Math.max(1, Math.round(timeoutMs / 1000));
      throw new AppError('GATEWAY_TIMEOUT', `${name} did not answer within ${seconds} second${seconds === 1 ? '' : 's'}; try again later.`);
    }
    if (err.status === undefined) throw new AppError('BAD_GATEWAY', `${name} could not be reached; try again later.`);
    throw refusal(http, init, err.status, err.details.body, err.details.text ?? '', err.retryAfterMs);
  }
  if (answer.status >= 200 && answer.status < 300) return { status: answer.status, body: answer.body as T };
  throw refusal(http, init, answer.status, answer.body, answer.text, undefined);
}

/** The AppError for a non-2xx answer (its body and text are already scrubbed of the key). */
function refusal(
  http: PlatformHttp,
  init: { refusal?: (status: number, message: string) => string | null },
  status: number,
  body: unknown,
  text: string,
  retryMs: number | undefined,
): AppError {
  const name = PLATFORM_NAMES[http.platform];
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  const said = typeof detail === 'string' && detail ? detail.slice(0, 300) : vendorMessage(body, text);
  const special = init.refusal?.(status, said);
  // A refused key is a precondition of the connection failing (412), not our own permission check (403).
  if (special) return new AppError(status === 403 || status === 401 ? 'PRECONDITION_FAILED' : 'BAD_REQUEST', special);
  if (status === 401 || status === 403) return new AppError('PRECONDITION_FAILED', refusedKeyMessage(http.platform));
  if (status === 429) return new AppError('TOO_MANY_REQUESTS', rateLimitedMessage(http.platform, retryMs));
  if (status === 404) return new AppError('NOT_FOUND', `${name} does not know this item any more (it may have been deleted there).`);
  if (status >= 500) return new AppError('BAD_GATEWAY', `${name} had a server error (${status}); try again later.`);
  if (status >= 300 && status < 400) return new AppError('BAD_GATEWAY', `${name} answered with a redirect (${status}).`);
  return new AppError('BAD_REQUEST', `${name} refused the request: ${said}`);
}
