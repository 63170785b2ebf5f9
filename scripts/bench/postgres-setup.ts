// The Postgres bench's set-up: a Postgres server to measure on (a throw-away cluster, or the one
// BENCH_DATABASE_URL names) with a database of its own, and the processes the measured sections talk to:
// the built server (BENCH_DIST), the product's code on one dialect's database in a child process, and
// the SMTP sink. Every process gets exactly the database variables it is given.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './api';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT_FROM = Number(process.env.BENCH_PORT_FROM ?? 3200);
/** A free loopback port of the bench's range (BENCH_PORT_FROM, 60 ports). */
export const port = (after = PORT_FROM) => freePort(after, PORT_FROM + 59);
export const DIST = path.resolve(ROOT, process.env.BENCH_DIST ?? 'dist');
/** The APP_SECRET every process of one bench run shares (tokens one signs, another verifies). */
export const SECRET = `bench-postgres-${crypto.randomBytes(16).toString('hex')}`;

// ---- Postgres --------------------------------------------------------------------------------------

export interface PostgresServer {
  /** A URL naming the server's maintenance database; the bench creates its own database beside it. */
  serverUrl: string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/** A throw-away cluster, or why there cannot be one. */
export async function throwAwayCluster(): Promise<PostgresServer | string> {
  const bins = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const bin = bins
    .map((v) => path.join('/usr/lib/postgresql', v, 'bin'))
    .filter((b) => fs.existsSync(path.join(b, 'initdb')))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .pop();
  if (!bin) return 'no PostgreSQL server here (apt-get install postgresql, or set BENCH_DATABASE_URL)';
  // PostgreSQL refuses to run as root: the cluster belongs to the `postgres` user then.
  let owner: { uid: number; gid: number } | null = null;
  if (isRoot()) {
    try {
      owner = { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
    } catch {
      return 'running as root and there is no `postgres` user to own a cluster (or set BENCH_DATABASE_URL)';
    }
  }
  const asOwner = (cmd: string, args: string[]) =>
    owner ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' }) : execFileSync(cmd, args, { stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const pgPort = await port();
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    // --no-sync only skips flushing initdb's own files; the server below runs with fsync on.
    asOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    asOwner(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-w',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ]);
  } catch (err) {
    remove();
    return `the throw-away cluster did not start: ${(err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message}`;
  }
  return {
    serverUrl: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    async stop() {
      try {
        asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        remove();
      }
    },
  };
}

export async function onServer(serverUrl: string, statement: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** A new empty database on the server; its URL and how to drop it. */
export async function benchDatabase(serverUrl: string) {
  const name = `curated_bench_${crypto.randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

// ---- processes -------------------------------------------------------------------------------------

/** The environment without the database variables: each process gets exactly its own. */
export function baseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _u, DATABASE_PATH: _p, NODE_ENV: _n, PORT: _port, ...rest } = process.env;
  return rest;
}

export interface Built {
  port: number;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the built server (node <BENCH_DIST>/server/index.js, as `npm start` runs it) and waits for its ready line. */
export async function startBuilt(serverPort: number, env: Record<string, string>): Promise<Built> {
  const child = spawn(process.execPath, [path.join(DIST, 'server/index.js')], {
    cwd: ROOT,
    env: {
      ...baseEnv(),
      NODE_ENV: 'production',
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      CLIENT_DIR: path.join(DIST, 'client'),
      APP_SECRET: SECRET,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (!out.includes(' is ready on ')) return;
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready:\n${out}`)));
  });
  return {
    port: serverPort,
    url: `http://127.0.0.1:${serverPort}`,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

const CHILD = path.join(import.meta.dirname, 'postgres-child.ts');

export function forkChild(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; ready: unknown }> {
  const child = fork(CHILD, args, { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ready: (m as { ready: unknown }).ready }));
    child.once('exit', (code) => reject(new Error(`bench child '${args[0]}' exited with ${code}`)));
  });
}

/** The product's code on one dialect's database, in a child process started with that dialect's environment. */
export async function startAgent(env: Record<string, string>) {
  const { child } = await forkChild(['db'], { ...baseEnv(), APP_SECRET: SECRET, ...env });
  let next = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on('message', (m: { id?: number; value?: unknown; error?: string }) => {
    const w = m.id === undefined ? undefined : waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id!);
    if (m.error) w.reject(new Error(m.error));
    else w.resolve(m.value);
  });
  const call = <T>(cmd: string, args: Record<string, unknown> = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, cmd, args });
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    call,
    async stop() {
      if (child.exitCode !== null) return;
      await call('close').catch(() => child.kill());
      await exited;
    },
  };
}
export type Agent = Awaited<ReturnType<typeof startAgent>>;

export async function startSink() {
  const child = fork(path.join(import.meta.dirname, 'smtp-sink.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim())));
  const accepted = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m) => resolve((m as { accepted: number }).accepted));
      child.send('count');
    });
  return { url, accepted, stop: () => child.kill() };
}
