// The architecture rules (GUIDE §2) are enforced by ESLint's import zones: each rule is shown to refuse
// a forbidden import at a path where it applies, and to let the allowed form through.
import { describe, it, expect } from 'vitest';
import { ESLint } from 'eslint';

// The probes are text at paths where no file exists: the rules that need type information cannot see them.
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function messagesOf(rule: string, code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const restricted = (code: string, filePath: string) => messagesOf('@typescript-eslint/no-restricted-imports', code, filePath);

describe('import zones', () => {
  it('the client imports server code as types only', async () => {
    expect(await restricted("import { appRouter } from '../server/routers';\nexport const r = appRouter;\n", 'src/client/probe.ts')).toHaveLength(1);
    expect(await restricted("import type { AppRouter } from '../server/routers';\nexport type R = AppRouter;\n", 'src/client/probe.ts')).toEqual([]);
  });

  it("tables come from db/schema (the running dialect's), not a file under it (SQLite's)", async () => {
    const from = (what: string) => `import ${what} from '../../../db/schema/newsletters';\nexport const t = x;\n`;
    expect(await restricted(from('{ newsletters as x }'), 'src/server/user/probe.ts')).toHaveLength(1);
    expect(await restricted(from('{ newsletters as x }'), 'tests/integration/probe.test.ts')).toHaveLength(1);
    expect(await restricted(from('type { NewsletterRow as x }').replace('export const t = x;', 'export type T = x;'), 'src/server/user/probe.ts')).toEqual([]);
    expect(await restricted("import { newsletters as x } from '../../../db/schema';\nexport const t = x;\n", 'src/server/user/probe.ts')).toEqual([]);
  });

  it('only src/server/auth imports lucia', async () => {
    const code = "import { Lucia } from 'lucia';\nexport const L = Lucia;\n";
    expect(await restricted(code, 'src/server/user/probe.ts')).toHaveLength(1);
    expect(await restricted(code, 'src/server/auth/probe.ts')).toEqual([]);
  });

  it('domain code imports neither tRPC nor Hono', async () => {
    for (const spec of ['@trpc/server', 'hono', '../trpc/init', '../routers', '../routers/drafts', '../rest/adapter']) {
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

  it('domain code never reaches into http/', async () => {
    const code = "import { RateLimiter } from '../http/rate-limit';\nexport const x = RateLimiter;\n";
    for (const dir of ['auth', 'leads', 'mail', 'jobs', 'net']) expect(await restricted(code, `src/server/${dir}/probe.ts`), dir).toHaveLength(1);
    expect(await restricted(code, 'src/server/routers/probe.ts')).toEqual([]);
  });

  it('the job queue, the network guard and crypto import no domain', async () => {
    const imports = (spec: string) => `import * as m from '${spec}';\nexport const x = m;\n`;
    expect(await restricted(imports('../delivery/runner'), 'src/server/jobs/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../onboarding/jobs'), 'src/server/jobs/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../onboarding'), 'src/server/jobs/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../mail/transport'), 'src/server/net/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../feeds/fetcher'), 'src/server/net/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../ai/model'), 'src/server/net/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('./plans/account-plan'), 'src/server/crypto.ts')).toHaveLength(1);
    expect(await restricted(imports('../db'), 'src/server/jobs/probe.ts')).toEqual([]);
    expect(await restricted(imports('./queue'), 'src/server/jobs/probe.ts')).toEqual([]);
    expect(await restricted(imports('node:crypto'), 'src/server/crypto.ts')).toEqual([]);
  });

  it('mail imports nothing of issue delivery', async () => {
    const code = "import { escapeHtml } from '../../delivery/personalize';\nexport const x = escapeHtml;\n";
    expect(await restricted(code, 'src/server/mail/transports/probe.ts')).toHaveLength(1);
    expect(await restricted(code.replace('../../delivery', '../delivery'), 'src/server/tracking/probe.ts')).toEqual([]);
  });

  it('mail imports nothing of readers nor of webhooks: it is told what a bounce or complaint does', async () => {
    const imports = (spec: string) => `import * as m from '${spec}';\nexport const x = m;\n`;
    expect(await restricted(imports('../readers/suppression'), 'src/server/mail/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../../readers/pages/slug'), 'src/server/mail/webhooks/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../webhooks/emit'), 'src/server/mail/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('./headers'), 'src/server/mail/probe.ts')).toEqual([]);
    expect(await restricted(imports('../mail/headers'), 'src/server/readers/probe.ts')).toEqual([]);
  });

  it('delivery depends on readers and analytics, never the reverse', async () => {
    const imports = (spec: string) => `import * as m from '${spec}';\nexport const x = m;\n`;
    expect(await restricted(imports('../delivery/sends'), 'src/server/readers/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../../delivery/archive'), 'src/server/readers/pages/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../delivery/subject-test'), 'src/server/analytics/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../readers/recipients'), 'src/server/analytics/probe.ts')).toHaveLength(1);
    expect(await restricted(imports('../readers/recipients'), 'src/server/delivery/probe.ts')).toEqual([]);
    expect(await restricted(imports('../analytics/subject-tests'), 'src/server/delivery/probe.ts')).toEqual([]);
    // Still domain code: no transport layers.
    expect(await restricted(imports('../trpc/init'), 'src/server/readers/probe.ts')).toHaveLength(1);
  });
});

