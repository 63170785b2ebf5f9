// The one patch of a dependency (scripts/patches, applied by postinstall): tRPC's object-spread helper copies
// with Object.assign. These check that the patch is in place and that it copies as the spread does, also for
// a source with an own "__proto__" key (JSON can make one), which must stay data and never set a prototype.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { initTRPC } from '@trpc/server';
import { z } from 'zod';

describe('the tRPC spread patch', () => {
  it('is applied to both builds of the helper', () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@trpc/server'));
    const helpers = fs.readdirSync(dist).filter((f) => /^getErrorShape-.*\.(mjs|cjs)$/.test(f));
    expect(helpers).toHaveLength(2);
    for (const f of helpers) expect(fs.readFileSync(path.join(dist, f), 'utf8')).toContain('Patched (scripts/patches)');
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
