// Connecting an e-mail platform: the API key is checked by a real call, stored encrypted with what the
// platform calls the account, re-checked on demand and deleted on disconnect. Never returned.
import { and, desc, eq } from 'drizzle-orm';
import { integrationConnections, integrationPublications, type IntegrationConnectionRow, type IntegrationPlatform } from '../../../db/schema';
import { AppError } from '../errors';
import type { Db } from '../db';
import type { Env } from '../env';
import type { Logger } from '../context';
import type { SessionUser } from '../auth/service';
import { decryptSecret, encryptSecret } from '../crypto';
import { connectorFor, type Connector, type Credentials } from './connectors';
import { canUsePlatform, cheapestPlanFor, INTEGRATION_PLATFORMS, lockedMessage, PLATFORM_INFO, PLATFORM_NAMES } from './platforms';
import type { ConnectionDto, PublicationDto } from '../../shared/schemas/integrations';
import type { IntegrationPublicationRow } from '../../../db/schema';

export interface IntegrationsCtx {
  db: Db;
  env: Pick<Env, 'APP_SECRET' | 'INTEGRATIONS_API_BASE'>;
  user: SessionUser;
  now: () => Date;
  log: Logger;
  /** Tests may hand in a fetch; production uses the global one. */
  fetch?: typeof fetch;
}

export const notConnectedMessage = (p: IntegrationPlatform) => `${PLATFORM_NAMES[p]} is not connected. Connect it on the Integrations page first.`;

export function assertAllowed(ctx: Pick<IntegrationsCtx, 'user'>, platform: IntegrationPlatform) {
  if (!canUsePlatform(ctx.user, platform)) throw new AppError('FORBIDDEN', lockedMessage(platform), { requiredPlan: cheapestPlanFor(platform) });
}

export async function findConnection(ctx: Pick<IntegrationsCtx, 'db' | 'user'>, platform: IntegrationPlatform): Promise<IntegrationConnectionRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.userId, ctx.user.id), eq(integrationConnections.platform, platform)))
    .limit(1);
  return row;
}

export async function requireConnection(ctx: Pick<IntegrationsCtx, 'db' | 'user'>, platform: IntegrationPlatform): Promise<IntegrationConnectionRow> {
  const row = await findConnection(ctx, platform);
  if (!row) throw new AppError('NOT_FOUND', notConnectedMessage(platform));
  return row;
}

export function credentialsOf(ctx: Pick<IntegrationsCtx, 'env'>, row: IntegrationConnectionRow): Credentials {
  try {
    return JSON.parse(decryptSecret(ctx.env.APP_SECRET, row.secret)) as Credentials;
  } catch {
    throw new AppError(
      'PRECONDITION_FAILED',
      `The saved ${PLATFORM_NAMES[row.platform]} key can no longer be read (the server's secret changed). Connect it again.`,
    );
  }
}

export function connector(ctx: Pick<IntegrationsCtx, 'env' | 'fetch'>, platform: IntegrationPlatform, creds: Credentials): Connector {
  return connectorFor(platform, creds, { apiBase: ctx.env.INTEGRATIONS_API_BASE, fetch: ctx.fetch });
}

export function toConnectionDto(row: IntegrationConnectionRow): ConnectionDto {
  return {
    status: row.status === 'error' ? 'error' : 'connected',
    accountLabel: row.accountLabel,
    lastError: row.lastError,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    connectedAt: row.createdAt.toISOString(),
  };
}

/** A refused key or a platform error seen while using a connection is shown on its card. */
export async function markConnection(ctx: Pick<IntegrationsCtx, 'db' | 'now'>, row: IntegrationConnectionRow, error: string | null): Promise<void> {
  await ctx.db
    .update(integrationConnections)
    .set({ status: error ? 'error' : 'connected', lastError: error, lastCheckedAt: ctx.now(), updatedAt: ctx.now() })
    .where(eq(integrationConnections.id, row.id));
}

/** Only a refused key says the connection is broken; rate limits and outages say nothing about it. */
export function isKeyProblem(err: unknown): err is AppError {
  return err instanceof AppError && err.code === 'PRECONDITION_FAILED';
}

