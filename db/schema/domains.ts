// Custom domains (white-label, Enterprise): the host an account's readers' pages are served on, one per
// account and each host one account's. The operator points the domain at the server (README).
import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const customDomains = sqliteTable('custom_domains', {
  /** Lower-case host name without port, e.g. news.example.com. */
  host: text('host').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

export type CustomDomainRow = typeof customDomains.$inferSelect;
