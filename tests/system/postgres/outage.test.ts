// Postgres lost while serving: requests answer 503 with a clear message, the process stays up, and it
// serves again once the database is back. The app reaches Postgres through a TCP relay the test cuts.
import { describe, it, expect, afterAll } from 'vitest';
import net from 'node:net';
import { closeDb, openPostgres } from '../../../src/server/db';
import { createDeps } from '../../../src/server/deps';
import { createApp } from '../../../src/server/app';
import { MSG } from '../../../src/shared/messages';
import { testEnv, silentLog, jsonRequest, cookieFrom } from '../../helpers/app';
import { freshDatabase, SERVER_URL } from '../../postgres/support';

/** A TCP relay to the Postgres server that can drop every connection and refuse new ones. */
async function relay(target: URL) {
  let up = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      up = true;
    },
    // Like a relay shutting down: its connections end with it (a listener's reconnection would keep
    // server.close() waiting for ever).
    close: () =>
      new Promise<void>((r) => {
        up = false;
        server.close(() => r());
        for (const s of sockets) s.destroy();
      }),
  };
}

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe.skipIf(!SERVER_URL)('Postgres lost while serving', () => {
  it('answers 503 with a clear message while it is gone and serves again when it is back', async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const url = new URL(fresh.url);
    const tcp = await relay(new URL(fresh.url));
    cleanup.push(tcp.close);
    url.host = `127.0.0.1:${tcp.port}`;
    const db = await openPostgres(url.toString());
    cleanup.push(() => closeDb(db));
    const deps = createDeps(testEnv({ RATE_LIMITS: 'off' }), db, { log: silentLog });
    cleanup.push(async () => {
      await deps.queue.stop?.();
      await deps.bus.close();
    });
    const app = createApp(deps);

    const signup = await app.request('/api/auth/signup', jsonRequest('POST', { name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }));
    expect(signup.status).toBe(201);
    const cookie = cookieFrom(signup);
    const me = () => app.request('/api/trpc/publications.list', { headers: { cookie } });
    expect((await me()).status).toBe(200);

    tcp.cut();
    const down = await me();
    expect(down.status).toBe(503);
    expect(JSON.stringify(await down.json())).toContain(MSG.databaseUnavailable);
    const rest = await app.request('/api/auth/login', jsonRequest('POST', { email: 'ada@example.com', password: 'correct horse battery' }));
    expect(rest.status).toBe(503);
    expect(await rest.json()).toMatchObject({ success: false, message: MSG.databaseUnavailable });

    tcp.restore();
    // Served again once the pool reconnects (a bound for a busy machine, not a speed).
    const started = Date.now();
    let back = await me();
    while (back.status !== 200 && Date.now() - started < 60_000) back = await me();
    expect(back.status).toBe(200);
  });
});
