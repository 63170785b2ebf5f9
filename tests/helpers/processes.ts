// The app's server and operator scripts as real child processes (node --import tsx, as npm runs them),
// with an environment of the test's choosing: nothing of the test process's own app settings leaks in.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
// Not __dirname: the benchmarks import this module as an ES module outside vitest.
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The test process's environment without its app settings, plus `extra` (a value of undefined unsets). */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const { NODE_ENV: _n, LOG_LEVEL: _l, SMTP_URL: _s, APP_SECRET: _a, PORT: _p, DATABASE_PATH: _d, DATABASE_URL: _u, ...rest } = process.env;
  return { ...rest, ...extra };
}

/** Runs scripts/<file> to its end: its exit code and output. */
export async function runScript(file: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', file), ...args], { cwd: ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Settles with the output so far once the server says it is ready; rejects if it exits first. */
  ready: Promise<string>;
  stderr(): string;
  /** Everything it wrote, stdout and stderr. */
  log(): string;
}

/** Starts src/server/index.ts (after `nodeArgs`); tests of refused configuration await `exited`, the others `ready`. */
export function spawnServer(env: NodeJS.ProcessEnv, nodeArgs: string[] = []): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/index.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => out.includes('is ready') && resolve(out));
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready:\n${err || out}`)));
  });
  ready.catch(() => undefined);
  return { child, exited, ready, stderr: () => err, log: () => out + err };
}
