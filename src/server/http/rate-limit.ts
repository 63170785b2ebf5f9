// Fixed-window in-memory rate limiter behind ctx.limiter; the rules live beside the domains that own
// them (auth/rate-rules.ts, leads/rate-rules.ts, ...). One process serves the app, so memory is the
// right store; limits reset on restart.
import { AppError } from '../errors';
import type { Limiter, RateRule } from '../context';
import { MSG } from '../../shared/messages';

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
  hit(key: string, rule: RateRule): () => void {
    if (!this.enabled) return noop;
    const now = this.now();
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + rule.windowMs };
      this.hits.set(key, entry);
      if (this.hits.size > 50_000) this.sweep(now);
    }
    if (entry.count >= rule.limit) throw new AppError('TOO_MANY_REQUESTS', MSG.rateLimited);
    entry.count += 1;
    const counted = entry;
    let released = false;
    return () => {
      // Only the window the attempt was counted in gives it back, and only once.
      if (released || this.hits.get(key) !== counted) return;
      released = true;
      counted.count = Math.max(0, counted.count - 1);
    };
  }

  /** Throws if key is already at its limit, without counting (an early refusal before costly work). */
  check(key: string, rule: RateRule): void {
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

const noop = () => {};
