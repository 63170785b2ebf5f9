// `npm test`: every suite, cheapest first, each stage timed and counted: lint (ESLint with type
// information, once, and Prettier), the type check and the code checks of tests/checks side by side, then the unit and
// integration suite on SQLite, the client suite, the Postgres suite, the system suite and the e2e suite.
// A failing stage does not stop the later ones (one run shows every failure); the exit code is 1 if any
// failed. Ends with a table of the stages and `tests: N passed, N failed`; with TEST_SUMMARY=<file> the
// same figures are written there as JSON (.ci/run prints them with the install's time).
// Run with Node's type stripping: `node scripts/test.ts [stage ...]` runs only the stages named.
import { spawn } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Stage {
  name: string;
  /** npm script and its extra arguments. */
  script: string;
  args?: (report: string) => string[];
  env?: (report: string) => NodeJS.ProcessEnv;
  report?: 'vitest' | 'playwright';
}

export interface StageResult {
  name: string;
  seconds: number;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  counted: boolean;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const vitestJson = (report: string) => ['--reporter=default', '--reporter=json', `--outputFile=${report}`];

/** The e2e run's ports (freeE2ePorts), found when the run starts. */
let e2ePorts: NodeJS.ProcessEnv = {};

/** Stages in one group run at the same time (each is single-threaded); groups run one after another. */
const GROUPS: Stage[][] = [
  [
    { name: 'lint', script: 'lint' },
    { name: 'typecheck', script: 'typecheck' },
    { name: 'checks', script: 'test:checks', args: vitestJson, report: 'vitest' },
  ],
  [{ name: 'unit+integration', script: 'test:unit', args: vitestJson, report: 'vitest' }],
  [{ name: 'client', script: 'test:client', args: vitestJson, report: 'vitest' }],
  [{ name: 'postgres', script: 'test:postgres', args: vitestJson, report: 'vitest' }],
  [{ name: 'system', script: 'test:system', args: vitestJson, report: 'vitest' }],
  [{ name: 'e2e', script: 'test:e2e', env: (report) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: report, ...e2ePorts }), report: 'playwright' }],
];

/** Whether nothing listens on `port` of the loopback address. */
const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * The e2e run's ports: the app at E2E_PORT, its fixtures at +7…+10, the feed fixtures at +11, the name
 * server at +12. Unless the caller chose them, a free block is found, so two runs can share a machine. The
 * block lies below the kernel's ephemeral range: a port there can be taken at any moment by an outgoing
 * connection or a listen(0) of another test, after it was seen free.
 */
async function freeE2ePorts(): Promise<NodeJS.ProcessEnv> {
  if (process.env.E2E_PORT) return {};
  let ephemeralLow = 32_768;
  try {
    ephemeralLow = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || ephemeralLow;
  } catch {
    // Not Linux: the usual lower bound.
  }
  const low = 10_000;
  const span = Math.max(1_000, ephemeralLow - low - 13);
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = low + Math.floor(Math.random() * span);
    const ports = Array.from({ length: 13 }, (_, i) => base + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return { E2E_PORT: String(base), WORKFLOW_FIXTURE_PORT: String(base + 11) };
  }
  return {};
}
function counts(kind: Stage['report'], file: string): Pick<StageResult, 'passed' | 'failed' | 'skipped' | 'counted'> {
  const none = { passed: 0, failed: 0, skipped: 0, counted: false };
  if (!kind || !fs.existsSync(file)) return none;
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (kind === 'vitest') {
      const r = data as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
      return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests, counted: true };
    }
    const s = (data as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }).stats;
    return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped, counted: true };
  } catch {
    return none;
  }
}

function run(stage: Stage, dir: string): Promise<StageResult> {
  const report = path.join(dir, `${stage.name.replace(/\W/g, '-')}.json`);
  const started = performance.now();
  const args = ['run', '-s', stage.script, ...(stage.args ? ['--', ...stage.args(report)] : [])];
  console.log(`\n── ${stage.name}: npm ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...stage.env?.(report) } });
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const result = { name: stage.name, seconds, ok: code === 0, ...counts(stage.report, report) };
      // A stage that failed without a failing test (a crash, a lint error) still counts as one failure.
      if (!result.ok && result.failed === 0) result.failed = 1;
      console.log(
        `── ${stage.name}: ${result.ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s${result.counted ? ` (${result.passed} passed, ${result.failed} failed)` : ''}`,
      );
      resolve(result);
    });
  });
}

export function table(rows: StageResult[]): string {
  const line = (cells: string[]) => `${cells[0]!.padEnd(18)}${cells[1]!.padStart(8)}${cells[2]!.padStart(9)}${cells[3]!.padStart(9)}${cells[4]!.padStart(9)}`;
  const total = rows.reduce(
    (s, r) => ({ seconds: s.seconds + r.seconds, passed: s.passed + r.passed, failed: s.failed + r.failed, skipped: s.skipped + r.skipped }),
    {
      seconds: 0,
      passed: 0,
      failed: 0,
      skipped: 0,
    },
  );
  return [
    line(['stage', 'seconds', 'passed', 'failed', 'skipped']),
    ...rows.map((r) => line([r.name, r.seconds.toFixed(0), r.counted ? String(r.passed) : '-', String(r.failed), r.counted ? String(r.skipped) : '-'])),
    line(['total (sum)', total.seconds.toFixed(0), String(total.passed), String(total.failed), String(total.skipped)]),
  ].join('\n');
}

if (import.meta.main) {
  const only = process.argv.slice(2);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'curated-test-'));
  const started = performance.now();
  e2ePorts = await freeE2ePorts();
  const results: StageResult[] = [];
  for (const group of GROUPS) {
    const stages = group.filter((s) => !only.length || only.includes(s.name));
    results.push(...(await Promise.all(stages.map((s) => run(s, dir)))));
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const wall = (performance.now() - started) / 1000;
  console.log(`\n${table(results)}\nwall clock ${wall.toFixed(0)} s on Node ${process.version}`);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  if (process.env.TEST_SUMMARY) fs.writeFileSync(process.env.TEST_SUMMARY, JSON.stringify({ node: process.version, wall, stages: results }, null, 2));
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}
