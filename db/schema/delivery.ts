// Delivery: subscribers per publication, the suppression list, mail providers (encrypted settings),
// issue sends with their recipient snapshot, the durable job queue and delivery events.
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { publications } from './publications';
import { PROVIDER_PRIORITIES, type ProviderPriority } from '../../src/shared/mail-providers';
import type { PrecheckResult } from '../../src/shared/precheck';
import type { ReaderFormat, ReaderFrequency } from '../../src/shared/schemas/readers';

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced', 'complained'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const subscribers = sqliteTable(
  'subscribers',
  {
    id: text('id').primaryKey(),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    /** Lower-cased address; one row per address and publication. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    status: text('status').$type<SubscriberStatus>().notNull(),
    /** manual, import, signup, form, api (SUBSCRIBER_SOURCES) */
    source: text('source').notNull(),
    /** Where within the source: the signup form's id, the import's file name, the API key's name. */
    sourceDetail: text('source_detail'),
    /** The reader's choices in the preference centre: HTML or plain text, every issue or a weekly roll-up. */
    format: text('format').$type<ReaderFormat>().notNull().default('html'),
    frequency: text('frequency').$type<ReaderFrequency>().notNull().default('every'),
    /** No issue is sent to the reader before this time (a month's pause). */
    pausedUntil: integer('paused_until', { mode: 'timestamp_ms' }),
    /** SHA-256 of the double opt-in token while the subscriber is pending. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: integer('confirm_expires_at', { mode: 'timestamp_ms' }),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('subscribers_publication_email_unique').on(t.publicationId, t.email),
    index('subscribers_publication_status_idx').on(t.publicationId, t.status),
    index('subscribers_confirm_idx').on(t.confirmTokenHash),
  ],
);

/** Addresses an account never mails again (hard bounce, complaint, or added by hand). */
export const suppressions = sqliteTable(
  'suppressions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** hard_bounce, complaint, manual */
    reason: text('reason').notNull(),
    /** Which provider or person reported it. */
    source: text('source').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('suppressions_user_email_unique').on(t.userId, t.email)],
);

export { PROVIDER_PRIORITIES, type ProviderPriority };

/**
 * A configured mail provider. `userId` null is a system provider (staff-managed, used by accounts
 * without their own). `secret` is AES-256-GCM ciphertext of the provider's settings JSON.
 */
export const mailProviders = sqliteTable(
  'mail_providers',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** smtp, brevo, resend, mailgun, postmark */
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    priority: text('priority').$type<ProviderPriority>().notNull(),
    secret: text('secret').notNull(),
    /** Random token that addresses this provider's webhook URL. */
    webhookToken: text('webhook_token').notNull(),
    lastCheckAt: integer('last_check_at', { mode: 'timestamp_ms' }),
    /** healthy, warning, error, unknown */
    lastStatus: text('last_status').notNull().default('unknown'),
    lastDetail: text('last_detail'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('mail_providers_user_idx').on(t.userId), uniqueIndex('mail_providers_webhook_unique').on(t.webhookToken)],
);

/** A subject test's settings (Business and Enterprise): the subjects, the test share, the wait, the rule. */
export interface SubjectTestPlan {
  subjects: string[];
  /** Percent of the list that gets the test, split evenly between the subjects. */
  sharePercent: number;
  waitMinutes: number;
  rule: 'opens' | 'clicks';
}

/** How a subject test was decided: the winner and how sure the numbers make it. */
export interface SubjectTestWinner {
  variant: number;
  decidedAt: string;
  /** 0.5..1: the probability, under a two-proportion z-test, that the winner is really ahead of the runner-up. */
  confidence: number;
  withinNoise: boolean;
  /** Chosen by the creator before the wait ended. */
  early: boolean;
}

