// N app processes on one Postgres database behind a round-robin proxy, as an operator runs them behind a
// load balancer: each process is `src/server/index.ts` in its own Node process; the proxy passes each
// request to the next process and streams answers through unbuffered (AI Magic's SSE).
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { childEnv, spawnServer } from './processes';

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

/** Starts one app process; resolves when it is ready (its port known) or rejects with its output when it exits first. */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const server = spawnServer(childEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }));
  const port = Number(/is ready on .* \(port (\d+)/.exec(await server.ready)?.[1]);
  const { child, exited } = server;
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { port, url: `http://127.0.0.1:${port}`, child, exited, log: server.log, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
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
  return listening(server, port, routed, () => server.closeAllConnections());
}

/**
 * A round-robin TCP (layer 4) proxy over `upstreams`: each new connection goes to the next process and
 * its bytes are piped both ways, as a load balancer in TCP mode runs. It costs far less per request than
 * the HTTP proxy above (no parsing in a Node process), so benchmarks measure the app behind it, not it.
 */
export async function roundRobinTcpProxy(upstreams: () => number[], port = 0): Promise<Proxy> {
  let next = 0;
  const routed: number[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const ports = upstreams();
    const i = next++ % ports.length;
    routed.push(i);
    const upstream = net.connect(ports[i]!, '127.0.0.1');
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  return listening(server, port, routed, () => sockets.forEach((s) => s.destroy()));
}

/** Starts a proxy's server on loopback `port` (0: any) and describes it; closing first ends its open connections. */
async function listening(server: net.Server, port: number, routed: number[], endConnections: () => void): Promise<Proxy> {
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    routed,
    close: () =>
      new Promise<void>((r) => {
        endConnections();
        server.close(() => r());
      }),
  };
}
