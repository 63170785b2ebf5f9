// Builds a tRPC router from its contract (src/shared/contract.ts) and one handler per procedure: the
// contract says the kind, the caller it admits and both schemas; the handler says only what the procedure
// does. Every procedure still runs through tRPC's own builder (input parsed, output checked, middlewares),
// and a contract entry without a handler, or a handler without an entry, is a type error.
import type { TRPCMutationProcedure, TRPCQueryProcedure, TRPCSubscriptionProcedure } from '@trpc/server';
import type { z } from 'zod';
import type { Access, ProcedureContract, RouterContract } from '../../shared/contract';
import type { Context } from '../context';
import type { SessionUser } from '../auth/service';
import { adminProcedure, protectedProcedure, publicProcedure, type middleware } from './init';

type Middleware = ReturnType<typeof middleware<object>>;

type CallerContext<A extends Access> = A extends 'public' ? Context : Context & { user: SessionUser };
type Stream<O> = O extends AsyncIterable<infer Y, infer R, infer N> ? AsyncIterable<Y, R, N> : never;
type Answer<E extends ProcedureContract> = E['kind'] extends 'subscription' ? AsyncIterable<unknown> : z.input<E['output']> | Promise<z.input<E['output']>>;

/** What a procedure does, given the caller's context, its parsed input and the request's abort signal. */
export type Handler<E extends ProcedureContract> = (ctx: CallerContext<E['access']>, input: z.output<E['input']>, signal: AbortSignal | undefined) => Answer<E>;

/** A handler, or a handler behind middlewares (gates, wake-ups) that run after the access check. */
export type Implementation<E extends ProcedureContract> = Handler<E> | { readonly use: readonly Middleware[]; readonly run: Handler<E> };

type Def<E extends ProcedureContract, Out> = { input: z.input<E['input']>; output: Out; meta: object };
type Built<E extends ProcedureContract> = E['kind'] extends 'query'
  ? TRPCQueryProcedure<Def<E, z.output<E['output']>>>
  : E['kind'] extends 'mutation'
    ? TRPCMutationProcedure<Def<E, z.output<E['output']>>>
    : TRPCSubscriptionProcedure<Def<E, Stream<z.output<E['output']>>>>;

export type Implementations<C extends RouterContract> = { readonly [K in keyof C]: Implementation<C[K]> };
export type BuiltProcedures<C extends RouterContract> = { [K in keyof C]: Built<C[K]> };

const base = { public: publicProcedure, signedIn: protectedProcedure, staff: adminProcedure } as const;

// The builders' precise generic types are restated by Built<E>; inside the loop one loose shape serves.
type LooseBuilder = {
  use(m: Middleware): LooseBuilder;
  input(s: z.ZodType): LooseBuilder;
  output(s: z.ZodType): LooseBuilder;
} & Record<'query' | 'mutation' | 'subscription', (resolver: (opts: { ctx: never; input: unknown; signal: AbortSignal | undefined }) => unknown) => unknown>;

function build(entry: ProcedureContract, implementation: Implementation<ProcedureContract>): unknown {
  const { use, run } = typeof implementation === 'function' ? { use: [], run: implementation } : implementation;
  let builder = base[entry.access] as unknown as LooseBuilder;
  for (const middleware of use) builder = builder.use(middleware);
  const typed = builder.input(entry.input).output(entry.output);
  return typed[entry.kind](({ ctx, input, signal }) => run(ctx, input, signal));
}

/** The procedures of a router record: `router(implement(contract, handlers))`. */
export function implement<C extends RouterContract>(contract: C, handlers: Implementations<C>): BuiltProcedures<C> {
  const procedures: Record<string, unknown> = {};
  for (const name of Object.keys(contract)) {
    procedures[name] = build(contract[name], (handlers as Record<string, Implementation<ProcedureContract>>)[name]);
  }
  return procedures as BuiltProcedures<C>;
}
