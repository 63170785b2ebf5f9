// Mail providers of an account (or of the system, userId null, managed by staff): add with settings
// validated per kind and encrypted at rest, list without secrets, check now, remove. One provider per
// priority per owner: adding a second primary is refused (remove the first), so the order is never a guess.
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import { tx, type DbOrTx } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { capabilitiesFor, isStaff } from '../../shared/plans';
import { mailProviders, PROVIDER_PRIORITIES, type MailProviderRow, type ProviderPriority } from '../../../db/schema';
import {
  PROVIDER_KINDS,
  PROVIDER_LABELS,
  parseProviderSettings,
  providerSettings,
  type HealthStatus,
  type ProviderKind,
  type ProviderSettings,
} from './transport';
import { decryptSecret, encryptSecret } from '../crypto';
import { baseUrlProblem, createTransport } from './transports';
import { blockedSmtpAddress, connectionOptions } from './transports/smtp';
import { parseAllowHosts } from '../net/address-guard';
import { dropTransport } from './chain';
import type { AddProviderInput, UpdateProviderInput } from '../../shared/schemas/mail-providers';

type Ctx = Pick<AuthedContext, 'db' | 'env' | 'log' | 'now' | 'user'>;

/** Whose providers a call is about: the caller's own, or the system's (staff only). */
export type ProviderScope = 'account' | 'system';

export interface ProviderView {
  id: string;
  kind: ProviderKind;
  label: string;
  priority: ProviderPriority;
  scope: ProviderScope;
  /** Enough to recognise the credentials, never enough to use them ("key …ab12"). */
  hint: string;
  /** Where the vendor should post delivery events; null for SMTP (no webhooks). */
  webhookUrl: string | null;
  /** Resend and Mailgun events are refused until their signing secret is saved; null where none is used. */
  signingSecretSet: boolean | null;
  lastStatus: HealthStatus;
  lastDetail: string | null;
  lastCheckAt: string | null;
  createdAt: string;
}

const CHECK_TIMEOUT_MS = 8_000;

/** The owner id for the scope, after checking the caller may manage it. */
function ownerFor(ctx: Ctx, scope: ProviderScope): string | null {
  if (scope === 'system') {
    if (!isStaff(ctx.user.role)) throw new AppError('FORBIDDEN', MSG.forbidden);
    return null;
  }
  if (!capabilitiesFor(ctx.user).emailManagement) throw new AppError('FORBIDDEN', MSG.emailManagementUnavailable);
  return ctx.user.id;
}

const ownedBy = (owner: string | null) => (owner ? eq(mailProviders.userId, owner) : isNull(mailProviders.userId));

const lastFour = (secret: string) => (secret.length > 8 ? secret.slice(-4) : '');

function hintFor(kind: ProviderKind, settings: ProviderSettings[ProviderKind]): string {
  if (kind === 'smtp') {
    const s = settings as ProviderSettings['smtp'];
    const c = connectionOptions(s.url);
    return `${c.host}:${c.port}${c.auth ? ` as ${c.auth.user}` : ''}${s.dkim ? ' · DKIM' : ''}`;
  }
  const s = settings as { apiKey?: string; serverToken?: string; domain?: string };
  const secret = s.apiKey ?? s.serverToken ?? '';
  const tail = lastFour(secret);
  const key = kind === 'postmark' ? 'token' : 'key';
  return `${tail ? `${key} …${tail}` : `${key} set`}${s.domain ? ` · ${s.domain}` : ''}`;
}

function readSettings(ctx: Ctx, row: MailProviderRow): ProviderSettings[ProviderKind] | null {
  try {
    return providerSettings[row.kind as ProviderKind].parse(JSON.parse(decryptSecret(ctx.env.APP_SECRET, row.secret)));
  } catch {
    return null;
  }
}

