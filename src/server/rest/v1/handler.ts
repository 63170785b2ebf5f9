// /api/v1: the public API. A request is authenticated by its Bearer key only (never a cookie, so no
// CSRF question arises), checked against the account's plan, counted against the key's rate limit and
// the route's scope, and then calls the route's procedure through the same caller as every REST path;
// creates honour Idempotency-Key. Every request made with a valid key is recorded. Failures answer
// `{ error: { code, message } }` with a stable code.
import { Hono, type Context as HonoContext } from 'hono';
import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Deps } from '../../context';
import type { AppEnv } from '../../http/types';
import { AppError } from '../../errors';
import { sha256Hex } from '../../crypto';
import { createCaller } from '../../routers';
import { requestContext } from '../adapter';
import { fieldErrorsOf, appDataOf, toTRPCError } from '../../trpc/errors';
import { statusOf } from '../../http/error-response';
import { readCappedText } from '../../http/upload-limit';
import { MSG } from '../../../shared/messages';
import { API_KEY_MSG, assertApiAccess, authenticateKey, recordApiRequest, type ApiCaller } from '../../api/keys';
import { idempotent, type Answer } from '../../api/idempotency';
import { V1_CONTRACTS, baseType, type V1Contract } from './contracts';
import { buildOpenApiDocument } from './openapi';
import { failuresOf } from './failures';

const DEFAULT_MAX_BODY = 1024 * 1024;

/** The stable code of a failure: a domain's own (apiCode), a refused input, or tRPC's code in snake case. */
function codeOf(err: TRPCError): string {
  const own = appDataOf(err)?.apiCode;
  if (typeof own === 'string') return own;
  if (err.cause instanceof ZodError) return 'validation_failed';
  if (err.code === 'TOO_MANY_REQUESTS') return 'rate_limited';
  if (err.code === 'INTERNAL_SERVER_ERROR') return 'internal_error';
  return err.code.toLowerCase();
}

function v1Error(c: HonoContext<AppEnv>, deps: Deps, err: unknown, contract?: V1Contract) {
  const trpcErr = toTRPCError(err);
  const status = statusOf(trpcErr);
  if (status >= 500 && status !== 503) deps.log.error(`${c.req.method} ${c.req.path} failed`, trpcErr.cause ?? trpcErr);
  // Callers code against the document: an answer it does not list is a fault of ours, told once here.
  else if (contract && !failuresOf(contract).has(status))
    deps.log.error(`${contract.route.operationId} answered ${status} (${codeOf(trpcErr)}), which the API document does not list for it`);
  const message = status >= 500 && status !== 503 ? MSG.internalError : trpcErr.message;
  const fieldErrors = fieldErrorsOf(trpcErr);
  const retryAfterSeconds = appDataOf(trpcErr)?.retryAfterSeconds;
  if (typeof retryAfterSeconds === 'number') c.header('Retry-After', String(retryAfterSeconds));
  if (status === 401) c.header('WWW-Authenticate', 'Bearer realm="api"');
  return c.json(
    {
      error: {
        code: codeOf(trpcErr),
        message,
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(typeof retryAfterSeconds === 'number' ? { retryAfterSeconds } : {}),
      },
    },
    status,
  );
}

/** A GET's query as the procedure's input expects it: numbers and booleans from their text. */
function queryInput(contract: V1Contract, query: Record<string, string>): Record<string, unknown> {
  const shape = contract.rest?.shape ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    const type = shape[k] ? baseType(shape[k]) : 'string';
    out[k] = type === 'number' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : type === 'boolean' && (v === 'true' || v === 'false') ? v === 'true' : v;
  }
  return out;
}

function bodyInput(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', MSG.malformedJson, { apiCode: 'malformed_json' });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object.', { apiCode: 'bad_request' });
  return body as Record<string, unknown>;
}

type Procedure = (input: unknown) => Promise<unknown>;

