// State every app process must see alike when several run on one database: rate-limit windows (Postgres
// mode; one SQLite process keeps them in memory) and the registry of running processes, by which a
// starting process tells a crashed one's AI generations from a live one's.
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';

/** One fixed window of one rate-limit key: attempts counted so far, and when the window ends. */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: integer('reset_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** An app process that is (or was) serving: it refreshes last_seen_at while it runs. */
export const serverProcesses = sqliteTable(
  'server_processes',
  {
    id: text('id').primaryKey(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('server_processes_seen_idx').on(t.lastSeenAt)],
);

export type RateLimitRow = typeof rateLimits.$inferSelect;
