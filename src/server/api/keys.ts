// API keys (Business and Enterprise; admins): created in Settings → Advanced, shown once, kept as their
// SHA-256 only, named, scoped (read, or read and write), revoked at will. A request to /api/v1 is
// authenticated by its Bearer key here; every request made with a key is recorded (apiRequests) and its
// last use kept on the key.
import crypto from 'node:crypto';
import { and, count, desc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import { tx, type Db } from '../db';
import { AppError } from '../errors';
import { locks } from '../locks';
import { sha256Hex } from '../crypto';
import { apiKeys, apiRequests, users, type ApiScope } from '../../../db/schema';
import { capabilitiesFor, PLAN_LABELS, API_ACCESS_PLAN, type PlanHolder } from '../../shared/plans';
import { toSessionUser, type SessionUser } from '../auth/service';
import { recordAudit, type Actor } from '../user/audit';
import { MSG } from '../../shared/messages';
import type { ApiKeyDto, ApiRequestDto, CreateApiKeyInput } from '../../shared/schemas/api-keys';

const plan = PLAN_LABELS[API_ACCESS_PLAN];

export const API_KEY_MSG = {
  needsPlan: `API access comes with the ${plan} plan. Upgrade to ${plan} to use the API.`,
  /** The one answer to a missing, malformed, wrong or revoked key: it says nothing of which. */
  invalid: 'The API key is missing, invalid or revoked. Send a valid key as "Authorization: Bearer <key>".',
  readOnly: MSG.apiKeyReadOnly,
  tooMany: (n: number) => `An account can keep ${n} API keys. Revoke one you no longer use first.`,
  notFound: 'API key not found',
  customRate: `A key's own rate limit comes with custom API access on the ${PLAN_LABELS.enterprise} plan.`,
} as const;

/** Keys an account may keep at once (revoked ones do not count). */
export const MAX_API_KEYS = 20;
const KEY_PREFIX = 'cur_';
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;
/** A key's last use is written at most this often; every request is still recorded in apiRequests. */
const LAST_USED_EVERY_MS = 60_000;
/** Recorded requests are kept this long. */
export const API_REQUEST_RETENTION_MS = 90 * 24 * 3600_000;

type Ctx = { db: Db; user: PlanHolder & { id: string; email: string }; ip: string; now: () => Date };

const toDto = (row: typeof apiKeys.$inferSelect): ApiKeyDto => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scope: row.scope,
  ratePerMinute: row.ratePerMinute,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const actorOf = (ctx: Ctx): Actor => ({ id: ctx.user.id, email: ctx.user.email, ip: ctx.ip });

function assertPlan(user: PlanHolder) {
  if (!capabilitiesFor(user).apiAccess) throw new AppError('FORBIDDEN', API_KEY_MSG.needsPlan, { apiCode: 'plan_required' });
}

export async function listApiKeys(ctx: Ctx): Promise<ApiKeyDto[]> {
  const rows = await ctx.db.select().from(apiKeys).where(eq(apiKeys.userId, ctx.user.id)).orderBy(desc(apiKeys.createdAt));
  return rows.map(toDto);
}

/** A new key: its secret is in this answer only. */
export async function createApiKey(ctx: Ctx, input: CreateApiKeyInput): Promise<{ key: ApiKeyDto; secret: string }> {
  assertPlan(ctx.user);
  if (input.ratePerMinute !== undefined && !capabilitiesFor(ctx.user).customApiAccess) throw new AppError('FORBIDDEN', API_KEY_MSG.customRate);
  const secret = `${KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const now = ctx.now();
  return tx(ctx.db, async (t) => {
    // Two creations at once must not both pass the count.
    await locks.apiKeysOf(t, ctx.user.id);
    const [{ n }] = await t
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, ctx.user.id), isNull(apiKeys.revokedAt)));
    if (n >= MAX_API_KEYS) throw new AppError('FORBIDDEN', API_KEY_MSG.tooMany(MAX_API_KEYS));
    const [row] = await t
      .insert(apiKeys)
      .values({
        id: crypto.randomUUID(),
        userId: ctx.user.id,
        name: input.name,
        prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
        hash: sha256Hex(secret),
        scope: input.scope,
        ratePerMinute: input.ratePerMinute ?? null,
        createdAt: now,
      })
      .returning();
    await recordAudit(t, actorOf(ctx), 'api_key.create', ctx.user.id, { email: ctx.user.email, key: row!.prefix, name: input.name, scope: input.scope }, now);
    return { key: toDto(row!), secret };
  });
}

export async function revokeApiKey(ctx: Ctx, id: string): Promise<ApiKeyDto> {
  const now = ctx.now();
  return tx(ctx.db, async (t) => {
    const [row] = await t
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, ctx.user.id), isNull(apiKeys.revokedAt)))
      .returning();
    if (!row) {
      const [kept] = await t
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, ctx.user.id)));
      if (!kept) throw new AppError('NOT_FOUND', API_KEY_MSG.notFound);
      return toDto(kept); // already revoked
    }
    await recordAudit(t, actorOf(ctx), 'api_key.revoke', ctx.user.id, { email: ctx.user.email, key: row.prefix, name: row.name }, now);
    return toDto(row);
  });
}

/** The latest requests made with one of the account's keys. */
export async function apiKeyRequests(ctx: Ctx, keyId: string): Promise<ApiRequestDto[]> {
  const [key] = await ctx.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, ctx.user.id)));
  if (!key) throw new AppError('NOT_FOUND', API_KEY_MSG.notFound);
  const rows = await ctx.db.select().from(apiRequests).where(eq(apiRequests.keyId, keyId)).orderBy(desc(apiRequests.at), desc(apiRequests.id)).limit(50);
  return rows.map((r) => ({ at: r.at.toISOString(), method: r.method, path: r.path, status: r.status, ip: r.ip }));
}

export interface ApiCaller {
  keyId: string;
  scope: ApiScope;
  /** The key's own requests per minute, or null for the default. */
  ratePerMinute: number | null;
  user: SessionUser;
}

/** The caller of an Authorization header, or null for a missing, malformed, unknown or revoked key (or a disabled account). */
export async function authenticateKey(db: Db, authorization: string | undefined): Promise<ApiCaller | null> {
  const match = /^Bearer\s+(cur_[A-Za-z0-9_-]{43})\s*$/.exec(authorization ?? '');
  if (!match) return null;
  const [row] = await db
    .select({ keyId: apiKeys.id, scope: apiKeys.scope, ratePerMinute: apiKeys.ratePerMinute, revokedAt: apiKeys.revokedAt, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.hash, sha256Hex(match[1]!)));
  if (!row || row.revokedAt || row.user.disabledAt) return null;
  return { keyId: row.keyId, scope: row.scope, ratePerMinute: row.ratePerMinute, user: toSessionUser(row.user) };
}

/** Refuses a caller whose plan no longer includes the API (a downgraded account keeps its keys, unusable). */
export function assertApiAccess(caller: ApiCaller) {
  assertPlan(caller.user);
}

/** Records one request made with a key, and the key's last use (at most once a minute). */
export async function recordApiRequest(db: Db, keyId: string, req: { method: string; path: string; status: number; ip: string }, now: Date) {
  // One transaction: one commit per request on SQLite.
  await tx(db, async (t) => {
    await t.insert(apiRequests).values({ keyId, at: now, ...req });
    await t
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)))));
  });
}

/** Drops recorded requests past their retention (the hourly sweep). */
export async function sweepApiRequests(db: Db, now: Date) {
  await db.delete(apiRequests).where(lt(apiRequests.at, new Date(now.getTime() - API_REQUEST_RETENTION_MS)));
}
