// Readers after they join: their tags, a publication's saved segments, its reader settings (welcome mail
// and sequence, the topics readers may choose), its signup forms for other sites, and each reader's
// history (reader_events, which the growth figures are counted from and which outlives a deleted reader).
import { sqliteTable, text, integer, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { publications } from './publications';
import { subscribers } from './delivery';
import type { ReaderEventKind, SegmentRules, WelcomeStep } from '../../src/shared/schemas/readers';

export const subscriberTags = sqliteTable(
  'subscriber_tags',
  {
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    /** Who put it there: manual, import, api, form, preferences */
    source: text('source').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  // Segments count and snapshot by (publication, tag) over the tag index alone.
  (t) => [primaryKey({ columns: [t.subscriberId, t.tag] }), index('subscriber_tags_publication_tag_idx').on(t.publicationId, t.tag, t.subscriberId)],
);

export const segments = sqliteTable(
  'segments',
  {
    id: text('id').primaryKey(),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rules: text('rules', { mode: 'json' }).$type<SegmentRules>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('segments_publication_name_unique').on(t.publicationId, t.name)],
);

/** A publication's settings for its readers; no row means the defaults (no welcome mail, no topics). */
export const readerSettings = sqliteTable('reader_settings', {
  publicationId: text('publication_id')
    .primaryKey()
    .references(() => publications.id, { onDelete: 'cascade' }),
  welcomeEnabled: integer('welcome_enabled', { mode: 'boolean' }).notNull().default(false),
  welcomeSubject: text('welcome_subject').notNull().default(''),
  /** Markdown, rendered by the one sanitising renderer. */
  welcomeMarkdown: text('welcome_markdown').notNull().default(''),
  /** Later mails, by days after confirmation; they stop when the reader leaves. */
  sequence: text('sequence', { mode: 'json' }).$type<WelcomeStep[]>().notNull().default([]),
  /** The tags a reader may choose in the preference centre. */
  topics: text('topics', { mode: 'json' }).$type<string[]>().notNull().default([]),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** An embeddable signup form: posts to /f/<id>; readers who join through it get its tag and source. */
export const signupForms = sqliteTable(
  'signup_forms',
  {
    id: text('id').primaryKey(),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Tag given to readers who join through this form (null: none). */
    tag: text('tag'),
    /** Where a reader goes after a post, set (and checked) by the creator: an http(s) address or a path of the publication's pages; null: the built-in thank-you page. */
    thanksUrl: text('thanks_url'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('signup_forms_publication_idx').on(t.publicationId)],
);

/**
 * A reader's history: joined (and where), confirmed, left, bounced, changed preferences, tags, welcome
 * mails. No foreign key to the reader: growth figures keep the events of a reader deleted since.
 */
export const readerEvents = sqliteTable(
  'reader_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    subscriberId: text('subscriber_id').notNull(),
    kind: text('kind').$type<ReaderEventKind>().notNull(),
    /** Where it came from: manual, import, signup, form, api, preferences, reader, provider */
    source: text('source').notNull(),
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('reader_events_publication_kind_at_idx').on(t.publicationId, t.kind, t.at), index('reader_events_subscriber_at_idx').on(t.subscriberId, t.at)],
);

export type SegmentRow = typeof segments.$inferSelect;
export type ReaderSettingsRow = typeof readerSettings.$inferSelect;
export type SignupFormRow = typeof signupForms.$inferSelect;
export type ReaderEventRow = typeof readerEvents.$inferSelect;
