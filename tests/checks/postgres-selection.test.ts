// The Postgres run's rule (tests/helpers/postgres-selection.ts): every integration test file the rule
// names carries the `// @postgres` tag, so a new test of dialect-sensitive code cannot stay SQLite-only.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  integrationFiles,
  isTagged,
  reasonsFor,
  ROOT,
  sensitiveConstructs,
  sensitiveModules,
  sensitiveProcedures,
  taggedFiles,
} from '../helpers/postgres-selection';

const modules = sensitiveModules();
const procedures = sensitiveProcedures(modules);

describe('the Postgres selection', () => {
  it('every integration test the rule names carries the tag', () => {
    const untagged = integrationFiles()
      .map((file) => ({ file, reasons: reasonsFor(file, modules, procedures) }))
      .filter(({ file, reasons }) => reasons.length && !isTagged(fs.readFileSync(file, 'utf8')))
      .map(({ file, reasons }) => `${path.relative(ROOT, file)}: add "// @postgres" to its header (${reasons[0]})`);
    expect(untagged).toEqual([]);
  });

  it('finds what makes code dialect-sensitive, and the procedures that reach it', () => {
    expect(sensitiveConstructs('await t.insert(x).values(v).onConflictDoNothing();')).toEqual(['an upsert']);
    expect(sensitiveConstructs('const r = await db.all(sql`select 1`);')).toEqual(['SQL of its own (sql`…`)']);
    expect(sensitiveConstructs("import { isoWeekStart } from '../sql-dialect';")).toEqual(['SQL written per dialect (sql-dialect.ts)']);
    expect(sensitiveConstructs('export const x = 1;')).toEqual([]);
    expect(procedures.get('readers.growth')).toEqual(['src/server/readers/growth.ts']);
    expect(procedures.get('user.get')).toEqual([]);
  });

  it('names a file that calls a sensitive procedure, queues jobs or races, and not a plain one', () => {
    // Outside the repository: the type check and the suites must never see these probes.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'postgres-selection-'));
    try {
      const write = (name: string, text: string) => (fs.writeFileSync(path.join(dir, name), text), path.join(dir, name));
      const growth = write('growth.test.ts', "it('x', async () => { await s.api.readers.growth({ weeks: 4 }); });\n");
      expect(reasonsFor(growth, modules, procedures, dir)).toEqual(['calls readers.growth, which uses src/server/readers/growth.ts']);
      const worker = path.relative(dir, path.join(ROOT, 'src/server/jobs/worker'));
      write('support.ts', `export { startJobWorker } from '${worker}';\n`);
      const viaSupport = write('jobs.test.ts', "import { startJobWorker } from './support';\nvoid startJobWorker;\n");
      expect(reasonsFor(viaSupport, modules, procedures, dir)).toEqual(['imports src/server/jobs/worker.ts (through support.ts)']);
      const plain = write('plain.test.ts', "it('x', async () => { await api.user.get(); });\n");
      expect(reasonsFor(plain, modules, procedures, dir)).toEqual([]);
      expect(isTagged('// A header\n// @postgres\nimport x;\n')).toBe(true);
      expect(isTagged('// A header\nimport x;\n// @postgres\n')).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the run has the tagged files, and fewer than the whole suite', () => {
    expect(taggedFiles().length).toBeGreaterThan(20);
    expect(taggedFiles().length).toBeLessThan(integrationFiles().length);
  });
});
