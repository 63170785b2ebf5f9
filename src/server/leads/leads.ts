// Leads from the landing page's newsletter-guide form; idempotent per e-mail.
import crypto from 'node:crypto';
import { leads } from '../../../db/schema';
import type { Context } from '../context';
import { leadsIpRule } from './rate-rules';

type Ctx = Pick<Context, 'db' | 'env' | 'limiter' | 'now' | 'ip'>;

export async function storeLead(ctx: Ctx, input: { email: string; firstName: string }) {
  await ctx.limiter.hit(`leads:ip:${ctx.ip}`, leadsIpRule(ctx.env));
  await ctx.db
    .insert(leads)
    .values({ id: crypto.randomUUID(), email: input.email, firstName: input.firstName, createdAt: ctx.now() })
    .onConflictDoUpdate({ target: leads.email, set: { firstName: input.firstName } });
  return { success: true as const, message: 'Thanks! Your newsletter guide is on its way.' };
}
