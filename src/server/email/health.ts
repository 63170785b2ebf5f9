// Email Management's scope and health: whose mail a call is about (the system's for staff, the
// account's own for plans with emailManagement), and real checks of that scope's delivery chain,
// run in parallel with a timeout and shared for a short while across callers.
import { eq } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import type { Db } from '../db';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { capabilitiesFor, isStaff } from '../../shared/plans';
import { mailProviders } from '../../../db/schema';
import { chainFor, type ChainEntry } from '../mail/chain';
import type { HealthCheck, HealthStatus } from '../mail/transport';
import type { EmailScope, HealthOutput, ServiceHealth } from '../../shared/schemas/email-admin';

type Ctx = Pick<AuthedContext, 'db' | 'env' | 'log' | 'now' | 'user'>;

export interface Scope {
  kind: EmailScope;
  /** null: the system (every account's mail, the system providers). */
  userId: string | null;
}

/**
 * Staff see the system's mail; an account sees its own if its plan has Email Management. A request
 * for the system scope by a non-staff user, or for an account scope without the feature, is refused.
 */
export function emailScope(user: Ctx['user'], requested?: EmailScope): Scope {
  const staff = isStaff(user.role);
  const kind = requested ?? (staff ? 'system' : 'account');
  if (kind === 'system') {
    if (!staff) throw new AppError('FORBIDDEN', MSG.forbidden);
    return { kind, userId: null };
  }
  if (!capabilitiesFor(user).emailManagement) throw new AppError('FORBIDDEN', MSG.emailManagementUnavailable);
  return { kind, userId: user.id };
}

export async function scopeChain(ctx: Ctx, scope: Scope): Promise<ChainEntry[]> {
  return await chainFor(ctx, scope.userId ?? 'system');
}

/** Ids that are not mail_providers rows. */
const BUILT_IN_IDS = new Set(['env-smtp', 'outbox']);
export const CHECK_TIMEOUT_MS = 8_000;
/** Polling every 30 s by many viewers reaches each provider at most about twice a minute. */
export const HEALTH_CACHE_MS = 25_000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

async function checkEntry(entry: ChainEntry): Promise<HealthCheck> {
  const ac = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthCheck>((resolve) => {
    timer = setTimeout(() => {
      ac.abort();
      resolve({ status: 'error', detail: `No answer within ${CHECK_TIMEOUT_MS / 1000} s` });
    }, CHECK_TIMEOUT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([entry.transport.check(ac.signal).catch((err: unknown): HealthCheck => ({ status: 'error', detail: errorText(err) })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface CheckedEntry {
  entry: ChainEntry;
  check: HealthCheck;
  at: Date;
}

const cache = new WeakMap<Db, Map<string, { at: number; result: Promise<CheckedEntry[]> }>>();

/** Checks every entry of the chain; a result younger than HEALTH_CACHE_MS (or one in flight) is shared. */
function checkChain(ctx: Ctx, scope: Scope, chain: ChainEntry[]): Promise<CheckedEntry[]> {
  const key = `${scope.userId ?? 'system'}|${chain.map((e) => e.id).join(',')}`;
  let perDb = cache.get(ctx.db);
  if (!perDb) cache.set(ctx.db, (perDb = new Map()));
  const now = ctx.now().getTime();
  const hit = perDb.get(key);
  if (hit && now - hit.at < HEALTH_CACHE_MS) return hit.result;
  const result = Promise.all(
    chain.map(async (entry) => {
      const check = await checkEntry(entry);
      const at = ctx.now();
      if (!BUILT_IN_IDS.has(entry.id)) {
        await ctx.db.update(mailProviders).set({ lastStatus: check.status, lastDetail: check.detail, lastCheckAt: at }).where(eq(mailProviders.id, entry.id));
      }
      return { entry, check, at };
    }),
  );
  perDb.set(key, { at: now, result });
  // A failure here is a bug (checks turn errors into results); never keep it for the next caller.
  result.catch(() => perDb.delete(key));
  return result;
}

type Priority = ChainEntry['priority'];
const NOT_CONFIGURED: Record<Priority, string> = {
  primary: 'No primary service configured',
  secondary: 'No secondary service configured',
  fallback: 'No fallback service configured',
};

function toService(c: CheckedEntry): ServiceHealth {
  return {
    id: c.entry.id,
    priority: c.entry.priority,
    kind: c.entry.kind,
    name: c.entry.label,
    status: c.check.status,
    detail: c.check.detail,
    checkedAt: c.at.toISOString(),
  };
}

/**
 * Overall: only the outbox → warning (nothing is really delivered); the primary failing with nothing
 * else healthy → error; anything configured not healthy → warning; else healthy.
 */
export function overallStatus(list: ServiceHealth[]): { status: HealthStatus; detail: string } {
  if (list.length === 0) return { status: 'unknown', detail: 'No mail service is configured.' };
  if (list.every((s) => s.kind === 'outbox'))
    return { status: 'warning', detail: 'Mail is kept in the built-in outbox and not really delivered. Configure a mail provider to deliver it.' };
  const primary = list.find((s) => s.priority === 'primary') ?? list[0]!;
  const othersHealthy = list.some((s) => s !== primary && s.status === 'healthy');
  if (primary.status === 'error' && !othersHealthy) return { status: 'error', detail: `${primary.name}: ${primary.detail}` };
  const failing = list.filter((s) => s.status !== 'healthy');
  if (failing.length > 0) return { status: 'warning', detail: failing.map((s) => `${s.name}: ${s.detail}`).join(' · ') };
  return { status: 'healthy', detail: 'All configured mail services answer.' };
}

export async function emailHealth(ctx: Ctx, input: { scope?: EmailScope }): Promise<HealthOutput> {
  const scope = emailScope(ctx.user, input.scope);
  const checked = await checkChain(ctx, scope, await scopeChain(ctx, scope));
  const list = checked.map(toService);
  const slot = (p: Priority): ServiceHealth =>
    list.find((s) => s.priority === p) ?? {
      id: null,
      priority: p,
      kind: null,
      name: 'Not configured',
      status: 'unknown',
      detail: NOT_CONFIGURED[p],
      checkedAt: null,
    };
  const lastCheck = checked.reduce((max, c) => (c.at > max ? c.at : max), new Date(0));
  const overall = overallStatus(list);
  return {
    success: true,
    data: {
      scope: scope.kind,
      status: overall.status,
      detail: overall.detail,
      lastCheck: (checked.length ? lastCheck : ctx.now()).toISOString(),
      services: { brevo: slot('primary'), bigscoots: slot('secondary'), fallback: slot('fallback') },
      list,
    },
  };
}
