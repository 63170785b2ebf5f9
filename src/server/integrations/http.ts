// The one HTTP call every platform connector makes: a 10 s timeout, JSON in and out, and the platform's
// refusals turned into AppErrors with sentences a creator can act on. The API key travels only in the
// request headers; no message, log line or error built here ever contains it.
import { AppError } from '../errors';
import { retryAfterMs, vendorMessage } from '../mail/transports/http';
import type { IntegrationPlatform } from '../../../db/schema/integrations';
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

export function rateLimitedMessage(platform: IntegrationPlatform, headers: Headers): string {
  const ms = retryAfterMs(headers);
  const seconds = ms === undefined ? 60 : Math.max(1, Math.ceil(ms / 1000));
  return `${PLATFORM_NAMES[platform]} is rate-limiting requests; try again in ${seconds} seconds.`;
}

/** Every form a credential header value can be echoed in: as sent, without its scheme, and Basic's decoded user:key and key. */
function secretsOf(value: string): string[] {
  const bare = value.replace(/^(Bearer|Basic)\s+/i, '');
  if (!/^Basic\s/i.test(value)) return [value, bare];
  const decoded = Buffer.from(bare, 'base64').toString('utf8');
  return [value, bare, decoded, decoded.slice(decoded.indexOf(':') + 1)];
}

/** The key must never leave in a message, even if a platform echoes it back. */
function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 6) out = out.split(s).join('[hidden]');
  return out;
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
  const secrets = Object.values(http.headers).flatMap(secretsOf);
  let res: Response;
  let text: string;
  try {
    res = await (http.fetch ?? fetch)(`${http.base}${path}`, {
      method: init.method ?? 'GET',
      headers: { accept: 'application/json', ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...http.headers },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    text = await res.text();
  } catch (err) {
    if ((err as { name?: string }).name === 'TimeoutError') {
      const seconds = Math.max(1, Math.round(timeoutMs / 1000));
      throw new AppError('GATEWAY_TIMEOUT', `${name} did not answer within ${seconds} second${seconds === 1 ? '' : 's'}; try again later.`);
    }
    throw new AppError('BAD_GATEWAY', `${name} could not be reached; try again later.`);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const status = res.status;
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  const said = scrub(typeof detail === 'string' && detail ? detail.slice(0, 300) : vendorMessage(body, text), secrets);
  if (status >= 200 && status < 300) return { status, body: body as T };
  const special = init.refusal?.(status, said);
  // A refused key is a precondition of the connection failing (412), not our own permission check (403).
  if (special) throw new AppError(status === 403 || status === 401 ? 'PRECONDITION_FAILED' : 'BAD_REQUEST', special);
  if (status === 401 || status === 403) throw new AppError('PRECONDITION_FAILED', refusedKeyMessage(http.platform));
  if (status === 429) throw new AppError('TOO_MANY_REQUESTS', rateLimitedMessage(http.platform, res.headers));
  if (status === 404) throw new AppError('NOT_FOUND', `${name} does not know this item any more (it may have been deleted there).`);
  if (status >= 500) throw new AppError('BAD_GATEWAY', `${name} had a server error (${status}); try again later.`);
  if (status >= 300 && status < 400) throw new AppError('BAD_GATEWAY', `${name} answered with a redirect (${status}).`);
  throw new AppError('BAD_REQUEST', `${name} refused the request: ${said}`);
}
