// Every failure an /api/v1 operation can answer, by status, with the stable codes behind it: those of the
// request's own path through the handler (key, plan, rate limit, scope, body, Idempotency-Key) and those
// its route says its procedure gives. The OpenAPI document lists exactly these, and the handler logs any
// answer outside them, so the document and the answers cannot part without someone hearing of it.
import { TRPCError } from '@trpc/server';
import { statusOf } from '../../http/error-response';
import type { AppErrorCode } from '../../errors';
import type { V1Contract } from './contracts';
import type { ProcedureFailure } from './routes';

interface Failure {
  code: AppErrorCode | 'INTERNAL_SERVER_ERROR' | 'SERVICE_UNAVAILABLE';
  apiCode: string;
  /** Whether the operation can answer it. */
  applies: (c: V1Contract) => boolean;
}

const always = () => true;
const hasBody = (c: V1Contract) => c.route.method !== 'get';
const creates = (c: V1Contract) => !!c.route.creates;
const fails = (code: ProcedureFailure) => (c: V1Contract) => !!c.route.fails?.includes(code);

/** In the order a request meets them. */
const FAILURES: readonly Failure[] = [
  { code: 'UNAUTHORIZED', apiCode: 'invalid_api_key', applies: always },
  { code: 'FORBIDDEN', apiCode: 'plan_required', applies: always },
  { code: 'TOO_MANY_REQUESTS', apiCode: 'rate_limited', applies: always },
  { code: 'FORBIDDEN', apiCode: 'insufficient_scope', applies: (c) => c.scope === 'write' },
  { code: 'PAYLOAD_TOO_LARGE', apiCode: 'payload_too_large', applies: hasBody },
  { code: 'BAD_REQUEST', apiCode: 'malformed_json', applies: hasBody },
  // A body that is not an object, or input the procedure refuses past its schema (a cursor, a past date).
  { code: 'BAD_REQUEST', apiCode: 'bad_request', applies: (c) => hasBody(c) || c.input !== null },
  { code: 'BAD_REQUEST', apiCode: 'validation_failed', applies: (c) => c.input !== null },
  { code: 'BAD_REQUEST', apiCode: 'invalid_idempotency_key', applies: creates },
  { code: 'CONFLICT', apiCode: 'idempotency_key_in_progress', applies: creates },
  { code: 'UNPROCESSABLE_CONTENT', apiCode: 'idempotency_key_reused', applies: creates },
  { code: 'NOT_FOUND', apiCode: 'not_found', applies: fails('NOT_FOUND') },
  { code: 'FORBIDDEN', apiCode: 'forbidden', applies: fails('FORBIDDEN') },
  { code: 'CONFLICT', apiCode: 'conflict', applies: fails('CONFLICT') },
  { code: 'PRECONDITION_FAILED', apiCode: 'precondition_failed', applies: fails('PRECONDITION_FAILED') },
  { code: 'UNPROCESSABLE_CONTENT', apiCode: 'unprocessable_content', applies: fails('UNPROCESSABLE_CONTENT') },
  { code: 'INTERNAL_SERVER_ERROR', apiCode: 'internal_error', applies: always },
  { code: 'SERVICE_UNAVAILABLE', apiCode: 'service_unavailable', applies: always },
];

const WHAT: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'The API key is missing, invalid or revoked.',
  403: "The key's scope or the account's plan does not allow this.",
  404: 'No such item in this account.',
  409: 'The request conflicts with the current state.',
  412: 'A condition for this operation is not met.',
  413: 'The request body is too large.',
  422: 'The Idempotency-Key was already used for a different request.',
  429: 'Too many requests with this key; see the Retry-After header.',
  500: 'An unexpected failure on our side; nothing was changed.',
  503: 'The service is briefly unavailable; retry later.',
};

// The one status table of the app (tRPC's), as the handler's answers use it.
const statusOfCode = (code: Failure['code']) => statusOf(new TRPCError({ code }));

const memo = new WeakMap<V1Contract, ReadonlyMap<number, { description: string; codes: string[] }>>();

/** The statuses an operation can answer with an error, each with its stable codes (sorted by status). */
export function failuresOf(contract: V1Contract): ReadonlyMap<number, { description: string; codes: string[] }> {
  const known = memo.get(contract);
  if (known) return known;
  const out = new Map<number, { description: string; codes: string[] }>();
  for (const f of FAILURES) {
    if (!f.applies(contract)) continue;
    const status = statusOfCode(f.code);
    const entry = out.get(status) ?? { description: WHAT[status] ?? 'The request failed.', codes: [] };
    entry.codes.push(f.apiCode);
    out.set(status, entry);
  }
  const sorted = new Map([...out].sort((a, b) => a[0] - b[0]));
  memo.set(contract, sorted);
  return sorted;
}
