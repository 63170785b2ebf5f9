// Test harness: a fresh database with the real migrations (an in-memory SQLite, or in Postgres mode a
// clone of the run's migrated template database), real deps, callers per role, and the Hono app for
// contract tests through app.request().
import { loadEnv, type Env } from '../../src/server/env';
import { type Db } from '../../src/server/db';
import { beforeClose, openTestDatabase } from './test-database';
import { createDeps } from '../../src/server/deps';
import { createApp } from '../../src/server/app';
import { createCaller } from '../../src/server/routers';
import { createContext } from '../../src/server/trpc/context';
import type { Deps } from '../../src/server/context';
import { createAccount } from '../../src/server/auth/accounts';
import { toSessionUser, type SessionUser } from '../../src/server/auth/service';
import type { PlanType, Role } from '../../src/shared/plans';
import { hashPassword } from '../../src/server/auth/password';

export const silentLog = { info() {}, warn() {}, error() {} };

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv(
    { NODE_ENV: 'test', DATABASE_PATH: ':memory:', APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', ...overrides },
    { persistSecret: false },
  );
}

export interface Harness {
  db: Db;
  env: Env;
  deps: Deps;
  app: ReturnType<typeof createApp>;
  /** A caller as anon, or as a freshly created user with the given role and plan. */
  caller(as?: 'anon' | SessionUser): ReturnType<typeof createCaller>;
  insertUser(
    o?: Partial<{ email: string; name: string; role: Role; planType: PlanType; password: string; createdAt: Date; verified: boolean }>,
  ): Promise<SessionUser>;
}

let seq = 0;

export async function createHarness(opts: { env?: Record<string, string>; deps?: Partial<Deps> } = {}): Promise<Harness> {
  const env = testEnv(opts.env);
  const db = await openTestDatabase(env.DATABASE_PATH);
  const deps = createDeps(env, db, { log: silentLog, ...opts.deps });
  const app = createApp(deps);
  // Listening before the first request, as a started server is: the session cache is used only then.
  await deps.bus.ready();
  beforeClose(db, async () => {
    await deps.tracking.stop();
    await deps.queue.stop?.();
    await deps.bus.close();
  });
  return {
    db,
    env,
    deps,
    app,
    caller(as = 'anon') {
      const user = as === 'anon' ? null : as;
      return createCaller(createContext(deps, { user, sessionId: null, ip: '127.0.0.1', resHeaders: new Headers() }));
    },
    async insertUser(o = {}) {
      seq += 1;
      const row = await createAccount(
        db,
        {
          email: o.email ?? `user${seq}-${Date.now()}@example.com`,
          name: o.name ?? `User ${seq}`,
          passwordHash: o.password ? await hashPassword(o.password) : null,
          role: o.role,
          planType: o.planType,
          verified: o.verified,
        },
        o.createdAt ?? deps.now(),
      );
      return toSessionUser(row);
    },
  };
}

/** Creates the first (admin) account so later ones are plain users, as on a live database. */
export async function harnessWithAdmin(opts?: Parameters<typeof createHarness>[0]) {
  const h = await createHarness(opts);
  const admin = await h.insertUser({ email: 'admin@example.com', name: 'Admin' });
  return { ...h, admin };
}

/** JSON request helper for contract tests. */
export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) };
}

export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