export const SEND_STATUSES = ['scheduled', 'sending', 'paused', 'sent', 'failed', 'canceled'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/** One issue sent (or scheduled) to a publication's subscribers; the rendered issue is frozen here. */
export const issueSends = sqliteTable(
  'issue_sends',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    fromName: text('from_name').notNull(),
    replyTo: text('reply_to').notNull(),
    /** Email HTML with the per-recipient placeholders (greeting, unsubscribe link). */
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** The web version, served by the public archive. */
    webHtml: text('web_html').notNull(),
    /** The articles the issue carried (for the 'already used' memory of later issues). */
    articles: text('articles', { mode: 'json' }).$type<{ id: string; title: string; url: string }[]>().notNull().default([]),
    status: text('status').$type<SendStatus>().notNull(),
    scheduledAt: integer('scheduled_at', { mode: 'timestamp_ms' }).notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    total: integer('total').notNull().default(0),
    /** The publication's tracking choices when the send was created. */
    trackOpens: integer('track_opens', { mode: 'boolean' }).notNull().default(false),
    trackClicks: integer('track_clicks', { mode: 'boolean' }).notNull().default(false),
    /** Why a send stopped (all providers failing), shown to the creator. */
    lastError: text('last_error'),
    /** Set for a subject test: the test groups get their subject, the rest gets the winner's. */
    subjectTest: text('subject_test', { mode: 'json' }).$type<SubjectTestPlan>(),
    /** When the test groups have been sent and the wait ends (null until then). */
    testEndsAt: integer('test_ends_at', { mode: 'timestamp_ms' }),
    /** The winning subject, once decided (written with the release of the rest, in one transaction). */
    testWinner: text('test_winner', { mode: 'json' }).$type<SubjectTestWinner>(),
    /** The pre-send check of what was sent, as it stood when the send was created (null for older sends). */
    precheck: text('precheck', { mode: 'json' }).$type<PrecheckResult>(),
    /** Sent to a saved segment's readers only (its name kept for the history); null: every active reader. */
    segmentId: text('segment_id'),
    segmentName: text('segment_name'),
    /** A weekly roll-up: the sends it gathers for the readers who chose one mail a week. */
    rollupOf: text('rollup_of', { mode: 'json' }).$type<string[]>(),
    /** The sender's saved newsletter of this issue: Ready while the send waits, Sent once it starts, Draft again if it is canceled. */
    newsletterId: text('newsletter_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('issue_sends_publication_idx').on(t.publicationId, t.createdAt), index('issue_sends_user_idx').on(t.userId, t.createdAt)],
);

/** 'held': the rest of a subject test's list, waiting for the winner. */
export const RECIPIENT_STATUSES = ['pending', 'held', 'sending', 'sent', 'failed', 'suppressed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** The recipients of a send, snapshotted when it was created; one row per address. */
export const sendRecipients = sqliteTable(
  'send_recipients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sendId: text('send_id')
      .notNull()
      .references(() => issueSends.id, { onDelete: 'cascade' }),
    subscriberId: text('subscriber_id'),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    /** (held →) pending → sending (handed to a provider; in doubt after a crash) → sent | failed | suppressed */
    status: text('status').$type<RecipientStatus>().notNull(),
    /** A subject test's group (index of its subject); null for everyone else (the winner's subject). */
    variant: integer('variant'),
    attempts: integer('attempts').notNull().default(0),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('send_recipients_send_email_unique').on(t.sendId, t.email),
    index('send_recipients_send_status_idx').on(t.sendId, t.status, t.id),
    index('send_recipients_message_idx').on(t.providerMessageId),
    index('send_recipients_sent_at_idx').on(t.sentAt),
  ],
);

/** The durable job queue (SQLite implementation of jobs/queue.ts). */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** queued, running, done, failed */
    status: text('status').notNull(),
    runAt: integer('run_at').notNull(),
    /** Running jobs belong to a worker until this time; an expired lease is claimable again. */
    leaseUntil: integer('lease_until'),
    worker: text('worker'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** At most one unfinished job per key (e.g. one runner per send). */
    uniqueKey: text('unique_key'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt), uniqueIndex('jobs_unique_key').on(t.uniqueKey)],
);

export const MAIL_EVENT_KINDS = ['sent', 'failed', 'delivered', 'bounced', 'complained', 'unsubscribed', 'opened', 'clicked'] as const;
export type MailEventKind = (typeof MAIL_EVENT_KINDS)[number];

/** What happened to mail after it left: provider webhooks, unsubscribes, transactional sends. */
export const mailEvents = sqliteTable(
  'mail_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<MailEventKind>().notNull(),
    /** outbox, smtp, brevo, resend, mailgun, postmark, or 'link' for unsubscribe clicks */
    provider: text('provider').notNull(),
    userId: text('user_id'),
    sendId: text('send_id'),
    email: text('email').notNull(),
    providerMessageId: text('provider_message_id'),
    detail: text('detail'),
    /** Provider's event id, so a redelivered webhook is recorded once. */
    eventKey: text('event_key'),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('mail_events_at_idx').on(t.at), index('mail_events_send_idx').on(t.sendId, t.kind), uniqueIndex('mail_events_key_unique').on(t.eventKey)],
);

export type SubscriberRow = typeof subscribers.$inferSelect;
export type MailProviderRow = typeof mailProviders.$inferSelect;
export type IssueSendRow = typeof issueSends.$inferSelect;
export type SendRecipientRow = typeof sendRecipients.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
