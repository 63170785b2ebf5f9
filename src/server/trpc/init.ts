// tRPC instance and the three procedure kinds: public, protected (signed in), admin (staff).
import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from '../context';
import type { SessionUser } from '../auth/service';
import type { GateKind } from '../concurrency';
import { ZodError } from 'zod';
import { toTRPCError, fieldErrorsOf, appDataOf } from './errors';
import { AppError } from '../errors';
import { isStaff } from '../../shared/plans';
import { MSG } from '../../shared/messages';

/** tRPC's message when a procedure's answer fails its .output() schema. */
const OUTPUT_INVALID = 'Output validation failed';

const t = initTRPC.context<Context>().create({
  // Subscriptions (AI Magic's streaming) run over Server-Sent Events; pings keep idle proxies from closing them.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      data: { ...shape.data, stack: undefined, fieldErrors: fieldErrorsOf(error) ?? null, extra: appDataOf(error) ?? null },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Converts thrown domain and validation errors into tRPC errors in one place; logs unknown ones once. */
const mapErrors = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (result.ok) return isAsyncIterable(result.data) ? { ...result, data: mappedStream(result.data, (err) => mapped(ctx.log, path, err)) } : result;
  return { ...result, error: mapped(ctx.log, path, result.error) };
});

function mapped(log: Context['log'], path: string, error: unknown): TRPCError {
  // An answer that breaks its own contract is the server's fault, not the caller's: logged, and a 500.
  if (error instanceof TRPCError && error.code === 'INTERNAL_SERVER_ERROR' && error.message === OUTPUT_INVALID) {
    log.error(`procedure ${path} answered outside its contract`, error.cause);
    return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: MSG.internalError });
  }
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError || cause instanceof ZodError) return toTRPCError(cause);
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') return error;
  log.error(`procedure ${path} failed`, cause ?? error);
  return toTRPCError(cause ?? error);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * A subscription's errors are thrown while it streams, after the middleware has returned; they are
 * mapped here the same way (tRPC would otherwise send every one as INTERNAL_SERVER_ERROR).
 */
async function* mappedStream<T>(source: AsyncIterable<T>, map: (err: unknown) => TRPCError): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (err) {
    throw map(err);
  }
}

export const publicProcedure = t.procedure.use(mapErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, type, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MSG.notSignedIn });
  // A read-only public API key never reaches a change, whatever route led here.
  if (type === 'mutation' && ctx.apiKey?.scope === 'read') throw new TRPCError({ code: 'FORBIDDEN', message: MSG.apiKeyReadOnly });
  // The user is already in the context: naming the narrowed type without passing a ctx spares tRPC a copy
  // of the whole context on every call (measured: the largest single object copy of a signed-in call).
  return next<{ user: SessionUser }>({});
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!isStaff(ctx.user.role)) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.forbidden });
  return next();
});

/**
 * Expensive work (assembly, exports, feed fetches) passes a per-user gate: a user's parallel calls,
 * batched or not, queue behind each other instead of taking the server (anonymous callers by address).
 */
export const costly = (kind: GateKind) =>
  t.middleware(async ({ ctx, next }) => {
    const release = await ctx.gates[kind].acquire(ctx.user ? `user:${ctx.user.id}` : `ip:${ctx.ip}`);
    try {
      return await next();
    } finally {
      release();
    }
  });
