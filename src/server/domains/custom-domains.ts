// Custom domains (white-label, Enterprise): an account names one host; the operator points it at the
// server, whose reverse proxy terminates TLS for it (README). Requests for that host reach only the
// account's readers' pages (http/custom-domain.ts); mailed links to those pages (confirmation, web
// version, unsubscribe, tracked clicks) are built on it. Sign-in and the app stay on APP_URL.
//
// A host is used only once the account proved it holds it: a TXT record of a value only that account is
// shown, looked up through the operator's name servers. Until then it is a claim, which serves nothing
// and blocks nobody.
//
// Lookups by host (every request for a host other than APP_URL's) and by account (every send, every
// signup) are cached for 30 s per process; a change is seen by this process at once and by others
// within that time.
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db';
import { isUniqueViolation, tx } from '../db';
import type { Limiter } from '../context';
import { AppError } from '../errors';
import { locks } from '../locks';
import { signToken } from '../crypto';
import { lookupTxt } from './txt-lookup';
import { customDomainClaims, customDomains } from '../../../db/schema';
import { capabilitiesFor, PLAN_LABELS, type PlanHolder } from '../../shared/plans';

export const DOMAIN_MSG = {
  needsPlan: `Custom domains come with the ${PLAN_LABELS.enterprise} plan. Upgrade to ${PLAN_LABELS.enterprise} to serve your readers' pages on your own domain.`,
  invalid: 'Enter a domain name such as news.example.com (no https://, no path).',
  appHost: "That is this app's own address; enter a domain of yours.",
  taken: 'This domain is already used by another account.',
  noClaim: 'Enter your domain first; then publish its TXT record and verify it.',
  changed: 'Your domain was changed or removed meanwhile; verify the one shown now.',
  noRecord: (name: string) => `No TXT record found at ${name}. Add the record shown, then try again; a new DNS record can take up to an hour to be seen.`,
  wrongRecord: (name: string) => `The TXT record at ${name} does not hold the value shown. Check that it is copied exactly, then try again.`,
  dnsFailed: (name: string, code: string) => `The DNS lookup of ${name} failed (${code}). Try again in a few minutes.`,
} as const;

/** The TXT record's name beside the host, and its value's prefix: neutral words, as white-label accounts' DNS is public. */
const RECORD_LABEL = '_newsletter-verify';
const RECORD_PREFIX = 'newsletter-verify=';
/** A person presses Verify a few times while DNS catches up; more is a script making the server ask DNS. */
const VERIFY_RULE = { limit: 30, windowMs: 60 * 60 * 1000 };

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
const byHost = new Map<string, Cached<{ userId: string | null } | null>>();
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

/**
 * What this host is: an account's proven domain (`userId`), a domain only claimed so far (`userId: null`),
 * or null when no account named it.
 */
export async function domainUse(db: Pick<Db, 'select'>, host: string): Promise<{ userId: string | null } | null> {
  const key = host.toLowerCase();
  const hit = cached(byHost, key);
  if (hit !== undefined) return hit;
  const [row] = await db.select({ userId: customDomains.userId }).from(customDomains).where(eq(customDomains.host, key));
  if (row) return remember(byHost, key, row);
  const [claim] = await db.select({ userId: customDomainClaims.userId }).from(customDomainClaims).where(eq(customDomainClaims.host, key)).limit(1);
  return remember(byHost, key, claim ? { userId: null } : null);
}

/** The account's proven custom domain, or null (a claim is not used in links). */
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

type Ctx = {
  db: Db;
  env: { APP_URL: string; APP_SECRET: string; DOMAIN_DNS_SERVERS: string };
  user: PlanHolder & { id: string };
  limiter: Limiter;
  now: () => Date;
};

/**
 * The TXT record that proves an account holds a host: on a name of its own beside the host (which is
 * usually a CNAME, and a CNAME cannot share its name with a TXT record), a value derived from the
 * account and the host with the server's secret, so no other account can know or publish it for them.
 */
export function verificationRecord(env: { APP_SECRET: string }, userId: string, host: string) {
  const mac = signToken(env.APP_SECRET, 'custom-domain', `${userId}:${host}`).split('.')[1]!;
  return { name: `${RECORD_LABEL}.${host}`, value: `${RECORD_PREFIX}${mac}` };
}

export async function getCustomDomain(ctx: Omit<Ctx, 'limiter'>) {
  const [row] = await ctx.db.select().from(customDomains).where(eq(customDomains.userId, ctx.user.id));
  const [claim] = await ctx.db.select().from(customDomainClaims).where(eq(customDomainClaims.userId, ctx.user.id));
  return {
    host: row?.host ?? null,
    pending: claim ? { host: claim.host, record: verificationRecord(ctx.env, ctx.user.id, claim.host) } : null,
    target: appHostOf(ctx.env.APP_URL),
    allowed: capabilitiesFor(ctx.user).whiteLabel,
  };
}

