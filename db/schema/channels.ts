// Content channels: the feed cache (per feed, with its items) and users' own channels.
import { sqliteTable, text, integer, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/** One row per fetched feed address: validators for conditional GET and measured quality. */
export const feeds = sqliteTable('feeds', {
  url: text('url').primaryKey(),
  title: text('title'),
  siteUrl: text('site_url'),
  description: text('description'),
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** Last successful fetch (200 or 304); freshness is measured from here. */
  fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }),
  lastAttemptAt: integer('last_attempt_at', { mode: 'timestamp_ms' }),
  lastError: text('last_error'),
  quality: text('quality'),
  frequency: text('frequency'),
});

export const feedItems = sqliteTable(
  'feed_items',
  {
    feedUrl: text('feed_url')
      .notNull()
      .references(() => feeds.url, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    url: text('url').notNull(),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }).notNull(),
    /** False when the feed gave no usable date and the fetch time stands in. */
    dated: integer('dated', { mode: 'boolean' }).notNull(),
    imageUrl: text('image_url'),
    /** The image's alt (or title) as the feed's HTML gave it. */
    imageAlt: text('image_alt'),
    category: text('category'),
    wordCount: integer('word_count').notNull(),
    /** The item's body as the feed carries it (HTML or text, full article or teaser, cut at 64 KB); read by the AI engine. */
    body: text('body').notNull().default(''),
    fetchedAt: integer('fetched_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedUrl, t.id] }), index('feed_items_published_idx').on(t.feedUrl, t.publishedAt)],
);

/** Channels a user keeps (added by address or imported from OPML). */
export const userChannels = sqliteTable(
  'user_channels',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    feedUrl: text('feed_url').notNull(),
    siteUrl: text('site_url'),
    description: text('description').notNull().default(''),
    niche: text('niche').notNull().default('general'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('user_channels_user_feed_unique').on(t.userId, t.feedUrl), index('user_channels_user_idx').on(t.userId)],
);
