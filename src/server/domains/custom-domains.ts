// Custom domains (white-label, Enterprise): an account names one host; the operator points it at the
// server, whose reverse proxy terminates TLS for it (README). Requests for that host reach only the
// account's readers' pages (http/custom-domain.ts); mailed links to those pages (confirmation, web
// version, unsubscribe, tracked clicks) are built on it. Sign-in and the app stay on APP_URL.
//
// Lookups by host (every request for a host other than APP_URL's) and by account (every send, every
// signup) are cached for 30 s per process; a change is seen by this process at once and by others
// within that time.
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { isUniqueViolation } from '../db';
import { AppError } from '../errors';
import { customDomains } from '../../../db/schema';
import { capabilitiesFor, PLAN_LABELS, type PlanHolder } from '../../shared/plans';

export const DOMAIN_MSG = {
  needsPlan: `Custom domains come with the ${PLAN_LABELS.enterprise} plan. Upgrade to ${PLAN_LABELS.enterprise} to serve your readers' pages on your own domain.`,
  invalid: 'Enter a domain name such as news.example.com (no https://, no path).',
  appHost: "That is this app's own address; enter a domain of yours.",
  taken: 'This domain is already used by another account.',
} as const;

const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const TTL_MS = 30_000;

/**
 * The host a request names, in the form hosts are stored: lower case, without the port, without the
 * trailing dot of a fully qualified name (`news.example.com.` is the same name to DNS and to browsers).
 */
export function requestHost(header: string): string {
  const h = header.trim().toLowerCase();
  const bare = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d*$/, '');
  return bare.replace(/\.+$/, '');
}

/** A host as typed (maybe with a scheme, a trailing slash or capitals) → its canonical form, or null. */
export function normalizeHost(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '')
    .replace(/\.$/, '');
  return HOST.test(host) ? host : null;
}

/** A request's custom domain, when it came on one (Context.servedFor: that account's id). */
export type ServedOn = { servedFor?: string };

/**
 * Whether an owner's publication or reader answers this request: on an account's custom domain only that
 * account's do (as /p/<slug> there), on the app's own address every one.
 */
export const servedHere = (on: ServedOn, ownerId: string) => on.servedFor === undefined || on.servedFor === ownerId;

const appHostOf = (appUrl: string) => new URL(appUrl).hostname.toLowerCase();

type Cached<T> = { value: T; until: number };
const byHost = new Map<string, Cached<string | null>>();
const byUser = new Map<string, Cached<string | null>>();

function cached<T>(map: Map<string, Cached<T>>, key: string): T | undefined {
  const hit = map.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  map.delete(key);
  return undefined;
}

function remember<T>(map: Map<string, Cached<T>>, key: string, value: T): T {
  if (map.size > 10_000) map.clear();
  map.set(key, { value, until: Date.now() + TTL_MS });
  return value;
}

/** The account whose custom domain this host is, or null. */
export async function domainOwner(db: Pick<Db, 'select'>, host: string): Promise<string | null> {
  const key = host.toLowerCase();
  const hit = cached(byHost, key);
  if (hit !== undefined) return hit;
  const [row] = await db.select({ userId: customDomains.userId }).from(customDomains).where(eq(customDomains.host, key));
  return remember(byHost, key, row?.userId ?? null);
}

/** The account's custom domain, or null. */
export async function domainOf(db: Pick<DbOrTx, 'select'>, userId: string): Promise<string | null> {
  const hit = cached(byUser, userId);
  if (hit !== undefined) return hit;
  const [row] = await db.select({ host: customDomains.host }).from(customDomains).where(eq(customDomains.userId, userId));
  return remember(byUser, userId, row?.host ?? null);
}

/** Where the account's readers' pages live: https://<its domain>, or APP_URL. */
export async function publicBaseFor(deps: { db: Pick<DbOrTx, 'select'>; env: { APP_URL: string } }, userId: string): Promise<string> {
  const host = await domainOf(deps.db, userId);
  return host ? `https://${host}` : deps.env.APP_URL;
}

function forget(userId: string, ...hosts: (string | null)[]) {
  byUser.delete(userId);
  for (const h of hosts) if (h) byHost.delete(h);
}

type Ctx = { db: Db; env: { APP_URL: string }; user: PlanHolder & { id: string }; now: () => Date };

export async function getCustomDomain(ctx: Ctx) {
  const [row] = await ctx.db.select().from(customDomains).where(eq(customDomains.userId, ctx.user.id));
  return { host: row?.host ?? null, target: appHostOf(ctx.env.APP_URL), allowed: capabilitiesFor(ctx.user).whiteLabel };
}

/**
 * Sets (or replaces) the account's domain. One statement: the host's primary key refuses a host another
 * account holds, and the account's unique key makes it an update of the account's own row.
 */
export async function setCustomDomain(ctx: Ctx, input: string) {
  if (!capabilitiesFor(ctx.user).whiteLabel) throw new AppError('FORBIDDEN', DOMAIN_MSG.needsPlan, { requiredTier: 'enterprise' });
  const host = normalizeHost(input);
  if (!host) throw new AppError('BAD_REQUEST', DOMAIN_MSG.invalid);
  if (host === appHostOf(ctx.env.APP_URL)) throw new AppError('BAD_REQUEST', DOMAIN_MSG.appHost);
  const before = await domainOf(ctx.db, ctx.user.id);
  try {
    await ctx.db
      .insert(customDomains)
      .values({ host, userId: ctx.user.id, createdAt: ctx.now() })
      .onConflictDoUpdate({ target: customDomains.userId, set: { host, createdAt: ctx.now() } });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', DOMAIN_MSG.taken);
    throw err;
  }
  forget(ctx.user.id, before, host);
  return getCustomDomain(ctx);
}

export async function removeCustomDomain(ctx: Ctx) {
  const before = await domainOf(ctx.db, ctx.user.id);
  await ctx.db.delete(customDomains).where(eq(customDomains.userId, ctx.user.id));
  forget(ctx.user.id, before);
  return getCustomDomain(ctx);
}
