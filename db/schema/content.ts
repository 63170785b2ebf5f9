// The product's own content, written by staff: blog posts (Markdown kept, sanitised HTML stored),
// their cover images, the onboarding e-mail sequence (and which account got which step), and
// product newsletters to users who opted in.
import { sqliteTable, text, integer, blob, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import type { BlogPostStatus } from '../../src/shared/schemas/blog';

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: text('id').primaryKey(),
    /** Address /blog/<slug>; unique among all posts. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** Meta description and listing teaser. */
    excerpt: text('excerpt').notNull().default(''),
    markdown: text('markdown').notNull().default(''),
    /** Rendered from `markdown` and sanitised on the server on every save. */
    html: text('html').notNull().default(''),
    coverImageId: text('cover_image_id'),
    coverAlt: text('cover_alt').notNull().default(''),
    status: text('status').$type<BlogPostStatus>().notNull().default('draft'),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('blog_posts_slug_unique').on(t.slug), index('blog_posts_status_published_idx').on(t.status, t.publishedAt)],
);

/** Uploaded images (blog covers), served by id with their checked content type. */
export const contentImages = sqliteTable('content_images', {
  id: text('id').primaryKey(),
  /** image/jpeg, image/png, image/webp, image/gif (checked against the file's own bytes) */
  mime: text('mime').notNull(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** One step of the onboarding sequence: sent `dayOffset` days after an account is created. */
export const onboardingEmails = sqliteTable(
  'onboarding_emails',
  {
    id: text('id').primaryKey(),
    dayOffset: integer('day_offset').notNull(),
    subject: text('subject').notNull(),
    markdown: text('markdown').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('onboarding_emails_day_idx').on(t.dayOffset)],
);

/** Which account was sent which onboarding step (one row each, so a step is never sent twice). */
export const onboardingDeliveries = sqliteTable(
  'onboarding_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailId: text('email_id')
      .notNull()
      .references(() => onboardingEmails.id, { onDelete: 'cascade' }),
    /** sending (claimed before the provider is called: a crash leaves it so, never re-sent) | sent | failed */
    status: text('status').notNull(),
    error: text('error'),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('onboarding_deliveries_user_email_unique').on(t.userId, t.emailId)],
);

export const PRODUCT_NEWSLETTER_STATUSES = ['draft', 'sending', 'sent', 'failed'] as const;
export type ProductNewsletterStatus = (typeof PRODUCT_NEWSLETTER_STATUSES)[number];

/** A product newsletter written by staff and sent to accounts that opted in to product news. */
export const productNewsletters = sqliteTable(
  'product_newsletters',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    markdown: text('markdown').notNull(),
    status: text('status').$type<ProductNewsletterStatus>().notNull().default('draft'),
    recipients: integer('recipients').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('product_newsletters_created_idx').on(t.createdAt)],
);

/**
 * Who a product newsletter goes to, taken when it is sent (one row per account), and how far it got.
 * A row is marked 'sending' before its provider call, so a crash and a retry never mail anyone twice.
 */
export const productNewsletterRecipients = sqliteTable(
  'product_newsletter_recipients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    newsletterId: text('newsletter_id')
      .notNull()
      .references(() => productNewsletters.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** pending | sending | sent | failed */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    at: integer('at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('product_newsletter_recipients_unique').on(t.newsletterId, t.email),
    index('product_newsletter_recipients_status_idx').on(t.newsletterId, t.status),
  ],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type OnboardingEmailRow = typeof onboardingEmails.$inferSelect;
export type ProductNewsletterRow = typeof productNewsletters.$inferSelect;
