// The built-in outbox: every message the mailer sends without SMTP is stored here.
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';

export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id').notNull(),
    transport: text('transport').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('outbox_to_idx').on(t.toAddress)],
);
