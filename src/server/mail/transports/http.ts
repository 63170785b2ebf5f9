// What the API transports (Brevo, Resend, Mailgun, Postmark) share on top of the guarded vendor call
// (net/vendor-http.ts): its failures as TransportError (429/5xx/network retryable, 401/403 and redirects
// not), the rule that a user-given base URL may only point at the vendor's own host (or FETCH_ALLOW_HOSTS),
// mailbox splitting, batch keys and the parallel calls of one send.
import { createHash } from 'node:crypto';
import { hostKey } from '../../net/address-guard';
import { callVendor, vendorMessage, VendorError, type VendorAnswer, type VendorRequest } from '../../net/vendor-http';
import { TransportError } from '../transport';

export interface HttpTransportOptions {
  /** host:port keys from FETCH_ALLOW_HOSTS that a base URL may also name (loopback fakes in tests). */
  allowHosts?: Set<string>;
  /** Per-call timeout; the default is 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

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

/**
 * One request. Throws TransportError for what fails the whole call; returns 2xx and other 4xx answers
 * (400/404/409/422) to the caller, which knows what the vendor means by them. `auth` holds the
 * credential headers, which never appear in an error.
 */
export async function callProvider(
  vendor: string,
  req: Pick<VendorRequest, 'url' | 'method' | 'auth' | 'headers' | 'body'>,
  signal: AbortSignal | undefined,
  opts: HttpTransportOptions,
): Promise<VendorAnswer> {
  try {
    return await callVendor(vendor, { ...req, signal, timeoutMs: opts.timeoutMs, fetch: opts.fetch });
  } catch (err) {
    if (!(err instanceof VendorError)) throw err;
    const retryable = err.reason !== 'refused' && err.reason !== 'redirect';
    throw new TransportError(err.message, retryable, err.status, err.retryAfterMs);
  }
}

/** The same refusal for every message of a batch the vendor rejected as a whole (400, 422...). */
export function refuseAll<T>(messages: T[], vendor: string, answer: VendorAnswer) {
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