export async function connect(ctx: IntegrationsCtx, input: { platform: IntegrationPlatform; apiKey: string }): Promise<ConnectionDto> {
  assertAllowed(ctx, input.platform);
  const given: Credentials = { apiKey: input.apiKey };
  let validated;
  try {
    validated = await connector(ctx, input.platform, given).validate();
  } catch (err) {
    ctx.log.warn(`integrations: connecting ${input.platform} for user ${ctx.user.id} failed: ${err instanceof Error ? err.message : 'unknown error'}`);
    throw err;
  }
  const creds: Credentials = { ...given, ...validated.extra };
  const now = ctx.now();
  const secret = encryptSecret(ctx.env.APP_SECRET, JSON.stringify(creds));
  const row: IntegrationConnectionRow = {
    id: crypto.randomUUID(),
    userId: ctx.user.id,
    platform: input.platform,
    secret,
    accountLabel: validated.accountLabel.slice(0, 200),
    status: 'connected',
    lastError: null,
    lastCheckedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  await ctx.db
    .insert(integrationConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [integrationConnections.userId, integrationConnections.platform],
      set: { secret, accountLabel: row.accountLabel, status: 'connected', lastError: null, lastCheckedAt: now, updatedAt: now },
    });
  return toConnectionDto(await requireConnection(ctx, input.platform));
}

/** Calls the platform again with the saved key; the card shows the outcome (no throw for a refused key). */
export async function recheck(ctx: IntegrationsCtx, platform: IntegrationPlatform): Promise<ConnectionDto> {
  const row = await requireConnection(ctx, platform);
  const creds = credentialsOf(ctx, row);
  try {
    const v = await connector(ctx, platform, creds).validate();
    await ctx.db
      .update(integrationConnections)
      .set({ accountLabel: v.accountLabel.slice(0, 200), status: 'connected', lastError: null, lastCheckedAt: ctx.now(), updatedAt: ctx.now() })
      .where(eq(integrationConnections.id, row.id));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await markConnection(ctx, row, err.message);
  }
  return toConnectionDto(await requireConnection(ctx, platform));
}

export async function disconnect(ctx: IntegrationsCtx, platform: IntegrationPlatform) {
  const row = await requireConnection(ctx, platform);
  await ctx.db.delete(integrationConnections).where(eq(integrationConnections.id, row.id));
  return { success: true as const, platform };
}

export function toPublicationDto(row: IntegrationPublicationRow): PublicationDto {
  return {
    id: row.id,
    newsletterId: row.newsletterId,
    platform: row.platform,
    title: row.title,
    listId: row.listId,
    listName: row.listName,
    status: row.status,
    remoteId: row.remoteId,
    remoteUrl: row.remoteUrl,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    error: row.error,
    stats: row.stats ?? null,
    statsFetchedAt: row.statsFetchedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPlatformPublications(ctx: Pick<IntegrationsCtx, 'db' | 'user'>, limit = 100): Promise<PublicationDto[]> {
  const rows = await ctx.db
    .select()
    .from(integrationPublications)
    .where(eq(integrationPublications.userId, ctx.user.id))
    .orderBy(desc(integrationPublications.createdAt), desc(integrationPublications.id))
    .limit(limit);
  return rows.map(toPublicationDto);
}

/** The Integrations page: every platform with what this plan allows and the connection (never the key). */
export async function overview(ctx: IntegrationsCtx) {
  const rows = await ctx.db.select().from(integrationConnections).where(eq(integrationConnections.userId, ctx.user.id));
  const platforms = INTEGRATION_PLATFORMS.map((p) => {
    const allowed = canUsePlatform(ctx.user, p);
    const row = rows.find((r) => r.platform === p);
    return {
      ...PLATFORM_INFO[p],
      allowed,
      requiredPlan: cheapestPlanFor(p),
      lockedMessage: allowed ? null : lockedMessage(p),
      connection: row ? toConnectionDto(row) : null,
    };
  });
  return { platforms, publications: await listPlatformPublications(ctx) };
}
