// The admin overview (/admin): accounts and sign-ups over the last 14 days, plans, publications,
// subscribers, sends of the last 30 days, the delivery queue's state and the latest audit entries.
import { count, desc, gt, gte } from 'drizzle-orm';
import type { Db } from '../db';
import type { JobQueue } from '../jobs/queue';
import { auditLog, issueSends, publications, subscribers, users } from '../../../db/schema';
import { normalizePlan, PLAN_TYPES, type PlanType } from '../../shared/plans';
import { auditEntry } from './audit';

const DAY_MS = 86_400_000;

export function adminOverview(ctx: { db: Db; queue: JobQueue; now: () => Date }) {
  const now = ctx.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - 13 * DAY_MS);
  // Grouped here rather than in SQL: a UTC day of a timestamp is spelled differently by every database.
  const signups = Array.from({ length: 14 }, (_, i) => ({ day: new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10), count: 0 }));
  for (const r of ctx.db.select({ at: users.createdAt }).from(users).where(gte(users.createdAt, from)).all()) {
    const slot = signups[Math.floor((r.at.getTime() - from.getTime()) / DAY_MS)];
    if (slot) slot.count++;
  }
  const plans = Object.fromEntries(PLAN_TYPES.map((p) => [p, 0])) as Record<PlanType, number>;
  for (const r of ctx.db.select({ plan: users.planType, n: count() }).from(users).groupBy(users.planType).all()) plans[normalizePlan(r.plan)] += r.n;
  const sends = Object.fromEntries(
    ctx.db
      .select({ status: issueSends.status, n: count() })
      .from(issueSends)
      .where(gt(issueSends.createdAt, new Date(now.getTime() - 30 * DAY_MS)))
      .groupBy(issueSends.status)
      .all()
      .map((r) => [r.status, r.n]),
  );
  const recentAudit = ctx.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(5).all().map(auditEntry);
  return {
    users: ctx.db.select({ n: count() }).from(users).get()?.n ?? 0,
    signups,
    plans,
    publications: ctx.db.select({ n: count() }).from(publications).get()?.n ?? 0,
    subscribers: ctx.db.select({ n: count() }).from(subscribers).get()?.n ?? 0,
    sends,
    queue: ctx.queue.counts(),
    recentAudit,
  };
}
