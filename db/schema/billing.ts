// Plans and payments: each account's subscription (the one source of its plan; plans.ts says what a plan
// grants), Stripe webhook events already handled, sales requests, and the audit log of staff changes.
import { sqliteTable, text, integer, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    /** active | canceled | past_due */
    status: text('status').notNull(),
    /** 'stripe' (bought) or 'admin' (set by staff). */
    source: text('source').notNull(),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Cents paid per period. */
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    billingCycle: text('billing_cycle').notNull().default('monthly'),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    currentPeriodEnd: integer('current_period_end', { mode: 'timestamp_ms' }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    lastPaymentAt: integer('last_payment_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('subscriptions_user_unique').on(t.userId), uniqueIndex('subscriptions_stripe_unique').on(t.stripeSubscriptionId)],
);

/** Stripe events handled once each (Stripe retries and may deliver an event twice). */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
});

export const salesRequests = sqliteTable('sales_requests', {
  id: text('id').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  name: text('name').notNull(),
  company: text('company').notNull().default(''),
  message: text('message').notNull().default(''),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Who changed what, when and from where (staff actions, CLI changes). */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    /** null for the CLI (an operator at the machine). */
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.targetUserId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
