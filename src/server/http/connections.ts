// How long the node server keeps an idle keep-alive connection. Node's default (5 s) is shorter than
// the idle timeout of the load balancers operators put in front of N processes (60 s is common) and of
// clients that reuse connections: a request sent on a connection the server is closing at that moment
// fails with ECONNRESET (behind a balancer, a 502). The server must be the side that waits longer.
import type { ServerType } from '@hono/node-server';

export const KEEP_ALIVE_MS = 65_000;

export function keepConnections(server: ServerType): void {
  const http = server as ServerType & { keepAliveTimeout: number; headersTimeout: number };
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node's rule: the wait for a request's headers must outlast the keep-alive wait.
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
