// Staff view of integrations (read-only): which system-level services are configured and how they
// were last found, and per platform how many accounts connected it, failed, published. Counts and
// error sentences only: never another user's key.
import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { integrationConnections, integrationPublications, type IntegrationPlatform } from '../../../db/schema';
import { mailProviders } from '../../../db/schema';
import { users } from '../../../db/schema';
import type { Db } from '../db';
import type { Env } from '../env';
import { configuredEngines, type AiRuntime } from '../ai/runtime';
import { stripeConfig } from '../billing/stripe';
import { INTEGRATION_PLATFORMS, PLATFORM_NAMES } from './platforms';
import type { adminOverviewDto, adminPlatformDto, platformStats } from '../../shared/schemas/integrations';

export interface AdminCtx {
  db: Db;
  env: Env;
  ai: AiRuntime;
}

const iso = (d: Date | number | null | undefined) => (d == null ? null : new Date(d).toISOString());

async function statsFor(db: Db, platform: IntegrationPlatform): Promise<z.infer<typeof platformStats>> {
  const conns = await db
    .select({ status: integrationConnections.status, n: count() })
    .from(integrationConnections)
    .where(eq(integrationConnections.platform, platform))
    .groupBy(integrationConnections.status);
  const [lastPublish] = await db
    .select({ at: max(integrationPublications.createdAt) })
    .from(integrationPublications)
    .where(and(eq(integrationPublications.platform, platform), sql`${integrationPublications.status} != 'failed'`));
  const [lastFailure] = await db
    .select({ at: integrationPublications.createdAt, error: integrationPublications.error })
    .from(integrationPublications)
    .where(and(eq(integrationPublications.platform, platform), eq(integrationPublications.status, 'failed')))
    .orderBy(desc(integrationPublications.createdAt))
    .limit(1);
  return {
    platform,
    name: PLATFORM_NAMES[platform],
    connected: conns.reduce((s, r) => s + r.n, 0),
    inError: conns.find((r) => r.status === 'error')?.n ?? 0,
    lastPublishAt: iso(lastPublish?.at),
    lastFailureAt: iso(lastFailure?.at),
    lastFailure: lastFailure?.error ?? null,
  };
}

export async function adminOverview(ctx: AdminCtx): Promise<z.infer<typeof adminOverviewDto>> {
  const providers = await ctx.db.select().from(mailProviders).where(isNull(mailProviders.userId));
  const platforms = [];
  for (const p of INTEGRATION_PLATFORMS) platforms.push(await statsFor(ctx.db, p));
  return {
    system: {
      mailProviders: providers.map((p) => ({
        kind: p.kind,
        label: p.label,
        priority: p.priority,
        lastStatus: p.lastStatus,
        lastDetail: p.lastDetail,
        lastCheckAt: iso(p.lastCheckAt),
      })),
      smtpConfigured: !!ctx.env.SMTP_URL,
      stripeConfigured: stripeConfig(ctx.env) !== null,
      ai: configuredEngines(ctx.ai),
    },
    platforms,
  };
}

export async function adminPlatform(ctx: AdminCtx, platform: IntegrationPlatform): Promise<z.infer<typeof adminPlatformDto>> {
  const byStatus = await ctx.db
    .select({ status: integrationPublications.status, n: count() })
    .from(integrationPublications)
    .where(eq(integrationPublications.platform, platform))
    .groupBy(integrationPublications.status);
  const withStatus = (s: string) => byStatus.find((r) => r.status === s)?.n ?? 0;
  const connErrors = await ctx.db
    .select({ email: users.email, at: integrationConnections.lastCheckedAt, message: integrationConnections.lastError })
    .from(integrationConnections)
    .innerJoin(users, eq(users.id, integrationConnections.userId))
    .where(and(eq(integrationConnections.platform, platform), eq(integrationConnections.status, 'error')))
    .orderBy(desc(integrationConnections.lastCheckedAt))
    .limit(20);
  const pubErrors = await ctx.db
    .select({ email: users.email, at: integrationPublications.createdAt, message: integrationPublications.error })
    .from(integrationPublications)
    .innerJoin(users, eq(users.id, integrationPublications.userId))
    .where(and(eq(integrationPublications.platform, platform), eq(integrationPublications.status, 'failed')))
    .orderBy(desc(integrationPublications.createdAt))
    .limit(20);
  const tagged = (kind: 'connection' | 'publish', rows: { email: string; at: Date | null; message: string | null }[]) =>
    rows.map((e) => ({ email: e.email, at: iso(e.at) ?? '', message: e.message ?? 'Unknown error', kind }));
  const recentErrors = [...tagged('connection', connErrors), ...tagged('publish', pubErrors)].sort((a, b) => b.at.localeCompare(a.at)).slice(0, 20);
  return {
    ...(await statsFor(ctx.db, platform)),
    publishes: { draft: withStatus('draft'), scheduled: withStatus('scheduled'), sent: withStatus('sent'), failed: withStatus('failed') },
    recentErrors,
  };
}
