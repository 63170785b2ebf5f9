// /admin/security for staff: sign-ins and failures (with rate-limited and disabled-account attempts),
// the sessions that are open now, and the audit log, each filterable; counts for the last 24 hours.
import { and, count, desc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { auditLog, sessions, signInEvents, users } from '../../../db/schema';
import { SIGN_IN_OUTCOMES } from '../../shared/sign-ins';
import type { SecurityInput } from '../../shared/schemas/admin';
import { auditEntry } from './audit';
import { contains } from '../sql-search';

const DAY_MS = 86_400_000;
const LIMIT = 100;

export async function securityOverview(ctx: { db: Db; now: () => Date }, input: SecurityInput) {
  const now = ctx.now();
  const since = new Date(now.getTime() - DAY_MS);
  const last24h = Object.fromEntries(SIGN_IN_OUTCOMES.map((o) => [o, 0])) as Record<(typeof SIGN_IN_OUTCOMES)[number], number>;
  const recent = await ctx.db
    .select({ outcome: signInEvents.outcome, n: count() })
    .from(signInEvents)
    .where(gt(signInEvents.createdAt, since))
    .groupBy(signInEvents.outcome);
  for (const r of recent) last24h[r.outcome] = r.n;

  const signInWhere: SQL[] = [];
  if (input.outcome) signInWhere.push(eq(signInEvents.outcome, input.outcome));
  if (input.search) signInWhere.push(contains(signInEvents.email, input.search));
  const signIns = (
    await ctx.db
      .select()
      .from(signInEvents)
      .where(signInWhere.length ? and(...signInWhere) : undefined)
      .orderBy(desc(signInEvents.createdAt))
      .limit(LIMIT)
  ).map((e) => ({ id: e.id, email: e.email, method: e.method, outcome: e.outcome, ip: e.ip, userAgent: e.userAgent, at: e.createdAt.toISOString() }));

  const nowSec = Math.floor(now.getTime() / 1000);
  const openRows = await ctx.db
    .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, email: users.email, name: users.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(gt(sessions.expiresAt, nowSec))
    .orderBy(desc(sessions.createdAt))
    .limit(LIMIT);
  // Only a prefix of the stored hash: enough to tell sessions apart, nothing to use.
  const open = openRows.map((s) => ({
    id: s.id.slice(0, 10),
    email: s.email,
    name: s.name,
    startedAt: new Date(s.createdAt).toISOString(),
    expiresAt: new Date(s.expiresAt * 1000).toISOString(),
  }));
  const [openCount] = await ctx.db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, nowSec));
  const openTotal = openCount?.n ?? 0;

  const auditWhere: SQL[] = [];
  if (input.action) auditWhere.push(eq(auditLog.action, input.action));
  if (input.search) auditWhere.push(or(contains(auditLog.actorEmail, input.search), contains(auditLog.detail, input.search))!);
  const audit = (
    await ctx.db
      .select()
      .from(auditLog)
      .where(auditWhere.length ? and(...auditWhere) : undefined)
      .orderBy(desc(auditLog.createdAt))
      .limit(LIMIT)
  ).map(auditEntry);
  const actions = (await ctx.db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action)).map((r) => r.action);

  return { last24h, signIns, sessions: { total: openTotal, list: open }, audit, actions };
}
