// The public API (Business and Enterprise): keys an account creates for its own scripts (only their
// SHA-256 is kept), every request made with one (the audit Settings shows), and the answers to creates
// sent with an Idempotency-Key, kept for a day so a retried create answers the same without a second row.
import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const API_SCOPES = ['read', 'write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters, shown so its owner can tell keys apart ("cur_7Hq2…"). */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key; the key itself is shown once and never stored. */
    hash: text('hash').notNull().unique(),
    scope: text('scope', { enum: API_SCOPES }).notNull(),
    /** Requests per minute for this key (custom API access, Enterprise); null: the default. */
    ratePerMinute: integer('rate_per_minute'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export const apiRequests = sqliteTable(
  'api_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [index('api_requests_key_at_idx').on(t.keyId, t.at)],
);

export const apiIdempotency = sqliteTable(
  'api_idempotency',
  {
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Method, path and SHA-256 of the body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    body: text('body'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] }), index('api_idempotency_created_idx').on(t.createdAt)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
