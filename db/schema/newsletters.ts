// Saved newsletters (drafts and ready issues): the assembled HTML, its plain text and the sources.
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { publications } from './publications';
import type { IssueEdits } from '../../src/shared/schemas/issue-edits';

export interface NewsletterSources {
  channels: { name: string; url: string; niche: string }[];
  articles: Record<string, unknown>[];
  theme?: string;
  layoutStyle?: string;
  fontStyle?: string;
  colorTheme?: string;
  /** Older rows lack them: the intro and the creator's edits the newsletter was assembled with. */
  intro?: string;
  edits?: IssueEdits;
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
    /**
     * Set while this is the saved newsletter of that publication's current issue: step 5's Save and
     * Export update it (one per publication and account, whichever tab saves). Cleared when the issue
     * is sent or the creator starts a new one; copies and newsletters made elsewhere never have it.
     */
    currentIssueOf: text('current_issue_of').references(() => publications.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('newsletters_user_updated_idx').on(t.userId, t.updatedAt), uniqueIndex('newsletters_current_issue_unique').on(t.currentIssueOf, t.userId)],
);

export type NewsletterRow = typeof newsletters.$inferSelect;
