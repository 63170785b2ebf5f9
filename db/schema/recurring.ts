// Recurring issues: a publication's schedule (when, which channels, how many stories, the minimum of new
// ones, send or ask first) and its runs, one per schedule and period: the unique (schedule, period) row
// is what keeps a restart or a second process from making a second issue for the same period.
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { publications } from './publications';
import type { PrecheckResult } from '../../src/shared/precheck';

export const RECURRING_FREQUENCIES = ['daily', 'weekdays', 'monthly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const RECURRING_MODES = ['auto', 'approve'] as const;
export type RecurringMode = (typeof RECURRING_MODES)[number];
export const RECURRING_RUN_STATUSES = ['queued', 'running', 'skipped', 'awaiting_approval', 'sent', 'failed', 'expired'] as const;
export type RecurringRunStatus = (typeof RECURRING_RUN_STATUSES)[number];

/** One schedule per publication. */
export const recurringSchedules = sqliteTable(
  'recurring_schedules',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    frequency: text('frequency').$type<RecurringFrequency>().notNull(),
    /** 0 = Sunday … 6 = Saturday (for 'weekdays'). */
    weekdays: text('weekdays', { mode: 'json' }).$type<number[]>().notNull().default([]),
    /** 1–28 (for 'monthly'). */
    dayOfMonth: integer('day_of_month').notNull().default(1),
    /** HH:MM in `timeZone`. */
    time: text('time').notNull(),
    /** The creator's IANA zone. */
    timeZone: text('time_zone').notNull(),
    /** The channels the run reads: name, feed address, niche. */
    channels: text('channels', { mode: 'json' }).$type<{ name: string; url: string; niche: string }[]>().notNull().default([]),
    storyCount: integer('story_count').notNull(),
    minNewStories: integer('min_new_stories').notNull(),
    /** Sent to this saved segment only (null: every active reader). */
    segmentId: text('segment_id'),
    mode: text('mode').$type<RecurringMode>().notNull(),
    /** 'approve' mode: send anyway this many hours after asking when nobody answered (null: never). */
    autoSendAfterHours: integer('auto_send_after_hours'),
    /** The model the creator picked for the intro and subject (null: the built-in engine). */
    model: text('model'),
    /** The next period's start (UTC); the tick turns it into a run. */
    nextRunAt: integer('next_run_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('recurring_schedules_publication_unique').on(t.publicationId), index('recurring_schedules_due_idx').on(t.enabled, t.nextRunAt)],
);

export const recurringRuns = sqliteTable(
  'recurring_runs',
  {
    id: text('id').primaryKey(),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => recurringSchedules.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    /** The period's scheduled time as ISO text, or 'manual:<id>' for "Run now". */
    period: text('period').notNull(),
    status: text('status').$type<RecurringRunStatus>().notNull(),
    /** Why it was skipped or failed, in the creator's words. */
    reason: text('reason'),
    subject: text('subject'),
    /** The stories picked (id, title, link), for the history and the used-story memory. */
    articles: text('articles', { mode: 'json' }).$type<{ id: string; title: string; url: string }[]>().notNull().default([]),
    /** What the run prepared: the intro and the stories as the assembly takes them (sent on approval). */
    content: text('content', { mode: 'json' }).$type<{ intro: string; articles: Record<string, unknown>[] }>(),
    /** The prepared issue, saved as a newsletter (Edit opens it). */
    newsletterId: text('newsletter_id'),
    sendId: text('send_id'),
    engine: text('engine'),
    /** The pre-send check of the issue as it was last prepared or sent (the history shows its findings). */
    precheck: text('precheck', { mode: 'json' }).$type<PrecheckResult>(),
    /** SHA-256 of the approval link's token while the run waits for the creator; cleared when used. */
    approveTokenHash: text('approve_token_hash'),
    approveExpiresAt: integer('approve_expires_at', { mode: 'timestamp_ms' }),
    /** 'approve' mode with auto-send: when it goes unless answered. */
    autoSendAt: integer('auto_send_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('recurring_runs_period_unique').on(t.scheduleId, t.period), index('recurring_runs_publication_idx').on(t.publicationId, t.createdAt)],
);

export type RecurringScheduleRow = typeof recurringSchedules.$inferSelect;
export type RecurringRunRow = typeof recurringRuns.$inferSelect;
