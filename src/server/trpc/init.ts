// tRPC instance and the three procedure kinds: public, protected (signed in), admin (staff).
import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import type { GateKind } from '../http/concurrency';
import { ZodError } from 'zod';
import { toTRPCError, fieldErrorsOf, appDataOf } from './errors';
import { AppError } from '../errors';
import { isStaff } from '../../shared/plans';
import { MSG } from '../../shared/messages';

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
  if (result.ok) return result;
  const { error } = result;
  const cause = error.cause;
  if (cause instanceof AppError || cause instanceof ZodError) return { ...result, error: toTRPCError(cause) };
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    ctx.log.error(`procedure ${path} failed`, cause ?? error);
    return { ...result, error: toTRPCError(cause ?? error) };
  }
  return result;
});

export const publicProcedure = t.procedure.use(mapErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MSG.notSignedIn });
  // tRPC merges this into the context; passing only the narrowed field saves a copy per call.
  return next({ ctx: { user: ctx.user } });
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
