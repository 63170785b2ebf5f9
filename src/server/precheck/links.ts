// Does every link of an issue answer? HEAD first, GET when a server refuses HEAD, through the one
// SSRF-safe fetcher; a few at once, a deadline per link and one for the whole check, so a host that
// hangs is reported as "did not answer" and never holds up a send.
//
// Answers are cached in this process's memory for a while, not in the database: a link's answer is
// advice that may go stale anyway, and a process that has not seen a link simply asks again (bounded
// by the same deadlines); nothing about it must agree across processes, so it needs no shared state.
import pLimit from 'p-limit';
import { FetchError, type SafeFetcher } from '../feeds/fetcher';

export type LinkStatus = 'ok' | 'broken' | 'unanswered' | 'blocked';

export interface LinkAnswer {
  url: string;
  status: LinkStatus;
  /** The HTTP status or the fetcher's reason, for the finding's detail. */
  reason: string;
}

export interface LinkCheckOptions {
  fetcher: SafeFetcher;
  now: () => Date;
  /** Per link (HEAD and the GET fallback together). */
  perLinkMs?: number;
  /** For the whole check: links still waiting then are "did not answer". */
  overallMs?: number;
  concurrency?: number;
  /** Only answers already known: no request is made (the send's own record of the check). */
  cacheOnly?: boolean;
}

export const LINK_DEFAULTS = { perLinkMs: 5_000, overallMs: 12_000, concurrency: 6 } as const;
const OK_TTL_MS = 30 * 60_000;
/** Failures are kept briefly: the creator may fix the page and check again. */
const FAIL_TTL_MS = 2 * 60_000;
const MAX_CACHED = 5_000;

const cache = new Map<string, { answer: LinkAnswer; until: number }>();

export function clearLinkCache() {
  cache.clear();
}

function remember(answer: LinkAnswer, now: number) {
  if (cache.size >= MAX_CACHED) {
    for (const [k, v] of cache) if (v.until <= now || cache.size >= MAX_CACHED) cache.delete(k);
  }
  cache.set(answer.url, { answer, until: now + (answer.status === 'ok' ? OK_TTL_MS : FAIL_TTL_MS) });
}

export function cachedAnswer(url: string, now: number): LinkAnswer | undefined {
  const hit = cache.get(url);
  if (hit && hit.until > now) return hit.answer;
  if (hit) cache.delete(url);
  return undefined;
}

/** Servers that refuse or mishandle HEAD say so with these; the same address is then asked with GET. */
const HEAD_REFUSED = new Set([403, 404, 405, 429, 500, 501, 503]);

async function askOnce(fetcher: SafeFetcher, url: string, timeoutMs: number): Promise<LinkAnswer> {
  const started = Date.now();
  try {
    await fetcher.fetch(url, { method: 'HEAD', timeoutMs, accept: '*/*' });
    return { url, status: 'ok', reason: 'HTTP 200' };
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    if (err.kind === 'blocked') return { url, status: 'blocked', reason: err.message };
    if (err.kind === 'timeout') return { url, status: 'unanswered', reason: err.message };
    if (err.kind !== 'http' || !HEAD_REFUSED.has(err.status ?? 0)) return { url, status: 'broken', reason: err.message };
  }
  const left = Math.max(1, timeoutMs - (Date.now() - started));
  try {
    // Only the status matters: a small cap ends the download early, and a capped body still answered.
    await fetcher.fetch(url, { timeoutMs: left, maxBytes: 64 * 1024, accept: '*/*' });
    return { url, status: 'ok', reason: 'HTTP 200' };
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    if (err.kind === 'too_large') return { url, status: 'ok', reason: 'answered' };
    if (err.kind === 'timeout') return { url, status: 'unanswered', reason: err.message };
    if (err.kind === 'blocked') return { url, status: 'blocked', reason: err.message };
    return { url, status: 'broken', reason: err.message };
  }
}

/** One answer per distinct address, in the order given; never throws, never takes longer than `overallMs` (plus a tick). */
export async function checkLinks(urls: string[], opts: LinkCheckOptions): Promise<LinkAnswer[]> {
  const distinct = [...new Set(urls)];
  const perLinkMs = opts.perLinkMs ?? LINK_DEFAULTS.perLinkMs;
  const overallMs = opts.overallMs ?? LINK_DEFAULTS.overallMs;
  const answers = new Map<string, LinkAnswer>();
  const todo: string[] = [];
  const now = () => opts.now().getTime();
  for (const url of distinct) {
    const hit = cachedAnswer(url, now());
    if (hit) answers.set(url, hit);
    else if (opts.cacheOnly) answers.set(url, { url, status: 'unanswered', reason: 'not checked before the send' });
    else todo.push(url);
  }
  if (todo.length) {
    const limit = pLimit(opts.concurrency ?? LINK_DEFAULTS.concurrency);
    const deadline = AbortSignal.timeout(overallMs);
    const work = Promise.all(
      todo.map((url) =>
        limit(async () => {
          if (deadline.aborted) return;
          const answer = await askOnce(opts.fetcher, url, perLinkMs).catch((err: unknown) => ({
            url,
            status: 'broken' as const,
            reason: err instanceof Error ? err.message : 'Could not reach the server',
          }));
          answers.set(url, answer);
          remember(answer, now());
        }),
      ),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, overallMs)))]);
    clearTimeout(timer);
    limit.clearQueue();
  }
  return distinct.map(
    (url) => answers.get(url) ?? { url, status: 'unanswered', reason: `The check ended after ${Math.round(overallMs / 1000)} s before this link answered` },
  );
}
