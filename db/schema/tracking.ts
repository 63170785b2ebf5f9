// Open and click tracking of issues the product sends: each send's links (a click token names a
// link by position, never a URL, so the redirect cannot be pointed elsewhere) and the events.
import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { issueSends } from './delivery';

export const sendLinks = sqliteTable(
  'send_links',
  {
    sendId: text('send_id')
      .notNull()
      .references(() => issueSends.id, { onDelete: 'cascade' }),
    /** Position of the link in the issue (0-based), the id a click token carries. */
    position: integer('position').notNull(),
    url: text('url').notNull(),
    /** The link's text, for the per-link table. */
    label: text('label').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.position] })],
);

/**
 * kind: 'open' | 'click'. `machine` marks opens made by a proxy that fetches every image
 * (Apple Mail Privacy Protection and similar), so human-likely opens are counted apart.
 */
export const trackingEvents = sqliteTable(
  'tracking_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sendId: text('send_id').notNull(),
    /** send_recipients.id */
    recipientId: integer('recipient_id').notNull(),
    kind: text('kind').notNull(),
    linkPosition: integer('link_position'),
    machine: integer('machine', { mode: 'boolean' }).notNull().default(false),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  // Covering for the analytics queries (per send: unique readers by kind, human-likely, per link), so
  // 1M events aggregate from the index alone (~3x faster than with row lookups, scripts/bench/tracking.ts).
  (t) => [index('tracking_events_send_kind_reader_idx').on(t.sendId, t.kind, t.recipientId, t.machine, t.linkPosition)],
);

export type SendLinkRow = typeof sendLinks.$inferSelect;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
