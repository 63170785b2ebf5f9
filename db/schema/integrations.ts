// Integrations: an account's connections to e-mail platforms (API key encrypted at rest) and the
// newsletters it published to them as campaigns, with the figures the platform reports.
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import {
  CAMPAIGN_STATUSES,
  CONNECTION_STATUSES,
  INTEGRATION_PLATFORMS,
  type CampaignStatus,
  type ConnectionStatus,
  type IntegrationPlatform,
} from '../../src/shared/integrations';

export { CAMPAIGN_STATUSES, CONNECTION_STATUSES, INTEGRATION_PLATFORMS, type CampaignStatus, type ConnectionStatus, type IntegrationPlatform };

export const integrationConnections = sqliteTable(
  'integration_connections',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<IntegrationPlatform>().notNull(),
    /** AES-256-GCM ciphertext of the credentials JSON (API key, and e.g. a publication id). */
    secret: text('secret').notNull(),
    /** What the platform calls the account (shown instead of the key). */
    accountLabel: text('account_label').notNull().default(''),
    status: text('status').$type<ConnectionStatus>().notNull().default('connected'),
    lastError: text('last_error'),
    lastCheckedAt: integer('last_checked_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('integration_connections_user_platform_unique').on(t.userId, t.platform)],
);

/** A saved newsletter published to a platform as a campaign (draft, scheduled or sent there). */
export const integrationPublications = sqliteTable(
  'integration_publications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newsletterId: text('newsletter_id'),
    platform: text('platform').$type<IntegrationPlatform>().notNull(),
    title: text('title').notNull(),
    /** The platform's campaign / post id. */
    remoteId: text('remote_id'),
    remoteUrl: text('remote_url'),
    listId: text('list_id'),
    listName: text('list_name'),
    status: text('status').$type<CampaignStatus>().notNull(),
    scheduledAt: integer('scheduled_at', { mode: 'timestamp_ms' }),
    error: text('error'),
    /** The platform's own figures (recipients, opens, clicks, ...) as last pulled. */
    stats: text('stats', { mode: 'json' }).$type<Record<string, number>>(),
    statsFetchedAt: integer('stats_fetched_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('integration_publications_user_idx').on(t.userId, t.createdAt)],
);

export type IntegrationConnectionRow = typeof integrationConnections.$inferSelect;
export type IntegrationPublicationRow = typeof integrationPublications.$inferSelect;
