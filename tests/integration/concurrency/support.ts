// Concurrency test helpers: fire calls together and sort what came back into successes and refusals
// (HTTP status and message), so a test can assert the exact split a check-then-write rule allows.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';

export interface Refusal {
  status: number;
  message: string;
}

export interface Outcomes<T> {
  ok: T[];
  refused: Refusal[];
}

/** Settles every call; a failure that is not an answer the API gives (a crash, a driver error) fails the test. */
export async function together<T>(calls: Promise<T>[]): Promise<Outcomes<T>> {
  const settled = await Promise.allSettled(calls);
  const out: Outcomes<T> = { ok: [], refused: [] };
  for (const s of settled) {
    if (s.status === 'fulfilled') out.ok.push(s.value);
    else if (s.reason instanceof TRPCError && s.reason.code !== 'INTERNAL_SERVER_ERROR')
      out.refused.push({ status: getHTTPStatusCodeFromError(s.reason), message: s.reason.message });
    else throw s.reason;
  }
  return out;
}

/** `n` copies of one answer or refusal, to compare a whole list at once. */
export const times = <T>(n: number, answer: T): T[] => Array.from({ length: n }, () => answer);
