// Saved newsletters (drafts and ready issues): the assembled HTML, its plain text and the sources.
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export interface NewsletterSources {
  channels: { name: string; url: string; niche: string }[];
  articles: Record<string, unknown>[];
  theme?: string;
  layoutStyle?: string;
  fontStyle?: string;
  colorTheme?: string;
}

export const newsletters = sqliteTable(
  'newsletters',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subject: text('subject').notNull().default(''),
    /** Plain-text version. */
    content: text('content').notNull().default(''),
    htmlContent: text('html_content').notNull().default(''),
    status: text('status').notNull().default('draft'),
    contentSources: text('content_sources', { mode: 'json' }).$type<NewsletterSources>().notNull(),
    publicationId: text('publication_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('newsletters_user_updated_idx').on(t.userId, t.updatedAt)],
);

export type NewsletterRow = typeof newsletters.$inferSelect;
