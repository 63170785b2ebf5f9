// Which transports carry an account's mail, in order: the account's own providers (primary,
// secondary, fallback), else the system providers, else SMTP_URL, else the built-in outbox.
import type { Deps } from '../trpc/context';
import type { Transport, TransportKind } from './transport';
import { createOutboxTransport } from './transports/outbox';
import { createSmtpTransport } from './transports/smtp';

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
export function defaultChain(deps: ChainDeps): ChainEntry[] {
  if (outboxEntry?.db !== deps.db) {
    const transport = createOutboxTransport(deps.db, { log: (l) => deps.log.info(l), now: deps.now });
    outboxEntry = { db: deps.db, entry: { id: 'outbox', kind: 'outbox', label: 'Built-in outbox', priority: 'primary', scope: 'default', transport } };
  }
  return [outboxEntry.entry];
}

let envSmtp: { url: string; entry: ChainEntry } | null = null;

/** SMTP_URL as the system's SMTP provider (one pooled transport per URL). */
function envSmtpChain(url: string): ChainEntry[] {
  if (envSmtp?.url !== url) {
    const transport = createSmtpTransport({ url, pool: 10, ratePerSecond: 0 });
    envSmtp = { url, entry: { id: 'env-smtp', kind: 'smtp', label: 'SMTP (SMTP_URL)', priority: 'primary', scope: 'system', transport } };
  }
  return [envSmtp.entry];
}

/** The chain for `userId` (null: the system chain). */
export function resolveChain(deps: ChainDeps, userId: string | null): ChainEntry[] {
  void userId;
  if (deps.env.SMTP_URL) return envSmtpChain(deps.env.SMTP_URL);
  return defaultChain(deps);
}
