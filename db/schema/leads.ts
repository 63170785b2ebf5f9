// Marketing leads from the landing page's newsletter-guide form.
import { sqliteTable, text, integer, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    source: text('source').notNull().default('newsletter-guide'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('leads_email_unique').on(t.email)],
);
