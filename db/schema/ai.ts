// AI: generation jobs (their output is stored as it streams), the monthly generation count per user,
// and the pieces a creator saves from AI Magic (blog posts, social posts, campaigns, descriptions).
import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './users';

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
