// The shared HTTP call of the API transports (Brevo, Resend, Mailgun, Postmark): one timeout joined to
// the caller's signal, vendor errors mapped to TransportError (429/5xx/network retryable, 401/403 not),
// and the rule that a user-given base URL may only point at the vendor's own host (or FETCH_ALLOW_HOSTS).
import { createHash } from 'node:crypto';
import { hostKey } from '../../net/address-guard';
import { TransportError } from '../transport';

export interface HttpTransportOptions {
  /** host:port keys from FETCH_ALLOW_HOSTS that a base URL may also name (loopback fakes in tests). */
  allowHosts?: Set<string>;
  /** Per-call timeout; the default is 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The base URL to use: the vendor's default, or a user-given one whose host is one of `vendorHosts`
 * or listed in allowHosts. Returns an error sentence instead of throwing so settings forms can show it.
 */
export function resolveBaseUrl(
  given: string | undefined,
  fallback: string,
  vendorHosts: string[],
  allowHosts: Set<string> | undefined,
  vendor: string,
): { url: string } | { error: string } {
  if (!given) return { url: fallback };
  let u: URL;
  try {
    u = new URL(given);
  } catch {
    return { error: 'Base URL must be an http(s) address' };
  }
  if (u.username || u.password) return { error: 'Base URL must not carry a user name or password' };
  const vendorOk = u.protocol === 'https:' && vendorHosts.includes(u.hostname.toLowerCase());
  if (!vendorOk && !allowHosts?.has(hostKey(u))) return { error: `Base URL must be ${vendor}'s own API address (${vendorHosts.join(' or ')})` };
  return { url: `${u.origin}${u.pathname.replace(/\/+$/, '')}` };
}

/** The resolved base URL, or a TransportError that no retry can fix. */
export function baseOrThrow(base: { url: string } | { error: string }): string {
  if ('error' in base) throw new TransportError(base.error, false);
  return base.url;
}

/** Milliseconds to wait from Retry-After (seconds or an HTTP date) or the vendors' reset headers. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after') ?? headers.get('x-sib-ratelimit-reset') ?? headers.get('ratelimit-reset') ?? headers.get('x-ratelimit-reset');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) {
    // Some vendors send an epoch time in their reset header rather than a delay.
    if (seconds > 1e9) return Math.max(0, seconds * 1000 - now);
    return seconds * 1000;
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The vendor's own error sentence from a JSON or text body, trimmed. */
export function vendorMessage(body: unknown, text: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const m = b.message ?? b.Message ?? b.error ?? b.name;
    if (typeof m === 'string' && m) return m.slice(0, 300);
    if (m && typeof m === 'object' && typeof (m as { message?: unknown }).message === 'string') return String((m as { message: string }).message).slice(0, 300);
  }
  return text.trim().slice(0, 300) || 'no details given';
}

export interface HttpAnswer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/**
 * One request. Throws TransportError for what fails the whole call; returns 2xx and other 4xx answers
 * (400/404/409/422) to the caller, which knows what the vendor means by them.
 */
export async function callVendor(
  vendor: string,
  req: { url: string; method?: string; headers: Record<string, string>; body?: string | URLSearchParams | FormData },
  signal: AbortSignal | undefined,
  opts: HttpTransportOptions,
): Promise<HttpAnswer> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let res: Response;
  let text: string;
  try {
    res = await (opts.fetch ?? fetch)(req.url, {
      method: req.method ?? 'GET',
      headers: { accept: 'application/json', ...req.headers },
      body: req.body,
      signal: combined,
      // A redirect could lead a user-given base URL anywhere; vendors' APIs do not redirect.
      redirect: 'manual',
    });
    text = await res.text();
  } catch (err) {
    if (timeout.aborted) throw new TransportError(`${vendor} did not answer within ${Math.round(timeoutMs / 1000)} s`, true);
    if (signal?.aborted) throw new TransportError(`${vendor}: the call was canceled`, true);
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    throw new TransportError(`${vendor} could not be reached${cause ? ` (${cause})` : ''}`, true);
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const status = res.status;
  if (status === 401 || status === 403) throw new TransportError(`${vendor} refused the API key (${status}): ${vendorMessage(body, text)}`, false, status);
  if (status === 429) throw new TransportError(`${vendor} is rate limiting us (429)`, true, status, retryAfterMs(res.headers));
  if (status >= 500)
    throw new TransportError(`${vendor} had a server error (${status}): ${vendorMessage(body, text)}`, true, status, retryAfterMs(res.headers));
  if (status >= 300 && status < 400) throw new TransportError(`${vendor} answered with a redirect (${status}); check the base URL`, false, status);
  return { status, body, text, headers: res.headers };
}

/** The same refusal for every message of a batch the vendor rejected as a whole (400, 422...). */
export function refuseAll<T>(messages: T[], vendor: string, answer: HttpAnswer) {
  const error = `${vendor} refused the message (${answer.status}): ${vendorMessage(answer.body, answer.text)}`;
  return messages.map(() => ({ ok: false as const, error, retryable: false }));
}

/** Bare address and display name of a mailbox like 'Name <a@b.c>'. */
export function splitMailbox(mailbox: string): { email: string; name?: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(mailbox);
  if (!m) return { email: mailbox.trim() };
  const name = m[1]!.trim();
  return name ? { email: m[2]!.trim(), name } : { email: m[2]!.trim() };
}

/** A stable key for a batch from its messages' ids, so a retried call is recognised by the vendor. */
export function batchKey(ids: string[]): string {
  return createHash('sha256').update(ids.join('\n')).digest('hex');
}

/** The same key shaped as a UUID (Brevo wants one). */
export function batchUuid(ids: string[]): string {
  const h = batchKey(ids);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Runs one vendor call per group, `limit` at a time. When every call fails the first error is thrown
 * (the whole call failed: retry or fall back); when some went through, the failed groups' messages
 * become retryable per-message results so what was sent is not sent again.
 */
export async function sendGroups<M>(
  groups: M[][],
  limit: number,
  call: (group: M[]) => Promise<({ ok: true; providerMessageId: string } | { ok: false; error: string; retryable: boolean })[]>,
) {
  type R = Awaited<ReturnType<typeof call>>[number];
  const out: { results?: R[]; error?: unknown }[] = new Array(groups.length);
  let next = 0;
  const lane = async () => {
    while (next < groups.length) {
      const i = next++;
      try {
        out[i] = { results: await call(groups[i]!) };
      } catch (error) {
        out[i] = { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, groups.length) }, lane));
  const failed = out.filter((o) => o.error !== undefined);
  if (failed.length === out.length && failed.length > 0) throw failed[0]!.error;
  return out.flatMap(
    (o, i) => o.results ?? groups[i]!.map((): R => ({ ok: false, error: o.error instanceof Error ? o.error.message : String(o.error), retryable: true })),
  );
}
