// curated/router-contracts (eslint.router-contracts.js) is shown to refuse, in a router file, a procedure
// built by its own chain and an object schema written there, and to let a router that implements its
// contract through.
import { describe, it, expect } from 'vitest';
import { ESLint } from 'eslint';

// The probes are text at paths where no file exists: the rules that need type information cannot see them.
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', 'curated/expect-awaited': 'off' },
  },
});

async function contractProblems(code: string, filePath = 'src/server/routers/probe.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'curated/router-contracts').map((m) => m.message);
}

const bad = `import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { thing, things } from '../../shared/schemas/probe';
const checked = protectedProcedure.input(things);
export const probeRouter = router({
  list: protectedProcedure.input(z.void()).output(things).query(() => []),
  add: protectedProcedure
    .input(z.object({ name: z.string() }))
    .output(thing)
    .mutation(({ input }) => input),
  watch: checked.subscription(async function* () {
    yield 1;
  }),
});
`;

const good = `import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { costly } from '../trpc/init';
import { probeContract } from '../../shared/schemas/probe';
import { addThing, listThings, watchThings } from '../things';
export const probeRouter = router(
  implement(probeContract, {
    list: (ctx) => listThings(ctx.db),
    add: { use: [costly('render')], run: addThing },
    watch: (ctx, input, signal) => watchThings(ctx, input.id, signal),
  }),
);
`;

describe('router contracts', () => {
  it('refuses a procedure chain and a z.object() in a router', async () => {
    const problems = await contractProblems(bad);
    expect(problems.filter((m) => m.startsWith('No .query() chain'))).toHaveLength(1);
    expect(problems.filter((m) => m.startsWith('No .mutation() chain'))).toHaveLength(1);
    expect(problems.filter((m) => m.startsWith('No .subscription() chain'))).toHaveLength(1);
    expect(problems.filter((m) => m.startsWith('No .input() chain'))).toHaveLength(1);
    expect(problems.filter((m) => m.startsWith('No z.object() in a router'))).toHaveLength(1);
    expect(problems).toHaveLength(5);
  });

  it('lets a router that implements its contract through', async () => {
    expect(await contractProblems(good)).toEqual([]);
  });

  it('applies to router files only', async () => {
    expect(await contractProblems(bad, 'src/server/user/probe.ts')).toEqual([]);
  });
});