describe('import cycles', () => {
  const cycles = (code: string, filePath: string) => messagesOf('import-x/no-cycle', code, filePath);

  it('a value import that leads back to the importing file is refused', async () => {
    // http/rate-limit.ts imports AppError from errors.ts, so errors.ts importing the limiter closes a circle.
    expect(await cycles("import { RateLimiter } from './http/rate-limit';\nexport const x = RateLimiter;\n", 'src/server/errors.ts')).toHaveLength(1);
    expect(await cycles("import { MSG } from '../shared/messages';\nexport const x = MSG;\n", 'src/server/errors.ts')).toEqual([]);
  });
});

describe('transactions', () => {
  it('a transaction is passed as the database-or-transaction type, never cast', async () => {
    const messages = (code: string) => messagesOf('no-restricted-syntax', code, 'src/server/user/probe.ts');
    expect(await messages('declare const tx: unknown;\nexport const d = tx as unknown as number;\n')).toHaveLength(1);
    expect(await messages('declare const tx: unknown;\nexport const d = tx as never;\n')).toHaveLength(1);
    expect(await messages('declare const tx: number;\nexport const d: number = tx;\n')).toEqual([]);
  });
});

describe('the data layer', () => {
  const messages = (code: string, file = 'src/server/user/probe.ts') => messagesOf('no-restricted-syntax', code, file);
  const sync = "import { users } from '../../../db/schema';\ndeclare const db: any;\nexport const rows = db.select().from(users).all();\n";

  it('domain code awaits queries: the synchronous idioms are refused outside the data layer', async () => {
    expect(await messages(sync)).toHaveLength(1);
    expect(await messages(sync.replace('.all()', '.get()'))).toHaveLength(1);
    expect(await messages('declare const db: any;\nexport const r = db.delete(1).where(2).run();\n')).toHaveLength(1);
    expect(await messages('declare const db: any;\nexport const r = db.select().from(1).values();\n')).toHaveLength(1);
    expect(await messages('declare const db: any;\nexport const rows = await db.select().from(1);\n')).toEqual([]);
    // Maps and prepared statements with parameters are not queries' synchronous ends.
    expect(await messages("const m = new Map<string, number>();\nexport const v = [...m.values()];\nexport const g = m.get('a');\n")).toEqual([]);
    expect(await messages("import { sql } from 'drizzle-orm';\ndeclare const db: any;\nexport const r = await db.all(sql`SELECT 1`);\n")).toHaveLength(1);
    expect(await messages(sync, 'src/server/db.ts')).toEqual([]);
    expect(await messages(sync, 'scripts/probe.ts')).toHaveLength(1);
  });

  it("neither the raw connection nor drizzle's own transactions leave the data layer", async () => {
    expect(await messages('declare const db: any;\nexport const c = db.$client;\n')).toHaveLength(1);
    expect(await messages('declare const db: any;\nexport const r = db.transaction(() => 1);\n')).toHaveLength(1);
    expect((await messages("import { sqliteClient } from '../db';\nexport const c = sqliteClient;\n")).length).toBeGreaterThan(0);
    expect(await messages('declare const db: any;\nexport const c = db.$client;\n', 'src/server/db.ts')).toEqual([]);
  });
});
