// The clean stop of a serving process (SIGTERM, SIGINT): the server takes no new connection, closes its
// idle keep-alive connections (again as each request in flight finishes), cuts whatever is left after
// the grace period, and only then are the tracking events still held written: every answered click and
// open is in the database before main.ts closes it.
import type http from 'node:http';
import type { ServerType } from '@hono/node-server';
import type { TrackingRecorder } from './tracking/recorder';

export const GRACE_MS = 10_000;

/** Resolves once the server has closed: no request is running and none can arrive. */
export function closeServer(server: ServerType, graceMs = GRACE_MS): Promise<void> {
  const s = server as http.Server;
  return new Promise<void>((resolve) => {
    const sweep = setInterval(() => s.closeIdleConnections?.(), 50);
    const cut = setTimeout(() => s.closeAllConnections?.(), graceMs);
    s.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    s.closeIdleConnections?.();
  });
}

/** Stops serving, then writes every tracking event the answers left behind. */
export async function stopServing(server: ServerType, tracking: TrackingRecorder, graceMs = GRACE_MS): Promise<void> {
  await closeServer(server, graceMs);
  await tracking.stop();
}
