// The admin overview (/admin): accounts and sign-ups over the last 14 days, plans, publications,
// subscribers, sends of the last 30 days, the delivery queue's state and the latest audit entries.
import { count, desc, gt, gte } from 'drizzle-orm';
import type { Db } from '../db';
import type { JobQueue } from '../jobs/queue';
import { auditLog, issueSends, publications, subscribers, users } from '../../../db/schema';
import { normalizePlan, PLAN_TYPES, type PlanType } from '../../shared/plans';
import { auditEntry } from './audit';

const DAY_MS = 86_400_000;

export async function adminOverview(ctx: { db: Db; queue: JobQueue; now: () => Date }) {
  const now = ctx.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - 13 * DAY_MS);
  // Grouped here rather than in SQL: a UTC day of a timestamp is spelled differently by every database.
  const signups = Array.from({ length: 14 }, (_, i) => ({ day: new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10), count: 0 }));
  for (const r of await ctx.db.select({ at: users.createdAt }).from(users).where(gte(users.createdAt, from))) {
    const slot = signups[Math.floor((r.at.getTime() - from.getTime()) / DAY_MS)];
    if (slot) slot.count++;
  }
  const plans = Object.fromEntries(PLAN_TYPES.map((p) => [p, 0])) as Record<PlanType, number>;
  for (const r of await ctx.db.select({ plan: users.planType, n: count() }).from(users).groupBy(users.planType)) plans[normalizePlan(r.plan)] += r.n;
  const sendRows = await ctx.db
    .select({ status: issueSends.status, n: count() })
    .from(issueSends)
    .where(gt(issueSends.createdAt, new Date(now.getTime() - 30 * DAY_MS)))
    .groupBy(issueSends.status);
  const sends = Object.fromEntries(sendRows.map((r) => [r.status, r.n]));
  const recentAudit = (await ctx.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(5)).map(auditEntry);
  const [userCount] = await ctx.db.select({ n: count() }).from(users);
  const [publicationCount] = await ctx.db.select({ n: count() }).from(publications);
  const [subscriberCount] = await ctx.db.select({ n: count() }).from(subscribers);
  return {
    users: userCount?.n ?? 0,
    signups,
    plans,
    publications: publicationCount?.n ?? 0,
    subscribers: subscriberCount?.n ?? 0,
    sends,
    queue: await ctx.queue.counts(),
    recentAudit,
  };
}
