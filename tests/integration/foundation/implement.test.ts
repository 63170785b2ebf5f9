// implement(contract, handlers) builds real tRPC procedures from a contract: the caller it admits, its input
// parsed, its answer checked, middlewares run in order before the handler, a stream's events checked.
import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { TRPCError } from '@trpc/server';
import { createHarness, harnessWithAdmin } from '../../helpers/app';
import { createCallerFactory, middleware, router } from '../../../src/server/trpc/init';
import { implement } from '../../../src/server/trpc/implement';
import { createContext } from '../../../src/server/trpc/context';
import { mutation, query, subscription } from '../../../src/shared/contract';
import { eventStream } from '../../../src/shared/schemas/common';
import type { SessionUser } from '../../../src/server/auth/service';
import { MSG } from '../../../src/shared/messages';

const item = z.object({ name: z.string(), count: z.number().int() });
const probeContract = {
  hello: query(z.object({ to: z.string().default('world') }), z.string(), 'public'),
  mine: query(z.void(), z.object({ id: z.string() })),
  add: mutation(item, item),
  broken: query(z.void(), item, 'public'),
  purge: mutation(z.void(), z.literal(true), 'staff'),
  ticks: subscription(z.object({ n: z.number() }), eventStream(item), 'public'),
};

const order: string[] = [];
const mark = (name: string) =>
  middleware(async ({ next }) => {
    order.push(name);
    return next();
  });

const probeRouter = router(
  implement(probeContract, {
    hello: (_ctx, input) => `hello ${input.to}`,
    mine: (ctx) => ({ id: ctx.user.id }),
    add: { use: [mark('first'), mark('second')], run: (_ctx, input) => (order.push('handler'), { ...input, count: input.count + 1 }) },
    // An answer that breaks its contract: tRPC's output check refuses it.
    broken: () => ({ name: 'x', count: 1.5 }),
    purge: () => true as const,
    ticks: async function* (_ctx, input) {
      for (let i = 0; i < input.n; i++) yield { name: `t${i}`, count: i };
    },
  }),
);

async function probeCaller(as: SessionUser | null) {
  const h = await createHarness();
  return createCallerFactory(probeRouter)(createContext(h.deps, { user: as, sessionId: null, ip: '127.0.0.1', resHeaders: new Headers() }));
}

const codeOf = (err: unknown) => (err instanceof TRPCError ? err.code : String(err));

describe('implement(contract, handlers)', () => {
  it('admits the caller each entry names: anyone, signed in, staff', async () => {
    const { insertUser, admin } = await harnessWithAdmin();
    const user = await insertUser();
    const anon = await probeCaller(null);
    expect(await anon.hello({})).toBe('hello world');
    await expect(anon.mine()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: MSG.notSignedIn });
    const signedIn = await probeCaller(user);
    expect(await signedIn.mine()).toEqual({ id: user.id });
    await expect(signedIn.purge()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await (await probeCaller(admin)).purge()).toBe(true);
  });

  it('parses the input and checks the answer against the contract', async () => {
    const { insertUser } = await harnessWithAdmin();
    const caller = await probeCaller(await insertUser());
    expect(await caller.hello({ to: 'readers' })).toBe('hello readers');
    const refused = await caller.add({ name: 'a', count: 'one' } as never).catch(codeOf);
    expect(refused).toBe('BAD_REQUEST');
    // The server's fault, not the caller's: a 500 with no field errors of the server's own answer.
    await expect(caller.broken()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: MSG.internalError });
  });

  it('runs the middlewares in their order, then the handler', async () => {
    const { insertUser } = await harnessWithAdmin();
    const caller = await probeCaller(await insertUser());
    order.length = 0;
    expect(await caller.add({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 2 });
    expect(order).toEqual(['first', 'second', 'handler']);
  });

  it('streams a subscription, each event checked', async () => {
    const stream = await (await probeCaller(null)).ticks({ n: 3 });
    const seen: unknown[] = [];
    for await (const event of stream) seen.push(event);
    expect(seen).toEqual([
      { name: 't0', count: 0 },
      { name: 't1', count: 1 },
      { name: 't2', count: 2 },
    ]);
  });
});
