// How often sign-in, sign-up and e-mail codes may be tried (per address and per network address), from
// the RATE_LIMIT_* settings. Counted by ctx.limiter; the billing trial sign-up shares the sign-up rule.
import type { Env } from '../env';
import type { RateRule } from '../context';

const MIN = 60_000;

type AuthRuleSettings = Pick<Env, 'RATE_LIMIT_SIGNIN_PER_EMAIL' | 'RATE_LIMIT_SIGNIN_PER_IP' | 'RATE_LIMIT_SIGNUP_PER_IP' | 'RATE_LIMIT_CODES_PER_EMAIL'>;

export const authRateRules = (env: AuthRuleSettings) =>
  ({
    signinEmail: { limit: env.RATE_LIMIT_SIGNIN_PER_EMAIL, windowMs: 15 * MIN },
    signinIp: { limit: env.RATE_LIMIT_SIGNIN_PER_IP, windowMs: 15 * MIN },
    signupIp: { limit: env.RATE_LIMIT_SIGNUP_PER_IP, windowMs: 60 * MIN },
    codesEmail: { limit: env.RATE_LIMIT_CODES_PER_EMAIL, windowMs: 15 * MIN },
  }) satisfies Record<string, RateRule>;
