// How often one network address may submit the public forms that collect an address (the landing page's
// guide form; the security demo is held to the same rule), from RATE_LIMIT_LEADS_PER_IP.
import type { Env } from '../env';
import type { RateRule } from '../context';

export const leadsIpRule = (env: Pick<Env, 'RATE_LIMIT_LEADS_PER_IP'>): RateRule => ({ limit: env.RATE_LIMIT_LEADS_PER_IP, windowMs: 60 * 60_000 });
