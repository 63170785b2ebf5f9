// Builds the app's dependencies from configuration; shared by the server, the CLI and the tests.
import { createTrackingRecorder } from './tracking/recorder';
import crypto from 'node:crypto';
import type { Env } from './env';
import { isPostgres, type Db } from './db';
import type { Deps, Logger } from './context';
import { createAuthService } from './auth/service';
import { DatabaseRateLimiter, RateLimiter } from './http/rate-limit';
import { createBus } from './bus';
import { createGates } from './concurrency';
import { createMailer } from './mail/mailer';
import type { Mailer } from './mail/message';
import { createSqliteQueue } from './jobs/queue';
import { createPgBossQueue, pgBossTiming } from './jobs/pg-boss-queue';
import { createAiRuntime } from './ai/runtime';
import { applyMailFeedback } from './readers/suppression';

export function consoleLogger(level: Env['LOG_LEVEL']): Logger {
  return {
    info: (m) => level === 'info' && console.log(m),
    warn: (m) => level !== 'silent' && console.warn(m),
    error: (m, err) => level !== 'silent' && console.error(m, err instanceof Error ? (err.stack ?? err.message) : (err ?? '')),
  };
}

export function createDeps(env: Env, db: Db, overrides: Partial<Deps> = {}): Deps {
  const now = overrides.now ?? (() => new Date());
  const log = overrides.log ?? consoleLogger(env.LOG_LEVEL);
  // The mailer reads the clock through deps, like the queue.
  const mailer: Mailer = overrides.mailer ?? createMailer({ db, env, log, now: () => deps.now() });
  // Several processes may serve one Postgres database: what one counts or changes, all must see.
  const shared = isPostgres(db);
  const bus = overrides.bus ?? createBus(db, log);
  const limitsOn = env.RATE_LIMITS === 'on';
  const deps: Deps = {
    db,
    env,
    mailer,
    log,
    now,
    gates: overrides.gates ?? createGates(),
    // The SQLite queue reads the clock through deps, so a test that moves deps.now moves the queue too;
    // on Postgres the jobs are pg-boss's, timed by the database.
    queue:
      overrides.queue ?? (isPostgres(db) ? createPgBossQueue(db, { ...pgBossTiming(env.QUEUE_LEASE_SECONDS), log }) : createSqliteQueue(db, () => deps.now())),
    delivery: overrides.delivery ?? { kick: () => {} },
    ai: overrides.ai ?? createAiRuntime(env),
    limiter:
      overrides.limiter ?? (shared ? new DatabaseRateLimiter(db, limitsOn, () => now().getTime(), log) : new RateLimiter(limitsOn, () => now().getTime())),
    auth: overrides.auth ?? createAuthService(db, { secure: env.isProduction, now, bus }),
    bus,
    processId: overrides.processId ?? crypto.randomUUID(),
    // Reads the clock, queue and database through deps, as they are when a batch is written.
    tracking:
      overrides.tracking ??
      createTrackingRecorder({
        get db() {
          return deps.db;
        },
        get queue() {
          return deps.queue;
        },
        now: () => deps.now(),
        get log() {
          return deps.log;
        },
      }),
    // Mail records providers' events; the readers' suppression policy decides what they do, with the
    // database, queue and clock as they are when the event arrives.
    mailFeedback: overrides.mailFeedback ?? ((t, ev, account) => applyMailFeedback(deps, t, ev, account)),
  };
  return deps;
}
