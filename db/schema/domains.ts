// Custom domains (white-label, Enterprise): the host an account's readers' pages are served on, one per
// account and each host one account's. The operator points the domain at the server (README). A host
// is an account's only once a DNS record proved the account holds it; until then it is a claim, and
// several accounts may claim one host (the first to claim it is not always its owner).
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/** Proven domains: served, and used in mailed links. */
export const customDomains = sqliteTable('custom_domains', {
  /** Lower-case host name without port, e.g. news.example.com. */
  host: text('host').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** When the account proved it holds the host. */
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** A host an account asked for and has not proved yet (one per account; it replaces its proven one once proved). */
export const customDomainClaims = sqliteTable(
  'custom_domain_claims',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('custom_domain_claims_host_idx').on(t.host)],
);

export type CustomDomainRow = typeof customDomains.$inferSelect;
