// The server and the operator scripts in Postgres mode, each a real process: refused without APP_SECRET,
// a clear error naming DATABASE_URL when Postgres cannot be reached, migrations by db:migrate under the
// lock, and the CLI working on the shared database.
import { describe, it, expect, afterAll } from 'vitest';
import net from 'node:net';
import { childEnv, runScript, spawnServer } from '../../helpers/processes';
import { freshDatabase, SERVER_URL } from '../../postgres/support';

const SECRET = 'a-shared-secret-of-every-process-0123456789';
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

const script = (file: string, args: string[], extra: Record<string, string>) => runScript(file, args, childEnv(extra));
const startServer = (extra: Record<string, string>) => spawnServer(childEnv(extra));

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.skipIf(!SERVER_URL)('start-up and scripts on Postgres', { timeout: 60_000 }, () => {
  it('the server refuses to start without APP_SECRET, naming it', async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const s = startServer({ DATABASE_URL: fresh.url, PORT: '0', HOST: '127.0.0.1' });
    expect(await s.exited).toBe(1);
    expect(s.stderr()).toContain('APP_SECRET is required when DATABASE_URL names Postgres');
  });

  it('Postgres that cannot be reached at start: a clear error naming DATABASE_URL and a non-zero exit', async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/curated`;
    const s = startServer({ DATABASE_URL: url, APP_SECRET: SECRET, PORT: '0', HOST: '127.0.0.1' });
    expect(await s.exited).toBe(1);
    expect(s.stderr()).toMatch(/Could not connect to the Postgres database named by DATABASE_URL: .*ECONNREFUSED/);
  });

  it('db:migrate migrates once under the lock, then the CLI works on the shared database', async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const vars = { DATABASE_URL: fresh.url, APP_SECRET: SECRET };
    const [a, b] = await Promise.all([script('migrate.ts', [], vars), script('migrate.ts', [], vars)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    // Counted under the lock: one process applied them all, the other found nothing left.
    const applied = [a.stdout, b.stdout].map((o) => Number(/Applied (\d+)/.exec(o)?.[1] ?? 0));
    expect(Math.min(...applied)).toBe(0);
    expect(Math.max(...applied)).toBeGreaterThan(0);
    expect([a.stdout, b.stdout].some((o) => o.includes('the Postgres database is up to date'))).toBe(true);

    const created = await script('user-create.ts', ['--email', 'owner@example.com', '--password', 'correct horse', '--role', 'admin'], vars);
    expect(created.code).toBe(0);
    const me = await script('cli.ts', ['user.get', '--as', 'owner@example.com'], vars);
    expect(me.code).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ email: 'owner@example.com', role: 'admin' });
  });

  it('with DATABASE_URL and APP_SECRET the server starts and answers', async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    const s = startServer({ DATABASE_URL: fresh.url, APP_SECRET: SECRET, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    const out = await s.ready;
    expect(out).toMatch(/is ready on .*database Postgres/);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });
});
