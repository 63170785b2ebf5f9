// N app processes on one Postgres database behind a round-robin proxy, as an operator runs them behind a
// load balancer: each process is `src/server/index.ts` in its own Node process; the proxy passes each
// request to the next process and streams answers through unbuffered (AI Magic's SSE).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Not __dirname: the benchmarks import this module as an ES module outside vitest.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppProcess {
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  log(): string;
  /** kill -9. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts one app process; resolves when it is ready (its port known) or rejects with its stderr when it exits first. */
export function startApp(env: Record<string, string>): Promise<AppProcess> {
  const { NODE_ENV: _n, PORT: _p, DATABASE_PATH: _d, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = () => {
      const m = /is ready on .* \(port (\d+)/.exec(out);
      if (!m) return;
      child.stdout!.off('data', onData);
      const port = Number(m[1]);
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        child,
        exited,
        log: () => out,
        async kill() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => reject(new Error(`the app process exited (${code}) before it was ready:\n${out}`)));
  });
}

export interface Proxy {
  url: string;
  port: number;
  /** Which upstream each request went to, in order (index into the upstream list). */
  routed: number[];
  close(): Promise<void>;
}

/** A round-robin HTTP proxy over `upstreams` (their ports): request and answer bodies are piped, never buffered. */
export async function roundRobinProxy(upstreams: () => number[], port = 0): Promise<Proxy> {
  let next = 0;
  const routed: number[] = [];
  const server = http.createServer((req, res) => {
    const ports = upstreams();
    const i = next++ % ports.length;
    routed.push(i);
    const upstream = http.request({ host: '127.0.0.1', port: ports[i], method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.flushHeaders();
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('upstream unavailable');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    routed,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
