// The server's dependencies (Deps), its logger, and the per-request context every procedure and domain
// function receives: dependencies, the signed-in user, request facts. trpc/context.ts builds it.
import type { Db } from './db';
import type { Env } from './env';
import type { Mailer } from './mail/message';
import type { Gates } from './concurrency';
import type { AuthService, SessionUser } from './auth/service';
import type { JobQueue } from './jobs/queue';
import type { AiRuntime } from './ai/runtime';
import type { Bus } from './bus';
import type { TrackingRecorder } from './tracking/recorder';
import type { MailFeedback } from './mail/events';

export interface Deps {
  db: Db;
  env: Env;
  /** The product's own mail (sign-in codes, resets, invitations...) through the system chain. */
  mailer: Mailer;
  limiter: Limiter;
  /** Per-user concurrency gates for expensive procedures. */
  gates: Gates;
  auth: AuthService;
  log: Logger;
  /** Clock seam for tests of time rules (trial, code expiry, freshness). */
  now: () => Date;
  /** The durable job queue (issue sends). */
  queue: JobQueue;
  /** Wakes the delivery worker when work was just queued (a no-op where no worker runs). */
  delivery: { kick: () => void };
  /** Which AI engine writes, and the running AI Magic generations. */
  ai: AiRuntime;
  /** Messages every process on the database receives (session evictions, AI progress, job wake-ups). */
  bus: Bus;
  /** This process's id in the registry of running processes (server_processes); AI generations record it. */
  processId: string;
  /** Opens and clicks, written in batches behind their answers (tracking/recorder.ts); stopped by the shutdown. */
  tracking: TrackingRecorder;
  /** What a provider's new bounce or complaint does to the account's readers (readers/suppression.ts); mail/ records the event and calls it. */
  mailFeedback: MailFeedback;
}

/** At most `limit` attempts per key in each window of `windowMs`; each domain keeps its own rules. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/** Counts attempts per key against a rule (http/rate-limit.ts: in memory for one SQLite process, rows of rate_limits on Postgres). */
export interface Limiter {
  /**
   * Counts one attempt now, or throws TOO_MANY_REQUESTS; the returned function gives the attempt back.
   * Inside a transaction, pass its `t`: the count is then written by it (and undone if it rolls back).
   */
  hit(key: string, rule: RateRule, t?: Db): Promise<() => Promise<void>>;
  /** Throws if the key is already at its limit, without counting. */
  check(key: string, rule: RateRule): Promise<void>;
}

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string, err?: unknown): void;
}

export interface Context extends Deps {
  user: SessionUser | null;
  sessionId: string | null;
  ip: string;
  userAgent: string;
  /** Headers added to the response (Set-Cookie from sign-in and sign-out). */
  resHeaders: Headers;
  /** The public API key the request was made with (rest/v1); absent for a browser session. */
  apiKey?: { id: string; scope: 'read' | 'write' };
  /** The account whose custom domain the request came on: only its publications and readers answer there. */
  servedFor?: string;
}

/** The context of a signed-in procedure (after protectedProcedure's check). */
export type AuthedContext = Context & { user: SessionUser };
