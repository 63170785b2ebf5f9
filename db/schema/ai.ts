// AI: generation jobs (their output is stored as it streams), the monthly generation count per user,
// and the pieces a creator saves from AI Magic (blog posts, social posts, campaigns, descriptions).
import { sqliteTable, text, integer, index, primaryKey, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { publications } from './publications';

/** One article an output may cite as [n] (n = position + 1). */
export interface AiSourceRow {
  id: string;
  title: string;
  url: string;
  source: string;
  channelUrl: string;
}

export const AI_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type AiJobStatus = (typeof AI_JOB_STATUSES)[number];

export const aiJobs = sqliteTable(
  'ai_jobs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    topic: text('topic').notNull().default(''),
    /** 'builtin' or the model's name. */
    engine: text('engine').notNull(),
    sources: text('sources', { mode: 'json' }).$type<AiSourceRow[]>().notNull(),
    output: text('output').notNull().default(''),
    status: text('status').$type<AiJobStatus>().notNull(),
    error: text('error'),
    /** The app process running the generation (server_processes.id); null for rows from before the registry. */
    processId: text('process_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('ai_jobs_user_idx').on(t.userId, t.createdAt)],
);

/** Generations used per user and calendar month (UTC, 'YYYY-MM'). */
export const aiUsage = sqliteTable(
  'ai_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * Free's taste of the AI tools: one row per publication issue in which the account first used an AI
 * tool in a month (src/server/ai/taste.ts). `currentOf` is the publication while that issue is its
 * current one, cleared when the issue ends (sent, or a new one started), so further AI calls in the same
 * issue and month find the row and count nothing. The row stays for the month's count after the issue
 * ends or the publication is deleted.
 */
export const aiTasteIssues = sqliteTable(
  'ai_taste_issues',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Calendar month (UTC, 'YYYY-MM') the issue is counted in. */
    month: text('month').notNull(),
    publicationId: text('publication_id').notNull(),
    currentOf: text('current_of').references(() => publications.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('ai_taste_issues_month_idx').on(t.userId, t.month), uniqueIndex('ai_taste_issues_current_unique').on(t.userId, t.currentOf)],
);

export const contentDrafts = sqliteTable(
  'content_drafts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** The text as the creator edited it; [n] marks cite `sources`. */
    body: text('body').notNull(),
    sources: text('sources', { mode: 'json' }).$type<AiSourceRow[]>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('content_drafts_user_idx').on(t.userId, t.updatedAt)],
);

export type AiJobRow = typeof aiJobs.$inferSelect;
export type ContentDraftRow = typeof contentDrafts.$inferSelect;
