// The one guarded call to a vendor's HTTP API (mail providers, publishing platforms, the AI model): a
// deadline joined to the caller's signal, redirects never followed, the vendor's refusal of the key
// (401/403), rate limit (429, with Retry-After read) and outage (5xx) turned into one typed VendorError,
// and the credentials the request carries scrubbed from every text that comes back from a failure.
// Callers turn a VendorError into their own domain's error and sentence.

export const DEFAULT_VENDOR_TIMEOUT_MS = 10_000;

/** What went wrong, so each caller can say it in its own words. */
export type VendorFailure =
  | 'timeout' // no (whole) answer within the deadline
  | 'canceled' // the caller's signal stopped the call
  | 'unreachable' // DNS, refused or reset connection, TLS
  | 'refused' // 401/403: the key is wrong or lacks a permission
  | 'rate-limited' // 429
  | 'server-error' // 5xx
  | 'redirect' // 3xx: never followed
  | 'rejected'; // any other non-2xx (only openVendor, whose callers stream and read no 4xx body)

export class VendorError extends Error {
  constructor(
    readonly vendor: string,
    readonly reason: VendorFailure,
    message: string,
    readonly details: {
      status?: number;
      /** From Retry-After or the vendors' rate-limit reset headers; undefined when none was sent. */
      retryAfterMs?: number;
      /** The answer's body, parsed when JSON, with every credential replaced by [hidden]. */
      body?: unknown;
      text?: string;
      /** ECONNREFUSED, ENOTFOUND ... for 'unreachable'. */
      networkCode?: string;
      /** The deadline that ran out, for 'timeout'. */
      timeoutMs?: number;
    } = {},
  ) {
    super(message);
    this.name = 'VendorError';
  }
  get status() {
    return this.details.status;
  }
  get retryAfterMs() {
    return this.details.retryAfterMs;
  }
}

export interface VendorRequest {
  url: string;
  method?: string;
  /** Credential headers: sent with the request, and every form of their values scrubbed from what comes back. */
  auth?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | FormData;
  signal?: AbortSignal;
  /** callVendor: until the whole answer is read; openVendor: until the response headers. Default 10 s. */
  timeoutMs?: number;
  /** A stand-in for the global fetch (tests). */
  fetch?: typeof fetch;
}

export interface VendorAnswer {
  status: number;
  /** Parsed JSON, or null for an empty or non-JSON body. */
  body: unknown;
  text: string;
  headers: Headers;
}

const MASK = '[hidden]';

/** "30 seconds", "1 second", "0.2 seconds". */
export function secondsText(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return `${s} second${s === 1 ? '' : 's'}`;
}

/** Every form a credential header value can be echoed in: as sent, without its scheme, and Basic's decoded user:key and key. */
export function credentialForms(value: string): string[] {
  const bare = value.replace(/^(Bearer|Basic)\s+/i, '');
  if (!/^Basic\s/i.test(value)) return [value, bare];
  const decoded = Buffer.from(bare, 'base64').toString('utf8');
  return [value, bare, decoded, decoded.slice(decoded.indexOf(':') + 1)];
}

/** The text with every secret replaced; very short values are left (they would mangle ordinary words). */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  // Longest first, so a key is not half-replaced by a shorter form of itself.
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) if (s.length >= 6) out = out.split(s).join(MASK);
  return out;
}

/** Milliseconds to wait from Retry-After (seconds or an HTTP date) or the vendors' reset headers. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after') ?? headers.get('x-sib-ratelimit-reset') ?? headers.get('ratelimit-reset') ?? headers.get('x-ratelimit-reset');
  if (!value?.trim()) return undefined;
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

/** ECONNREFUSED, ENOTFOUND, ... from undici's "fetch failed" error (a single cause or an AggregateError's). */
function networkCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | null)?.cause;
  const code = cause?.code ?? cause?.errors?.find((e) => typeof e?.code === 'string')?.code;
  return typeof code === 'string' ? code : undefined;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

