// curated/router-contracts (eslint.router-contracts.js) is shown to refuse, in a router file, a
// procedure without .output() and an object schema written there, and to let a router that imports its
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

const header = "import { z } from 'zod';\nimport { router, protectedProcedure } from '../trpc/init';\n";

const bad = `${header}import { thing, things } from '../../shared/schemas/probe';
const checked = protectedProcedure.input(things);
export const probeRouter = router({
  list: protectedProcedure.input(z.void()).query(() => []),
  add: protectedProcedure
    .input(z.object({ name: z.string() }))
    .output(thing)
    .mutation(({ input }) => input),
  update: checked.input(things).mutation(({ input }) => input),
  watch: protectedProcedure.input(things).subscription(async function* () {
    yield 1;
  }),
});
`;

const good = `import { router, protectedProcedure } from '../trpc/init';
import { addInput, eventStream, noInput, thing, thingList } from '../../shared/schemas/probe';
const answeringThing = protectedProcedure.output(thing);
export const probeRouter = router({
  list: protectedProcedure.input(noInput).output(thingList).query(() => []),
  get: answeringThing.input(addInput).query(({ input }) => input),
  add: protectedProcedure
    .input(addInput)
    .output(thing)
    .mutation(({ input }) => input),
  watch: protectedProcedure
    .input(noInput)
    .output(eventStream(thing))
    .subscription(async function* () {
      yield 1;
    }),
});
`;

describe('router contracts', () => {
  it('refuses a procedure without .output() and a z.object() in a router', async () => {
    const problems = await contractProblems(bad);
    expect(problems).toHaveLength(4);
    expect(problems.filter((m) => m.includes("'list' has no .output("))).toHaveLength(1);
    expect(problems.filter((m) => m.includes("'watch' has no .output("))).toHaveLength(1);
    expect(problems.filter((m) => m.includes("'update' has no .output("))).toHaveLength(1);
    expect(problems.filter((m) => m.startsWith('No z.object() in a router'))).toHaveLength(1);
  });

  it('lets a router whose procedures state their contract through, in the chain or in a named base', async () => {
    expect(await contractProblems(good)).toEqual([]);
  });

  it('applies to router files only', async () => {
    expect(await contractProblems(bad, 'src/server/user/probe.ts')).toEqual([]);
  });
});
