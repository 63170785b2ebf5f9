// Fixed-window in-memory rate limiter for sign-in, codes, sign-up and lead forms.
// One process serves the app, so memory is the right store; limits reset on restart.
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';

export interface RateRule {
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit against key; throws TOO_MANY_REQUESTS once the window's limit is passed. */
  hit(key: string, rule: RateRule): void {
    if (!this.enabled) return;
    if (this.count(key, rule) >= rule.limit) throw new AppError('TOO_MANY_REQUESTS', MSG.rateLimited);
    this.bump(key, rule);
  }

  /** Throws if key is already at its limit, without counting (used before checking a password). */
  check(key: string, rule: RateRule): void {
    if (this.enabled && this.count(key, rule) >= rule.limit) throw new AppError('TOO_MANY_REQUESTS', MSG.rateLimited);
  }

  /** Counts one hit without checking (a failure recorded after the fact). */
  bump(key: string, rule: RateRule): void {
    if (!this.enabled) return;
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) this.hits.set(key, { count: 1, resetAt: now + rule.windowMs });
    else entry.count += 1;
    if (this.hits.size > 50_000) this.sweep(now);
  }

  private count(key: string, _rule?: RateRule): number {
    const entry = this.hits.get(key);
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

const MIN = 60_000;
export const rateRules = (env: {
  RATE_LIMIT_SIGNIN_PER_EMAIL: number;
  RATE_LIMIT_SIGNIN_PER_IP: number;
  RATE_LIMIT_SIGNUP_PER_IP: number;
  RATE_LIMIT_CODES_PER_EMAIL: number;
  RATE_LIMIT_LEADS_PER_IP: number;
}) => ({
  signinEmail: { limit: env.RATE_LIMIT_SIGNIN_PER_EMAIL, windowMs: 15 * MIN },
  signinIp: { limit: env.RATE_LIMIT_SIGNIN_PER_IP, windowMs: 15 * MIN },
  signupIp: { limit: env.RATE_LIMIT_SIGNUP_PER_IP, windowMs: 60 * MIN },
  codesEmail: { limit: env.RATE_LIMIT_CODES_PER_EMAIL, windowMs: 15 * MIN },
  leadsIp: { limit: env.RATE_LIMIT_LEADS_PER_IP, windowMs: 60 * MIN },
});