interface Call {
  res: Response;
  secrets: string[];
  /** Reads the body under the same deadline, mapping a timeout or a cut connection. */
  read: () => Promise<string>;
  /** Stops the deadline (the body is then read under the caller's own rules). */
  release: () => void;
}

async function start(vendor: string, req: VendorRequest): Promise<Call> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_VENDOR_TIMEOUT_MS;
  const secrets = Object.values(req.auth ?? {}).flatMap(credentialForms);
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort();
  }, timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, deadline.signal]) : deadline.signal;
  const failed = (err: unknown): VendorError => {
    clearTimeout(timer);
    if (timedOut) return new VendorError(vendor, 'timeout', `${vendor} did not answer within ${secondsText(timeoutMs)}`, { timeoutMs });
    if (req.signal?.aborted) return new VendorError(vendor, 'canceled', `${vendor}: the call was canceled`);
    const code = networkCode(err);
    return new VendorError(vendor, 'unreachable', `${vendor} could not be reached${code ? ` (${code})` : ''}`, { networkCode: code });
  };
  let res: Response;
  try {
    res = await (req.fetch ?? fetch)(req.url, {
      method: req.method ?? 'GET',
      headers: { accept: 'application/json', ...req.headers, ...req.auth },
      body: req.body,
      signal,
      // Vendors' APIs do not redirect; following one could carry the key to another host.
      redirect: 'manual',
    });
  } catch (err) {
    throw failed(err);
  }
  return {
    res,
    secrets,
    release: () => clearTimeout(timer),
    read: async () => {
      try {
        return await res.text();
      } catch (err) {
        throw failed(err);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The failure a non-2xx answer is, or null for a status the caller reads itself (other 4xx). */
function failureOf(vendor: string, status: number, headers: Headers, body: unknown, text: string): VendorError | null {
  const said = vendorMessage(body, text);
  const details = { status, body, text };
  if (status === 401 || status === 403) return new VendorError(vendor, 'refused', `${vendor} refused the API key (${status}): ${said}`, details);
  if (status === 429)
    return new VendorError(vendor, 'rate-limited', `${vendor} is rate limiting us (429)`, { ...details, retryAfterMs: retryAfterMs(headers) });
  if (status >= 500)
    return new VendorError(vendor, 'server-error', `${vendor} had a server error (${status}): ${said}`, { ...details, retryAfterMs: retryAfterMs(headers) });
  if (status >= 300 && status < 400) return new VendorError(vendor, 'redirect', `${vendor} answered with a redirect (${status}); check the base URL`, details);
  return null;
}

/**
 * One request, its whole answer read. Throws VendorError for what fails the call (no answer, 3xx, 401/403,
 * 429, 5xx); returns 2xx and the other 4xx answers (400/404/409/422...), whose meaning only the caller
 * knows. The text and body of a non-2xx answer are already scrubbed of the request's credentials.
 */
export async function callVendor(vendor: string, req: VendorRequest): Promise<VendorAnswer> {
  const call = await start(vendor, req);
  const raw = await call.read();
  const { status, headers } = call.res;
  const text = status >= 200 && status < 300 ? raw : scrubSecrets(raw, call.secrets);
  const body = parse(text);
  const failure = failureOf(vendor, status, headers, body, text);
  if (failure) throw failure;
  return { status, body, text, headers };
}

/**
 * One request whose 2xx body the caller streams: resolves with the response once its headers arrived
 * (the deadline ends there; the caller's signal still stops the body). Every non-2xx answer is read,
 * scrubbed and thrown as a VendorError ('rejected' for the 4xx that callVendor hands back).
 */
export async function openVendor(vendor: string, req: VendorRequest): Promise<Response> {
  const call = await start(vendor, req);
  const { status, headers } = call.res;
  if (status >= 200 && status < 300) {
    call.release();
    return call.res;
  }
  const text = scrubSecrets(await call.read(), call.secrets);
  const body = parse(text);
  throw (
    failureOf(vendor, status, headers, body, text) ??
    new VendorError(vendor, 'rejected', `${vendor} refused the request (${status}): ${vendorMessage(body, text)}`, { status, body, text })
  );
}
