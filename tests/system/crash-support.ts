// What the crash tests share: a delivery worker in its own process (crash-worker.ts) on a database
// file, killed with SIGKILL when the test says so, and polling until a condition holds.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./crash-worker.ts', import.meta.url));

/** Starts a worker process; `cleanups` kills it at the end of the test if it still runs. */
export function startWorker(env: Record<string, string>, cleanups: (() => unknown)[]): ChildProcess {
  const child = fork(CHILD, [], { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  cleanups.push(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'));
  return child;
}

export async function killNow(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

export async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 60_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A throw-away database file and the environment a worker process and the test's harness share. */
export function crashEnv(smtpUrl: string, cleanups: (() => unknown)[]): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'curated-crash-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return {
    DATABASE_PATH: path.join(dir, 'app.db'),
    APP_SECRET: 'crash-test-secret-crash-test-secret-0123',
    SMTP_URL: smtpUrl,
    QUEUE_LEASE_SECONDS: '1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    APP_URL: 'http://localhost:3000',
  };
}
