// Plans and payments as the API exchanges them (spec §3 Subscription, Trial signup, Billing record; §7
// /api/subscription, /api/create-checkout-session, /api/contact-sales, /api/start-free-trial,
// /api/admin/billing; §8 checkout and trial messages; §9 CSV columns).
import { z } from 'zod';
import { PLAN_TYPES } from '../plans';
import { csvFile, noInput } from './common';
import { mutation, query, type RouterContract } from '../contract';

export const BILLING_MSG = {
  checkoutErrorTitle: 'Checkout error',
  checkoutError: "We couldn't process your request. Please try again later.",
  trialFailedTitle: 'Signup failed',
  trialFailed: "We couldn't create your trial account. Please try again.",
  missingInfoTitle: 'Missing information',
  missingInfo: 'Please fill in all required fields.',
  paymentsNotConfigured: 'Payments are not set up on this server yet. An administrator can change your plan in the meantime.',
  notPurchasable: 'This plan cannot be bought online. Contact Sales for Enterprise.',
  alreadyOnPlan: 'You are already on this plan.',
  noStripeCustomer: 'There is no paid subscription to manage yet.',
  salesRequestSent: 'Thanks! Our sales team will contact you within one business day.',
  trialStarted: 'Your 7-day free trial has started. Check your inbox to sign in.',
} as const;

/** Plans bought online (monthly); enterprise goes through sales. */
export const PURCHASABLE_PLANS = ['basic', 'professional', 'business'] as const;
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /api/subscription and billing.subscription: the plan in force and, for paid plans, its state. */
export const subscriptionDto = z.object({
  currentPlan: z.enum(PLAN_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  /** ISO date the paid period ends (renewal, or the end of access after a cancellation). */
  periodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** 'stripe' (bought), 'admin' (set by staff) or null (free). */
  source: z.enum(['stripe', 'admin']).nullable(),
  /** Whether this server can take payments (Stripe configured). */
  paymentsEnabled: z.boolean(),
  /** Days left of the free trial (free plan only), else null. */
  trialDaysLeft: z.number().int().nullable(),
  /** What a live paid (Stripe) subscription costs and when it was paid; null when nothing is paid (free, trial, set by staff). */
  payment: z
    .object({
      /** Per billing cycle, in `currency` units (US dollars). */
      amountPaid: z.number(),
      currency: z.string(),
      billingCycle: z.string(),
      startedAt: z.string(),
      lastPaymentAt: z.string().nullable(),
    })
    .nullable(),
});
export type SubscriptionDto = z.infer<typeof subscriptionDto>;

export const checkoutInput = z.object({ plan: z.enum(PLAN_TYPES) });
export const checkoutOutput = z.object({ success: z.boolean(), url: z.string().nullable(), message: z.string() });

export const portalOutput = z.object({ url: z.string() });

export const contactSalesInput = z.object({ message: z.string().trim().max(2000).optional(), company: z.string().trim().max(200).optional() }).default({});
export const contactSalesOutput = z.object({ success: z.literal(true), message: z.string() });

export const trialInput = z.object({
  email: z.string().trim().max(254).default(''),
  name: z.string().trim().max(200).default(''),
  plan: z.string().max(40).optional(),
});
export const trialOutput = z.object({ success: z.boolean(), message: z.string() });

/** One row of /billing (spec §3 Billing record). */
export const billingRecord = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  planType: z.string(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  stripeCustomerId: z.string().nullable(),
  /** US dollars paid in the last period. */
  amountPaid: z.number(),
  billingCycle: z.string(),
  startDate: z.string(),
  renewDate: z.string().nullable(),
  lastPayment: z.string().nullable(),
  /** True for the spec's three built-in sample rows, shown only when there are no records. */
  sample: z.boolean(),
});
export type BillingRecord = z.infer<typeof billingRecord>;

export const billingListOutput = z.object({
  records: z.array(billingRecord),
  summary: z.object({
    /** Monthly recurring revenue: the sum of amountPaid of active records (US dollars). */
    mrr: z.number(),
    active: z.number().int(),
    canceled: z.number().int(),
    pastDue: z.number().int(),
  }),
});

export const setPlanInput = z.object({ userId: z.string().max(100), plan: z.enum(PLAN_TYPES), reason: z.string().trim().max(300).default('') });
export const planSetResult = z.object({ success: z.literal(true), userId: z.string(), plan: z.enum(PLAN_TYPES) });

/** The CSV's columns, in order (spec §9). */
export const BILLING_CSV_COLUMNS = ['Name', 'Email', 'Plan', 'Status', 'Amount Paid', 'Billing Cycle', 'Start Date', 'Last Payment'] as const;

/** The billing router: what each procedure takes and answers. */
export const billingContract = {
  subscription: query(noInput, subscriptionDto),
  checkout: mutation(checkoutInput, checkoutOutput),
  portal: mutation(noInput, portalOutput),
  contactSales: mutation(contactSalesInput, contactSalesOutput),
  startTrial: mutation(trialInput, trialOutput, 'public'),
  adminList: query(noInput, billingListOutput, 'staff'),
  adminCsv: query(noInput, csvFile, 'staff'),
  /** Admins only (managers and supervisors read billing but change no plan); recorded in the audit log. */
  setPlan: mutation(setPlanInput, planSetResult, 'staff'),
} satisfies RouterContract;
