// Outgoing webhooks ("custom integrations", Professional and up): an account's endpoints, each with the
// events it wants and its signing secret (encrypted at rest), and every delivery of an event to one of
// them: its attempts, the last answer, and when it is tried next. Deliveries are sent by the job queue.
import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import type { WebhookDeliveryEvent, WebhookEventType } from '../../src/shared/schemas/webhooks';

export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events', { mode: 'json' }).$type<WebhookEventType[]>().notNull(),
    /** The Standard Webhooks secret (whsec_…), encrypted with the app secret. */
    secret: text('secret').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    /** Why it was turned off (deliveries failing for a day), shown to its owner. */
    disabledReason: text('disabled_reason'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    /** The Standard Webhooks message id (webhook-id), the same on every attempt. */
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookDeliveryEvent>().notNull(),
    /** The JSON body sent, exactly as signed. */
    body: text('body').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The last attempt's HTTP status (null: no answer). */
    responseStatus: integer('response_status'),
    /** The last attempt's error or the start of the answer's body. */
    responseExcerpt: text('response_excerpt'),
    durationMs: integer('duration_ms'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastAttemptAt: integer('last_attempt_at', { mode: 'timestamp_ms' }),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
