// deliver: one batch through a chain of providers, the only way messages reach a transport. Retries
// a provider's passing failures (429, 5xx, network, timeout) with capped exponential backoff, then
// falls back to the next; an auth refusal falls back at once. Per-message refusals are final. Every
// call is bounded by a timeout. (Mailer.send is the product's own one-message form of it.)
import type { ChainEntry } from './chain';
import { TransportError, type DeliveryResult, type OutgoingMessage } from './transport';

export interface DeliveredMessage {
  result: DeliveryResult;
  /** The chain entry that answered for this message; null when no provider could take the batch. */
  entry: ChainEntry | null;
}

export interface DeliveryOutcome {
  /** In the order of the messages given. */
  results: DeliveredMessage[];
  /** Set when every provider failed the whole call: the batch was not sent (each result is retryable). */
  outage: string | null;
  /** What failed on the way, one line per attempt ("Brevo: rate limited (429)"). */
  errors: string[];
}

export interface DeliverOptions {
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  log?: (line: string) => void;
  /** Attempts per provider for passing failures (3). */
  maxRetries?: number;
  /** First backoff (500 ms), doubled per attempt up to maxDelayMs (4 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Bound on one provider call (30 s); a provider that hangs loses its turn. */
  callTimeoutMs?: number;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** Resolves or rejects with `p`, or rejects as soon as `signal` aborts (a hung call is left behind). */
function bounded<T>(p: Promise<T>, signal: AbortSignal, label: string): Promise<T> {
  if (signal.aborted) return Promise.reject(new TransportError(`${label}: no answer in time`, true));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new TransportError(`${label}: no answer in time`, true));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export async function deliver(chain: ChainEntry[], messages: OutgoingMessage[], opts: DeliverOptions = {}): Promise<DeliveryOutcome> {
  const sleep = opts.sleep ?? defaultSleep;
  const maxRetries = Math.max(1, opts.maxRetries ?? 3);
  const baseDelay = opts.baseDelayMs ?? 500;
  const maxDelay = opts.maxDelayMs ?? 4_000;
  const callTimeout = opts.callTimeoutMs ?? 30_000;
  const errors: string[] = [];

  for (const entry of chain) {
    for (let attempt = 1; attempt <= maxRetries; attempt++) {
      if (opts.signal?.aborted) throw new TransportError('Sending was canceled', true);
      const timeout = AbortSignal.timeout(callTimeout);
      const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
      try {
        const results = await bounded(entry.transport.send(messages, signal), signal, entry.label);
        if (results.length !== messages.length)
          throw new TransportError(`${entry.label} answered ${results.length} results for ${messages.length} messages`, false);
        return { results: results.map((result) => ({ result, entry })), outage: null, errors };
      } catch (err) {
        if (opts.signal?.aborted) throw new TransportError('Sending was canceled', true);
        const te = err instanceof TransportError ? err : null;
        const line = `${entry.label}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300);
        errors.push(line);
        opts.log?.(`delivery: ${line} (attempt ${attempt} of ${maxRetries})`);
        // Unknown errors are bugs in a transport; another provider may still carry the mail.
        if (!te?.retryable || attempt === maxRetries) break;
        const wait = Math.max(te.retryAfterMs ?? 0, baseDelay * 2 ** (attempt - 1));
        // A provider asking for a longer pause than we wait gives its turn to the next one.
        if (wait > maxDelay) break;
        await sleep(wait, opts.signal);
      }
    }
  }
  const outage = errors.length ? errors.join('; ') : 'No mail provider is configured';
  return { results: messages.map(() => ({ result: { ok: false, error: outage.slice(0, 500), retryable: true }, entry: null })), outage, errors };
}
