// Fixed-window rate limiters behind ctx.limiter; the rules live beside the domains that own them
// (auth/rate-rules.ts, leads/rate-rules.ts, ...). One SQLite process keeps its windows in memory (limits
// reset on restart); on Postgres, where several processes serve one database, the windows are rows that
// every process counts in, one atomic upsert per attempt.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { AppError } from '../errors';
import type { Limiter, Logger, RateRule } from '../context';
import type { Db } from '../db';
import { rateLimits } from '../../../db/schema';
import { MSG } from '../../shared/messages';

/**
 * One process's windows in memory (SQLite mode). Its calls are async only to share the interface with
 * the database limiter: an attempt is counted in the caller's turn, before anything is awaited.
 */
export class RateLimiter implements Limiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one attempt against key now, before the work it guards, and throws TOO_MANY_REQUESTS once the
   * window's limit is reached. Counting first is what makes a limit hold when requests arrive together
   * (a check before an await and a count after it lets every parallel request through). The returned
   * function gives the attempt back, for work that turned out not to count (a successful sign-in).
   */
  async hit(key: string, rule: RateRule): Promise<() => Promise<void>> {
    if (!this.enabled) return noGiveBack;
    const now = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + rule.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > 50_000) this.sweep(now);
    }
    if (entry.count >= rule.limit) throw rateLimited(entry.resetAt - now);
    entry.count += 1;
    const counted = entry;
    let released = false;
    return () => {
      // Only the window the attempt was counted in gives it back, and only once.
      if (released || this.hits.get(key) !== counted) return Promise.resolve();
      released = true;
      counted.count = Math.max(0, counted.count - 1);
      return Promise.resolve();
    };
  }

  /** Throws if key is already at its limit, without counting (an early refusal before costly work). */
  async check(key: string, rule: RateRule): Promise<void> {
    if (this.enabled && this.count(key) >= rule.limit) throw new AppError('TOO_MANY_REQUESTS', MSG.rateLimited);
  }

  private count(key: string): number {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

/** The refusal of an attempt over its limit, with when the window ends (answered as Retry-After). */
function rateLimited(msLeft: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', MSG.rateLimited, { retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) });
}

/** Windows past their end are deleted at most this often per process (one indexed DELETE). */
const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * The same fixed windows as rows of rate_limits, shared by every process on the database. An attempt is
 * one statement: insert the key's window, or count one more in it (a new window when it has ended), and
 * only while it is under the limit; no row back means refused. The row lock of the upsert orders
 * attempts arriving together from any process, so exactly `limit` of them are counted.
 */
export class DatabaseRateLimiter implements Limiter {
  private lastSweep: number;

  constructor(
    private readonly db: Db,
    private readonly enabled: boolean,
    private readonly now: () => number,
    private readonly log: Pick<Logger, 'error'>,
  ) {
    this.lastSweep = now();
  }

  async hit(key: string, rule: RateRule, t: Db = this.db): Promise<() => Promise<void>> {
    if (!this.enabled) return noGiveBack;
    const now = this.now();
    this.sweepNowAndThen(now);
    const at = new Date(now);
    const resetAt = new Date(now + rule.windowMs);
    const ended = sql`${rateLimits.resetAt} <= ${at}`;
    const [counted] = await t
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          resetAt: sql`CASE WHEN ${ended} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
        },
        setWhere: sql`${ended} OR ${rateLimits.count} < ${rule.limit}`,
      })
      .returning({ resetAt: rateLimits.resetAt });
    if (!counted) {
      const [window] = await t.select({ resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key));
      throw rateLimited((window?.resetAt.getTime() ?? now + rule.windowMs) - now);
    }
    let released = false;
    return async () => {
      // Only the window the attempt was counted in gives it back, and only once.
      if (released) return;
      released = true;
      await this.db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.resetAt, counted.resetAt), gt(rateLimits.count, 0)));
    };
  }

  async check(key: string, rule: RateRule): Promise<void> {
    if (!this.enabled) return;
    const [row] = await this.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, new Date(this.now()))))
      .limit(1);
    if ((row?.count ?? 0) >= rule.limit) throw new AppError('TOO_MANY_REQUESTS', MSG.rateLimited);
  }

  /** Deletes the windows that have ended, in the background, at most every SWEEP_EVERY_MS. */
  private sweepNowAndThen(now: number) {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.db
      .delete(rateLimits)
      .where(lte(rateLimits.resetAt, new Date(now)))
      .then(
        () => {},
        (err: unknown) => this.log.error('rate limits: sweeping ended windows failed', err),
      );
  }
}

const noGiveBack = () => Promise.resolve();
