// The one SSRF-safe HTTP client for user-given addresses: http(s) only, every connected IP checked,
// redirects followed by hand (each re-checked, at most 3), timeouts, a byte cap on the decoded body,
// conditional GET, and a small per-host concurrency limit.
import { fetch, type Dispatcher } from 'undici';
import pLimit, { type LimitFunction } from 'p-limit';
import { assertFetchableUrl, BlockedAddressError, hostKey, parseAllowHosts } from '../net/address-guard';
import { guardedAgent } from '../net/guarded-agent';

export const USER_AGENT = 'Curated/1.0 (newsletter feed reader; +https://curated.email/bot)';
export const MAX_REDIRECTS = 3;
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
const CONNECT_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 15_000;
const PER_HOST = 4;

export type FetchFailure = 'blocked' | 'timeout' | 'too_large' | 'redirects' | 'http' | 'network';

export class FetchError extends Error {
  constructor(
    readonly kind: FetchFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface FetchOptions {
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  /** Whole-request limit; tests of slow servers pass a small one. */
  timeoutMs?: number;
  maxBytes?: number;
  /** HEAD asks whether an address answers without its body (the pre-send link check). */
  method?: 'GET' | 'HEAD';
}

export interface FetchResult {
  /** The final address after redirects. */
  url: string;
  status: number;
  notModified: boolean;
  body: Buffer;
  contentType: string;
  etag: string | null;
  lastModified: string | null;
}

export interface SafeFetcher {
  fetch(url: string, opts?: FetchOptions): Promise<FetchResult>;
  close(): Promise<void>;
}

/** Runs fn under its host's limit of `perHost` at once; idle hosts are forgotten so the map does not grow without bound. */
export function hostLimiter(perHost: number) {
  const hostLimits = new Map<string, LimitFunction>();
  return async <T>(url: URL, fn: () => Promise<T>): Promise<T> => {
    const key = hostKey(url);
    let l = hostLimits.get(key);
    if (!l) hostLimits.set(key, (l = pLimit(perHost)));
    try {
      return await l(fn);
    } finally {
      if (l.activeCount === 0 && l.pendingCount === 0) hostLimits.delete(key);
    }
  };
}

/** The request's headers: ours, the feed types asked for, and the conditional GET's validators. */
export function requestHeaders(opts: FetchOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept:
      opts.accept ??
      'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
  if (opts.etag) headers['if-none-match'] = opts.etag;
  if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
  return headers;
}

/** The decoded body, refused past `maxBytes` (declared, or counted while it arrives). */
export async function readCapped(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes && !res.headers.get('content-encoding')) {
    await res.body?.cancel().catch(() => undefined);
    throw new FetchError('too_large', `The response is larger than ${maxBytes / 1024 / 1024} MB`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FetchError('too_large', `The response is larger than ${maxBytes / 1024 / 1024} MB`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** The checked address a redirect leads to (relative to `from`); refused without one, or after MAX_REDIRECTS. */
export function redirectTarget(res: Pick<Response, 'status' | 'headers'>, from: URL, hop: number, allow: ReturnType<typeof parseAllowHosts>): URL {
  const location = res.headers.get('location');
  if (!location) throw new FetchError('http', `Redirect without a location (HTTP ${res.status})`, res.status);
  if (hop >= MAX_REDIRECTS) throw new FetchError('redirects', `Too many redirects (more than ${MAX_REDIRECTS})`);
  return assertFetchableUrl(new URL(location, from), allow);
}

/** One request without following redirects, under the whole request's signal. */
type Send = (url: URL, opts: FetchOptions, signal: AbortSignal) => Promise<Response>;

/** The answer at `start`, redirects followed by hand; every failure is a FetchError. */
export async function fetchFollowing(start: URL, opts: FetchOptions, allow: ReturnType<typeof parseAllowHosts>, send: Send): Promise<FetchResult> {
  const timeoutMs = opts.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = start;
  try {
    for (let hop = 0; ; hop++) {
      const res = await send(url, opts, signal);
      const { status, headers } = res;
      if (status >= 300 && status < 400 && status !== 304) {
        await res.body?.cancel().catch(() => undefined);
        url = redirectTarget(res, url, hop, allow);
        continue;
      }
      if (status === 304) {
        await res.body?.cancel().catch(() => undefined);
        const validators = { etag: headers.get('etag') ?? opts.etag ?? null, lastModified: headers.get('last-modified') ?? opts.lastModified ?? null };
        return { url: url.href, status, notModified: true, body: Buffer.alloc(0), contentType: '', ...validators };
      }
      if (status < 200 || status >= 300) {
        await res.body?.cancel().catch(() => undefined);
        throw new FetchError('http', `The server answered HTTP ${status}`, status);
      }
      const body = await readCapped(res, opts.maxBytes ?? MAX_BODY_BYTES);
      const validators = { etag: headers.get('etag'), lastModified: headers.get('last-modified') };
      return { url: url.href, status, notModified: false, body, contentType: headers.get('content-type') ?? '', ...validators };
    }
  } catch (err) {
    throw toFetchError(err, signal, timeoutMs);
  }
}

export function createFetcher(allowHostsValue: string): SafeFetcher {
  const allow = parseAllowHosts(allowHostsValue);
  const agent = guardedAgent(allow, { connections: PER_HOST, connectTimeoutMs: CONNECT_TIMEOUT_MS });
  const limited = hostLimiter(PER_HOST);
  const send: Send = (url, opts, signal) =>
    limited(url, async () => {
      const res = await fetch(url, {
        method: opts.method ?? 'GET',
        headers: requestHeaders(opts),
        redirect: 'manual',
        signal,
        dispatcher: agent as Dispatcher,
      });
      return res as unknown as Response;
    });
  return {
    fetch: (raw, opts = {}) => {
      let url: URL;
      try {
        url = assertFetchableUrl(raw, allow);
      } catch (err) {
        return Promise.reject(toFetchError(err, null, 0));
      }
      return fetchFollowing(url, opts, allow, send);
    },
    close: () => agent.close(),
  };
}

function toFetchError(err: unknown, signal: AbortSignal | null, timeoutMs: number): FetchError {
  if (err instanceof FetchError) return err;
  let e: unknown = err;
  // undici wraps connector errors as "fetch failed" with the real one as cause.
  for (let i = 0; i < 4 && e instanceof Error; i++) {
    if (e instanceof BlockedAddressError) return new FetchError('blocked', 'This address is not allowed');
    if (e instanceof FetchError) return e;
    if (e.name === 'ConnectTimeoutError') return new FetchError('timeout', 'Connecting to the server timed out');
    if (!e.cause) break;
    e = e.cause;
  }
  if (signal?.aborted) return new FetchError('timeout', `The server did not answer within ${Math.round(timeoutMs / 1000)} s`);
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new FetchError('network', 'The site could not be found');
  if (code === 'ECONNREFUSED') return new FetchError('network', 'The server refused the connection');
  return new FetchError('network', `Could not reach the server${e instanceof Error && e.message ? ` (${e.message})` : ''}`);
}