const needsPlan = (ctx: Pick<Ctx, 'user'>) => {
  if (!capabilitiesFor(ctx.user).whiteLabel) throw new AppError('FORBIDDEN', DOMAIN_MSG.needsPlan, { requiredTier: 'enterprise' });
};

/**
 * Asks for a host: a claim, proved by verifyCustomDomain before anything is served on it or linked to
 * it. Any number of accounts may claim a host nobody has proved (so a claim never keeps the owner out);
 * a host another account has proved is refused. The account's proven domain stays in use until the new
 * one is proved.
 */
export async function setCustomDomain(ctx: Omit<Ctx, 'limiter'>, input: string) {
  needsPlan(ctx);
  const host = normalizeHost(input);
  if (!host) throw new AppError('BAD_REQUEST', DOMAIN_MSG.invalid);
  if (host === appHostOf(ctx.env.APP_URL)) throw new AppError('BAD_REQUEST', DOMAIN_MSG.appHost);
  const now = ctx.now();
  await tx(ctx.db, async (t) => {
    await locks.customDomain(t, host);
    const [proven] = await t.select({ userId: customDomains.userId }).from(customDomains).where(eq(customDomains.host, host));
    if (proven && proven.userId !== ctx.user.id) throw new AppError('CONFLICT', DOMAIN_MSG.taken);
    if (proven) {
      // The account's own proven domain again: nothing left to prove.
      await t.delete(customDomainClaims).where(eq(customDomainClaims.userId, ctx.user.id));
      return;
    }
    await t
      .insert(customDomainClaims)
      .values({ userId: ctx.user.id, host, createdAt: now })
      .onConflictDoUpdate({ target: customDomainClaims.userId, set: { host, createdAt: now } });
  });
  byHost.delete(host);
  return getCustomDomain(ctx);
}

/**
 * Looks the claim's TXT record up (outside any transaction: DNS may take seconds) and, when it holds the
 * account's value, makes the host the account's domain. Making it so is one transaction under the host's
 * lock: of two accounts proving one host at once one gets it (the host's primary key backs the lock).
 */
export async function verifyCustomDomain(ctx: Ctx) {
  needsPlan(ctx);
  const [claim] = await ctx.db.select().from(customDomainClaims).where(eq(customDomainClaims.userId, ctx.user.id));
  if (!claim) throw new AppError('PRECONDITION_FAILED', DOMAIN_MSG.noClaim);
  await ctx.limiter.hit(`domains:verify:${ctx.user.id}`, VERIFY_RULE);
  const record = verificationRecord(ctx.env, ctx.user.id, claim.host);
  const answer = await lookupTxt(ctx.env.DOMAIN_DNS_SERVERS, record.name);
  if ('failed' in answer) throw new AppError('BAD_GATEWAY', DOMAIN_MSG.dnsFailed(record.name, answer.failed));
  if (!answer.records.some((r) => r.trim() === record.value))
    throw new AppError('PRECONDITION_FAILED', answer.records.length ? DOMAIN_MSG.wrongRecord(record.name) : DOMAIN_MSG.noRecord(record.name));

  const before = await domainOf(ctx.db, ctx.user.id);
  try {
    await tx(ctx.db, async (t) => {
      await locks.customDomain(t, claim.host);
      const [still] = await t
        .select({ userId: customDomainClaims.userId })
        .from(customDomainClaims)
        .where(and(eq(customDomainClaims.userId, ctx.user.id), eq(customDomainClaims.host, claim.host)));
      // Removed or changed while DNS was asked: the record proved a host the account no longer asks for.
      if (!still) throw new AppError('CONFLICT', DOMAIN_MSG.changed);
      const [proven] = await t.select({ userId: customDomains.userId }).from(customDomains).where(eq(customDomains.host, claim.host));
      if (proven && proven.userId !== ctx.user.id) throw new AppError('CONFLICT', DOMAIN_MSG.taken);
      await t.delete(customDomains).where(eq(customDomains.userId, ctx.user.id));
      await t.insert(customDomains).values({ host: claim.host, userId: ctx.user.id, createdAt: ctx.now() });
      await t.delete(customDomainClaims).where(eq(customDomainClaims.userId, ctx.user.id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', DOMAIN_MSG.taken);
    throw err;
  }
  forget(ctx.user.id, before, claim.host);
  return getCustomDomain(ctx);
}

/** Removes the account's domain and any claim: its readers' pages and links are on APP_URL again. */
export async function removeCustomDomain(ctx: Omit<Ctx, 'limiter'>) {
  const before = await domainOf(ctx.db, ctx.user.id);
  const [claim] = await ctx.db.select({ host: customDomainClaims.host }).from(customDomainClaims).where(eq(customDomainClaims.userId, ctx.user.id));
  await tx(ctx.db, async (t) => {
    await t.delete(customDomains).where(eq(customDomains.userId, ctx.user.id));
    await t.delete(customDomainClaims).where(eq(customDomainClaims.userId, ctx.user.id));
  });
  forget(ctx.user.id, before, claim?.host ?? null);
  return getCustomDomain(ctx);
}
