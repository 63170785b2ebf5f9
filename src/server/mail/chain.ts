// Which transports carry a sender's mail, in order. An account's (a userId): its own providers
// (primary, secondary, fallback; while its plan has Email Management), else the system's. The
// system's ('system': sign-in codes and the product's other mail): the providers staff saved, else
// SMTP_URL, else the built-in outbox. The outbox never stands behind real providers: mail it takes
// is not delivered.
import { createHash } from 'node:crypto';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../context';
import { isProviderKind, parseProviderSettings, type KindSettings, type Transport, type TransportKind } from './transport';
import { createOutboxTransport } from './transports/outbox';
import { createSmtpTransport } from './transports/smtp';
import { createTransport } from './transports';
import { decryptSecret } from '../crypto';
import { parseAllowHosts } from '../net/address-guard';
import { capabilitiesOf } from '../plans/account-plan';
import { mailProviders, type MailProviderRow } from '../../../db/schema';

export interface ChainEntry {
  /** mail_providers row id, or 'env-smtp' / 'outbox'. */
  id: string;
  kind: TransportKind;
  label: string;
  priority: 'primary' | 'secondary' | 'fallback';
  /** Whose settings these are: the account's own, the system's, or the built-in default. */
  scope: 'account' | 'system' | 'default';
  transport: Transport;
}

type ChainDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;

let outboxEntry: { db: unknown; entry: ChainEntry } | null = null;

/** The built-in default when nothing is configured. */
function defaultChain(deps: ChainDeps): ChainEntry[] {
  if (outboxEntry?.db !== deps.db) {
    const transport = createOutboxTransport(deps.db, { log: (l) => deps.log.info(l), now: () => deps.now() });
    outboxEntry = { db: deps.db, entry: { id: 'outbox', kind: 'outbox', label: 'Built-in outbox', priority: 'primary', scope: 'default', transport } };
  }
  return [outboxEntry.entry];
}

let envSmtp: { url: string; entry: ChainEntry } | null = null;

/** SMTP_URL as the system's SMTP provider (one pooled transport per URL). */
function envSmtpChain(url: string): ChainEntry[] {
  if (envSmtp?.url !== url) {
    // The replaced pool would otherwise keep its connections open for good.
    if (envSmtp) void envSmtp.entry.transport.close?.().catch(() => {});
    const transport = createSmtpTransport({ url, pool: 10, ratePerSecond: 0 });
    envSmtp = { url, entry: { id: 'env-smtp', kind: 'smtp', label: 'SMTP (SMTP_URL)', priority: 'primary', scope: 'system', transport } };
  }
  return [envSmtp.entry];
}

/** Tells APP_SECRETs apart without keeping one in a cache key. */
const secretStamp = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 16);

/** One transport per row version, so SMTP pools and keep-alive connections survive across batches. */
const transports = new Map<string, { stamp: string; transport: Transport }>();

function transportFor(deps: ChainDeps, row: MailProviderRow): Transport | null {
  const stamp = `${row.updatedAt.getTime()}|${deps.env.FETCH_ALLOW_HOSTS}|${secretStamp(deps.env.APP_SECRET)}`;
  const hit = transports.get(row.id);
  if (hit?.stamp === stamp) return hit.transport;
  if (!isProviderKind(row.kind)) return null;
  let provider: KindSettings;
  try {
    provider = parseProviderSettings(row.kind, JSON.parse(decryptSecret(deps.env.APP_SECRET, row.secret)));
  } catch {
    // Written under another APP_SECRET, or by an older version: unusable until re-entered.
    deps.log.warn(`mail provider ${row.id} (${row.kind}) has settings this server cannot read; skipped`);
    return null;
  }
  const transport = createTransport(provider, { allowHosts: parseAllowHosts(deps.env.FETCH_ALLOW_HOSTS) });
  if (hit) void hit.transport.close?.().catch(() => {});
  transports.set(row.id, { stamp, transport });
  return transport;
}

/** Forgets a removed provider's transport (closing its pool). */
export function dropTransport(id: string) {
  const hit = transports.get(id);
  transports.delete(id);
  void hit?.transport.close?.().catch(() => {});
}

const PRIORITY_ORDER = sql`CASE ${mailProviders.priority} WHEN 'primary' THEN 0 WHEN 'secondary' THEN 1 ELSE 2 END`;

async function rowsChain(deps: ChainDeps, userId: string | null): Promise<ChainEntry[]> {
  const rows = await deps.db
    .select()
    .from(mailProviders)
    .where(userId ? eq(mailProviders.userId, userId) : isNull(mailProviders.userId))
    .orderBy(PRIORITY_ORDER, asc(mailProviders.createdAt));
  const entries: ChainEntry[] = [];
  for (const row of rows) {
    const transport = transportFor(deps, row);
    if (!transport) continue;
    entries.push({ id: row.id, kind: transport.kind, label: row.label, priority: row.priority, scope: userId ? 'account' : 'system', transport });
  }
  return entries;
}

/** Whose mail a chain carries: an account (its user id) or the product itself. */
export type MailOwner = string | 'system';

/** The chain for `owner`, read at each call (one indexed query; transports are cached per row version). */
export async function chainFor(deps: ChainDeps, owner: MailOwner): Promise<ChainEntry[]> {
  // An account that lost Email Management (downgrade, trial over) keeps its rows but mails through the system.
  if (owner !== 'system' && (await capabilitiesOf(deps.db, owner, deps.now())).emailManagement) {
    const own = await rowsChain(deps, owner);
    if (own.length) return own;
  }
  const system = await rowsChain(deps, null);
  if (system.length) return system;
  if (deps.env.SMTP_URL) return envSmtpChain(deps.env.SMTP_URL);
  return defaultChain(deps);
}
