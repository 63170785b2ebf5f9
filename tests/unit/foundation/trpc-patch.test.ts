// The one patched dependency (scripts/patches, applied by postinstall), tRPC, in two places:
// - its object-spread helper copies with Object.assign. These check that it copies as the spread does, also for
//   a source with an own "__proto__" key (JSON can make one), which must stay data and never set a prototype;
// - a query's or mutation's abort signal is the request's own (no controller and AbortSignal.any per call),
//   while a subscription keeps the combined signal its maxDurationMs aborts;
// - a zod input or output is parsed synchronously first (zod's compiled object parser), asynchronously only
//   when the schema has async parts, with the same errors as before.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { initTRPC, TRPCError, type AnyRouter } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { z, ZodError } from 'zod';

describe('the tRPC spread patch', () => {
  it('is applied to both builds of the helper', () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@trpc/server'));
    const helpers = fs.readdirSync(dist).filter((f) => /^getErrorShape-.*\.(mjs|cjs)$/.test(f));
    expect(helpers).toHaveLength(2);
    for (const f of helpers) expect(fs.readFileSync(path.join(dist, f), 'utf8')).toContain('Patched (scripts/patches)');
    const builders = fs.readdirSync(dist).filter((f) => /^initTRPC-.*\.(mjs|cjs)$/.test(f));
    expect(builders).toHaveLength(2);
    for (const f of builders) expect(fs.readFileSync(path.join(dist, f), 'utf8')).toContain('Patched (scripts/patches)');
    const resolvers = fs.readdirSync(dist).filter((f) => /^resolveResponse-.*\.(mjs|cjs)$/.test(f));
    expect(resolvers).toHaveLength(2);
    for (const f of resolvers) expect(fs.readFileSync(path.join(dist, f), 'utf8')).toContain('Patched (scripts/patches)');
  });

  it('merges chained inputs as the spread does, and an own __proto__ key stays data', async () => {
    const t = initTRPC.create();
    const seen: object[] = [];
    const router = t.router({
      echo: t.procedure
        .input(z.object({ a: z.number() }))
        // A parser that keeps the raw object: tRPC merges its result into the first input with its spread helper.
        .input((raw: unknown) => raw as { b: string })
        .query(({ input }) => {
          seen.push(input);
          return 'ok';
        }),
    });
    const sym = Symbol('kept');
    const raw = JSON.parse('{"a": 1, "b": "two", "__proto__": {"polluted": true}}') as Record<string | symbol, unknown>;
    raw[sym] = 3;
    await router.createCaller({}).echo(raw as { a: number; b: string });

    const input = seen[0]!;
    expect(input).toMatchObject({ a: 1, b: 'two' });
    expect((input as Record<symbol, unknown>)[sym]).toBe(3);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect((input as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(input, '__proto__')?.value).toEqual({ polluted: true });
  });
});

describe('the tRPC abort-signal patch', () => {
  // A request through tRPC's fetch adapter, as the app's /api/trpc route serves it.
  const serve = (router: AnyRouter, req: Request) => fetchRequestHandler({ endpoint: '/trpc', router, createContext: () => ({}), req });

  it("gives a query and a mutation the request's signal: no composite per call, and it aborts with the request", async () => {
    const t = initTRPC.create();
    const seen: AbortSignal[] = [];
    const router = t.router({
      one: t.procedure.query(({ signal }) => (seen.push(signal!), 1)),
      two: t.procedure.query(({ signal }) => (seen.push(signal!), 2)),
      save: t.procedure.mutation(({ signal }) => (seen.push(signal!), 3)),
    });
    const any = AbortSignal.any;
    let composites = 0;
    AbortSignal.any = (signals) => (composites++, any.call(AbortSignal, signals));
    try {
      const client = new AbortController();
      const query = await serve(router, new Request('http://test/trpc/one,two?batch=1&input={}', { signal: client.signal }));
      expect(await query.json()).toEqual([{ result: { data: 1 } }, { result: { data: 2 } }]);
      const json = { 'content-type': 'application/json' };
      const mutation = await serve(router, new Request('http://test/trpc/save', { method: 'POST', body: '{}', headers: json, signal: client.signal }));
      expect(await mutation.json()).toEqual({ result: { data: 3 } });
      expect(composites).toBe(0);
      expect(seen).toHaveLength(3);
      expect(seen.some((s) => s.aborted)).toBe(false);
      client.abort();
      expect(seen.every((s) => s.aborted)).toBe(true);
    } finally {
      AbortSignal.any = any;
    }
  });

  it('still ends a subscription at its maxDurationMs through its own controller', async () => {
    const t = initTRPC.create({ sse: { maxDurationMs: 30, ping: { enabled: false } } });
    let ended: AbortSignal | undefined;
    const router = t.router({
      ticks: t.procedure.subscription(async function* ({ signal }) {
        ended = signal;
        for (let i = 0; !signal!.aborted; i++) {
          yield i;
          await new Promise((r) => setTimeout(r, 5));
        }
      }),
    });
    const client = new AbortController();
    const res = await serve(router, new Request('http://test/trpc/ticks', { signal: client.signal }));
    // The stream closes by itself: the request was never aborted.
    const body = await res.text();
    expect(body).toContain('data: 0');
    expect(ended?.aborted).toBe(true);
    expect(client.signal.aborted).toBe(false);
  });
});

describe('the tRPC zod parse patch', () => {
  const caught = async (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e,
    );

  it('parses a zod input and output synchronously, with the same answers and errors', async () => {
    const t = initTRPC.create();
    const input = z.object({ name: z.string().min(2), tags: z.array(z.string()).default([]) });
    const output = z.object({ greeting: z.string() });
    const asyncIn = vi.spyOn(input, 'parseAsync');
    const asyncOut = vi.spyOn(output, 'parseAsync');
    const router = t.router({
      hello: t.procedure
        .input(input)
        .output(output)
        .query(({ input }) => ({ greeting: `hi ${input.name} ${input.tags.length}`, extra: 'stripped' })),
      broken: t.procedure.output(output).query(() => ({ greeting: 3 }) as unknown as { greeting: string }),
    });
    const caller = router.createCaller({});
    expect(await caller.hello({ name: 'Ada' })).toEqual({ greeting: 'hi Ada 0' });
    expect(asyncIn).not.toHaveBeenCalled();
    expect(asyncOut).not.toHaveBeenCalled();

    const bad = await caught(caller.hello({ name: 'A' }));
    expect(bad).toBeInstanceOf(TRPCError);
    expect((bad as TRPCError).code).toBe('BAD_REQUEST');
    expect((bad as TRPCError).cause).toBeInstanceOf(ZodError);
    expect(((bad as TRPCError).cause as ZodError).issues[0]).toMatchObject({ code: 'too_small', path: ['name'] });

    const out = await caught(caller.broken());
    expect((out as TRPCError).code).toBe('INTERNAL_SERVER_ERROR');
    expect((out as TRPCError).message).toBe('Output validation failed');
  });

  it('still parses a schema with async parts asynchronously', async () => {
    const t = initTRPC.create();
    const taken = z.string().refine(async (name) => (await Promise.resolve(name)) !== 'taken', 'That name is taken');
    const router = t.router({ claim: t.procedure.input(z.object({ name: taken })).mutation(({ input }) => input.name) });
    const caller = router.createCaller({});
    expect(await caller.claim({ name: 'free' })).toBe('free');
    const bad = await caught(caller.claim({ name: 'taken' }));
    expect((bad as TRPCError).code).toBe('BAD_REQUEST');
    expect(((bad as TRPCError).cause as ZodError).issues[0]?.message).toBe('That name is taken');
  });
});