function procedureOf(caller: ReturnType<typeof createCaller>, path: string): Procedure {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as Procedure;
}

export function v1Api(deps: Deps, remoteAddress: (c: HonoContext<AppEnv>) => string) {
  const app = new Hono<AppEnv>();
  const defaultLimit = deps.env.API_RATE_LIMIT_PER_MINUTE;
  let document: string | null = null;

  app.get('/openapi.json', (c) => {
    document ??= JSON.stringify(buildOpenApiDocument(deps.env.APP_URL, defaultLimit));
    return c.body(document, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Access-Control-Allow-Origin': '*',
    });
  });

  async function answer(
    c: HonoContext<AppEnv>,
    contract: V1Contract,
    caller: ApiCaller,
    ip: string,
  ): Promise<Answer & { replayed?: boolean; csv?: { filename: string; csv: string } }> {
    const { route } = contract;
    assertApiAccess(caller);
    // Each key its own window: the default, or the limit an Enterprise account set for it.
    await deps.limiter.hit(`api-key:${caller.keyId}`, { limit: caller.ratePerMinute ?? defaultLimit, windowMs: 60_000 });
    if (contract.scope === 'write' && caller.scope !== 'write') throw new AppError('FORBIDDEN', API_KEY_MSG.readOnly, { apiCode: 'insufficient_scope' });

    const text = route.method === 'get' ? '' : await readCappedText(c.req.raw, route.maxBody ?? DEFAULT_MAX_BODY, MSG.bodyTooLarge);
    const input = { ...(route.method === 'get' ? queryInput(contract, c.req.query()) : bodyInput(text)), ...c.req.param() };
    c.set('deps', deps);
    c.set('user', caller.user);
    c.set('sessionId', null);
    c.set('ip', ip);
    const ctx = requestContext(c, new Headers(), { id: caller.keyId, scope: caller.scope });
    const call = async (): Promise<Answer> => ({
      status: route.creates ? 201 : 200,
      body: await procedureOf(createCaller(ctx), route.procedure)(contract.input ? input : undefined),
    });
    const idempotencyKey = route.creates ? c.req.header('idempotency-key') : undefined;
    if (idempotencyKey === undefined) return call();
    const fingerprint = sha256Hex(`${c.req.method} ${c.req.path}\n${text}`);
    return idempotent(deps.db, caller.keyId, idempotencyKey, fingerprint, deps.now(), call);
  }

  for (const contract of V1_CONTRACTS) {
    const { route } = contract;
    const honoPath = route.path.replace(/\{(\w+)\}/g, ':$1');
    app.on(route.method.toUpperCase(), honoPath, async (c) => {
      const ip = remoteAddress(c);
      const caller = await authenticateKey(deps.db, c.req.header('authorization'));
      if (!caller) return v1Error(c, deps, new AppError('UNAUTHORIZED', API_KEY_MSG.invalid, { apiCode: 'invalid_api_key' }), contract);
      let res: Response;
      try {
        const out = await answer(c, contract, caller, ip);
        if (out.replayed) c.header('Idempotent-Replayed', 'true');
        if (route.csv) {
          const file = out.body as { filename: string; csv: string };
          res = c.body(file.csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.filename}"` });
        } else res = c.json(out.body as object, out.status as 200 | 201);
      } catch (err) {
        res = v1Error(c, deps, err, contract);
      }
      c.header('Cache-Control', 'no-store');
      await recordApiRequest(deps.db, caller.keyId, { method: c.req.method, path: c.req.path, status: res.status, ip }, deps.now()).catch((err: unknown) =>
        deps.log.error('recording an API request failed', err),
      );
      return res;
    });
  }

  app.all('*', (c) =>
    v1Error(c, deps, new AppError('NOT_FOUND', 'No such API path. The operations are listed at /api/v1/openapi.json.', { apiCode: 'not_found' })),
  );
  return app;
}
