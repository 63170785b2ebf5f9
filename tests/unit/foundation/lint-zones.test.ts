// The architecture rules (GUIDE §2) are enforced by ESLint's import zones: each rule is shown to refuse
// a forbidden import at a path where it applies, and to let the allowed form through.
import { describe, it, expect } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('import zones', () => {
  it('the client imports server code as types only', async () => {
    expect(await restricted("import { appRouter } from '../server/trpc/root';\nexport const r = appRouter;\n", 'src/client/probe.ts')).toHaveLength(1);
    expect(await restricted("import type { AppRouter } from '../server/trpc/root';\nexport type R = AppRouter;\n", 'src/client/probe.ts')).toEqual([]);
  });

  it('only src/server/auth imports lucia', async () => {
    const code = "import { Lucia } from 'lucia';\nexport const L = Lucia;\n";
    expect(await restricted(code, 'src/server/user/probe.ts')).toHaveLength(1);
    expect(await restricted(code, 'src/server/auth/probe.ts')).toEqual([]);
  });

  it('domain code imports neither tRPC nor Hono', async () => {
    for (const spec of ['@trpc/server', 'hono', '../trpc/init', '../rest/adapter']) {
      const code = `import * as m from '${spec}';\nexport const x = m;\n`;
      expect(await restricted(code, 'src/server/feeds/probe.ts'), spec).toHaveLength(1);
      expect(await restricted(code, 'src/server/routers/probe.ts'), spec).toEqual([]);
    }
  });

  it('a feature reaches another only through its index', async () => {
    expect(await restricted("import { X } from '../themes/theme-picker';\nexport const y = X;\n", 'src/client/features/workflow/probe.ts')).toHaveLength(1);
    expect(await restricted("import { X } from '../themes';\nexport const y = X;\n", 'src/client/features/workflow/probe.ts')).toEqual([]);
    expect(await restricted("import { cn } from '../../lib/cn';\nexport const y = cn;\n", 'src/client/features/workflow/probe.ts')).toEqual([]);
  });

  it('shared code imports neither side', async () => {
    expect(await restricted("import { x } from '../server/xml';\nexport const y = x;\n", 'src/shared/probe.ts')).toHaveLength(1);
  });
});