function toView(ctx: Ctx, row: MailProviderRow): ProviderView {
  const kind = row.kind as ProviderKind;
  const settings = readSettings(ctx, row);
  return {
    id: row.id,
    kind,
    label: row.label,
    priority: row.priority,
    scope: row.userId ? 'account' : 'system',
    hint: settings ? hintFor(kind, settings) : 'settings unreadable: remove and add again',
    webhookUrl: kind === 'smtp' ? null : `${ctx.env.APP_URL}/webhooks/${kind}/${row.webhookToken}`,
    signingSecretSet: SIGNING_FIELD[kind] ? !!(settings as Record<string, unknown> | null)?.[SIGNING_FIELD[kind]] : null,
    lastStatus: (row.lastStatus as HealthStatus) ?? 'unknown',
    lastDetail: row.lastDetail,
    lastCheckAt: row.lastCheckAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The settings field holding the webhook signing secret, for vendors that sign their events. */
const SIGNING_FIELD: Partial<Record<ProviderKind, string>> = { resend: 'webhookSecret', mailgun: 'webhookSigningKey' };

const RANK: Record<ProviderPriority, number> = { primary: 0, secondary: 1, fallback: 2 };

export async function listProviders(ctx: Ctx, scope: ProviderScope): Promise<ProviderView[]> {
  const owner = ownerFor(ctx, scope);
  const rows = await ctx.db.select().from(mailProviders).where(ownedBy(owner));
  return rows.sort((a, b) => RANK[a.priority] - RANK[b.priority] || a.createdAt.getTime() - b.createdAt.getTime()).map((r) => toView(ctx, r));
}

async function findOwned(db: DbOrTx, owner: string | null, id: string): Promise<MailProviderRow> {
  const [row] = await db
    .select()
    .from(mailProviders)
    .where(and(eq(mailProviders.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Mail provider not found');
  return row;
}

/** Settings checked for the kind: the schema, the API host, a public SMTP server, a usable DKIM key. */
async function validSettings(ctx: Ctx, kind: ProviderKind, raw: unknown) {
  const parsed = providerSettings[kind].safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError('BAD_REQUEST', issue ? (issue.message.includes('required') || !where ? issue.message : `${where}${issue.message}`) : 'Invalid settings');
  }
  const settings = parsed.data;
  const allow = parseAllowHosts(ctx.env.FETCH_ALLOW_HOSTS);
  const urlProblem = baseUrlProblem(kind, settings as { baseUrl?: string }, allow);
  if (urlProblem) throw new AppError('BAD_REQUEST', urlProblem);
  if (kind === 'smtp') {
    let blocked: string | null;
    try {
      blocked = await blockedSmtpAddress((settings as ProviderSettings['smtp']).url, allow);
    } catch {
      throw new AppError('BAD_REQUEST', 'SMTP URL must look like smtp://user:pass@smtp.example.com:587');
    }
    if (blocked) throw new AppError('BAD_REQUEST', `The SMTP server must be at a public address (${blocked} is not)`);
    if (settings && (settings as ProviderSettings['smtp']).dkim) {
      try {
        crypto.createPrivateKey((settings as ProviderSettings['smtp']).dkim!.privateKey);
      } catch {
        throw new AppError('BAD_REQUEST', 'DKIM private key must be a PEM private key');
      }
    }
  }
  return settings;
}

export async function addProvider(ctx: Ctx, scope: ProviderScope, input: AddProviderInput): Promise<ProviderView> {
  const owner = ownerFor(ctx, scope);
  if (!(PROVIDER_KINDS as readonly string[]).includes(input.kind)) throw new AppError('BAD_REQUEST', 'Unknown mail provider');
  if (!(PROVIDER_PRIORITIES as readonly string[]).includes(input.priority))
    throw new AppError('BAD_REQUEST', 'Priority must be primary, secondary or fallback');
  const settings = await validSettings(ctx, input.kind, input.settings);
  const label = (input.label ?? '').trim().slice(0, 60) || PROVIDER_LABELS[input.kind];
  const now = ctx.now();
  const row = {
    id: crypto.randomUUID(),
    userId: owner,
    kind: input.kind,
    label,
    priority: input.priority,
    secret: encryptSecret(ctx.env.APP_SECRET, JSON.stringify(settings)),
    webhookToken: crypto.randomBytes(24).toString('base64url'),
    lastStatus: 'unknown',
    lastDetail: null,
    lastCheckAt: null,
    createdAt: now,
    updatedAt: now,
  };
  // One provider per priority per owner: the check and the insert in one transaction, so two parallel
  // adds cannot both pass it.
  await tx(ctx.db, async (t) => {
    await locks.mailProviders(t, owner);
    const [taken] = await t
      .select({ id: mailProviders.id, label: mailProviders.label })
      .from(mailProviders)
      .where(and(ownedBy(owner), eq(mailProviders.priority, input.priority)))
      .limit(1);
    if (taken) throw new AppError('CONFLICT', `There is already a ${input.priority} provider (${taken.label}). Remove it first or choose another priority.`);
    await t.insert(mailProviders).values(row);
  });
  ctx.log.info(`mail provider ${row.id} (${row.kind}, ${row.priority}) added for ${owner ?? 'the system'}`);
  return toView(ctx, row);
}

export async function removeProvider(ctx: Ctx, scope: ProviderScope, id: string): Promise<{ ok: true }> {
  const owner = ownerFor(ctx, scope);
  // Found and removed in one transaction: of two removals at once, the second is told it is gone.
  const row = await tx(ctx.db, async (t) => {
    await locks.mailProviders(t, owner);
    const found = await findOwned(t, owner, id);
    await t.delete(mailProviders).where(eq(mailProviders.id, found.id));
    return found;
  });
  dropTransport(row.id);
  return { ok: true };
}

/** Runs the provider's real check now and keeps the answer on the row. */
export async function testProvider(ctx: Ctx, scope: ProviderScope, id: string): Promise<ProviderView> {
  const owner = ownerFor(ctx, scope);
  const row = await findOwned(ctx.db, owner, id);
  const settings = readSettings(ctx, row);
  let status: HealthStatus = 'error';
  let detail = 'The settings cannot be read with this server’s APP_SECRET: remove the provider and add it again.';
  if (settings) {
    const transport = createTransport(parseProviderSettings(row.kind as ProviderKind, settings), { allowHosts: parseAllowHosts(ctx.env.FETCH_ALLOW_HOSTS) });
    const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
    try {
      const limit = new Promise<{ status: HealthStatus; detail: string }>((resolve) =>
        signal.addEventListener('abort', () => resolve({ status: 'error', detail: `No answer within ${CHECK_TIMEOUT_MS / 1000} s` }), { once: true }),
      );
      ({ status, detail } = await Promise.race([transport.check(signal), limit]));
    } finally {
      void transport.close?.().catch(() => {});
    }
  }
  const at = ctx.now();
  await ctx.db
    .update(mailProviders)
    .set({ lastStatus: status, lastDetail: detail.slice(0, 500), lastCheckAt: at })
    .where(eq(mailProviders.id, row.id));
  return toView(ctx, { ...row, lastStatus: status, lastDetail: detail.slice(0, 500), lastCheckAt: at });
}

/**
 * Changes a provider's name or settings, keeping its webhook address (so a signing secret created at
 * the vendor for that address can be saved afterwards). Settings given are merged over the stored ones.
 */
export async function updateProvider(ctx: Ctx, scope: ProviderScope, input: UpdateProviderInput): Promise<ProviderView> {
  const owner = ownerFor(ctx, scope);
  const row = await findOwned(ctx.db, owner, input.id);
  const kind = row.kind as ProviderKind;
  const current = readSettings(ctx, row);
  if (!current && input.settings)
    throw new AppError('BAD_REQUEST', 'The stored settings cannot be read with this server’s APP_SECRET: remove the provider and add it again.');
  const changes = Object.fromEntries(Object.entries(input.settings ?? {}).filter(([, v]) => v !== '' && v !== undefined && v !== null));
  const settings = input.settings ? await validSettings(ctx, kind, { ...current, ...changes }) : current;
  const secret = input.settings ? encryptSecret(ctx.env.APP_SECRET, JSON.stringify(settings)) : null;
  // Read again and written in one transaction: a change without settings keeps the settings stored
  // now (not those read before), and the version always moves past the stored one.
  const updated = await tx(ctx.db, async (t) => {
    await locks.mailProviders(t, owner);
    const fresh = await findOwned(t, owner, input.id);
    const next = {
      ...fresh,
      label: input.label?.trim().slice(0, 60) || fresh.label,
      secret: secret ?? fresh.secret,
      updatedAt: new Date(Math.max(ctx.now().getTime(), fresh.updatedAt.getTime() + 1)),
    };
    await t.update(mailProviders).set({ label: next.label, secret: next.secret, updatedAt: next.updatedAt }).where(eq(mailProviders.id, fresh.id));
    return next;
  });
  return toView(ctx, updated);
}
