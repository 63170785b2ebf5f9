// Accounts, sessions and sign-in artefacts (lucia sessions, one-time codes, reset tokens, OAuth links).
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { SIGN_IN_OUTCOMES } from '../../src/shared/sign-ins';

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    avatar: text('avatar'),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('user'),
    planType: text('plan_type').notNull().default('free'),
    /** The plan a free trial gives for its 7 days (chosen on /trial-signup); null: the trial is the free plan. */
    trialPlan: text('trial_plan'),
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
    /** Set by an admin: the account cannot sign in and its sessions end. */
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    /** Opted in to the product newsletter written by staff (off until the user turns it on). */
    productNewsOptIn: integer('product_news_opt_in', { mode: 'boolean' }).notNull().default(false),
    /** Set when the user unsubscribed from the onboarding e-mails. */
    onboardingUnsubscribedAt: integer('onboarding_unsubscribed_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), uniqueIndex('users_username_unique').on(t.username)],
);

/**
 * lucia's session table; createdAt carries the absolute 30-day lifetime lucia lacks. `id` is the hex
 * SHA-256 of the session id: the id itself exists only in the user's cookie, so a copy of the
 * database (a backup, a leaked file) holds no usable session.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const emailCodes = sqliteTable(
  'email_codes',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('email_codes_email_idx').on(t.email)],
);

export const passwordResetTokens = sqliteTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
});

export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('oauth_provider_user_unique').on(t.provider, t.providerUserId)],
);

export type UserRow = typeof users.$inferSelect;

export { SIGN_IN_OUTCOMES };

/** Sign-in attempts (who, how, from where, and what came of it) for /admin/security. */
export const signInEvents = sqliteTable(
  'sign_in_events',
  {
    id: text('id').primaryKey(),
    /** The account, when the address belongs to one. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    method: text('method').notNull(),
    outcome: text('outcome').$type<(typeof SIGN_IN_OUTCOMES)[number]>().notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sign_in_events_created_idx').on(t.createdAt)],
);

/**
 * The dashboard's first-run checklist, what only the creator's own actions in the app can tell: a test
 * of an issue sent to themselves (step 5), the signup page's address copied or opened, and the card
 * dismissed. The other items are read from the rows they make (publications, sends, subscribers).
 */
export const userChecklist = sqliteTable('user_checklist', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  testSentAt: integer('test_sent_at', { mode: 'timestamp_ms' }),
  signupSharedAt: integer('signup_shared_at', { mode: 'timestamp_ms' }),
  dismissedAt: integer('dismissed_at', { mode: 'timestamp_ms' }),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
