// The billing admin's records (spec §2 Billing, §3 Billing record, §9): every subscription with its
// account, the summary (MRR = sum of amountPaid of active records), the CSV export; the spec's three
// built-in sample rows only while there is no subscription, marked as samples.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db';
import { subscriptions, users } from '../../../db/schema';
import { PLAN_LABELS, normalizePlan } from '../../shared/plans';
import { PLAN_OFFERS } from '../../shared/plan-offers';
import { BILLING_CSV_COLUMNS, type BillingRecord, type SubscriptionStatus } from '../../shared/schemas/billing';
import { csvCell } from '../csv';

const SAMPLES: BillingRecord[] = [
  sample('sample-1', 'Sarah Johnson', 'sarah@example.com', 'Professional', 'active', 'cus_sample_1', 19, '2026-09-01', '2026-12-01', '2026-11-01'),
  sample('sample-2', 'Mike Chen', 'mike@example.com', 'Basic', 'past_due', 'cus_sample_2', 9, '2026-08-15', '2026-11-15', '2026-10-15'),
  sample('sample-3', 'Emily Davis', 'emily@example.com', 'Enterprise', 'canceled', 'cus_sample_3', 0, '2026-06-10', null, '2026-09-10'),
];

function sample(
  id: string,
  name: string,
  email: string,
  planType: string,
  status: SubscriptionStatus,
  cus: string,
  amount: number,
  start: string,
  renew: string | null,
  last: string,
): BillingRecord {
  return {
    id,
    name,
    email,
    planType,
    subscriptionStatus: status,
    stripeCustomerId: cus,
    amountPaid: amount,
    billingCycle: 'monthly',
    startDate: start,
    renewDate: renew,
    lastPayment: last,
    sample: true,
  };
}

/** The plan as the billing records name it (spec §3: Basic, Professional, Enterprise). */
const planName = (plan: string) => {
  const p = normalizePlan(plan);
  return PLAN_OFFERS.find((o) => o.id === p)?.name ?? PLAN_LABELS[p];
};

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export async function billingRecords(db: Db) {
  const all = await db
    .select({ s: subscriptions, name: users.name, email: users.email })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .orderBy(desc(subscriptions.updatedAt));
  // A customer created at checkout without a subscription yet is not a billing record.
  const rows = all.filter(({ s }) => !(s.source === 'stripe' && !s.stripeSubscriptionId));
  const records: BillingRecord[] = rows.map(({ s, name, email }) => ({
    id: s.id,
    name,
    email,
    planType: planName(s.plan),
    subscriptionStatus: s.status as SubscriptionStatus,
    stripeCustomerId: s.stripeCustomerId,
    amountPaid: s.amountCents / 100,
    billingCycle: s.billingCycle,
    startDate: day(s.startedAt)!,
    renewDate: s.status === 'canceled' || s.cancelAtPeriodEnd ? null : day(s.currentPeriodEnd),
    lastPayment: day(s.lastPaymentAt),
    sample: false,
  }));
  const list = records.length ? records : SAMPLES;
  const count = (st: SubscriptionStatus) => list.filter((r) => r.subscriptionStatus === st).length;
  const mrr = Math.round(list.filter((r) => r.subscriptionStatus === 'active').reduce((n, r) => n + r.amountPaid, 0) * 100) / 100;
  return { records: list, summary: { mrr, active: count('active'), canceled: count('canceled'), pastDue: count('past_due') } };
}

/** The CSV (spec §9 columns) and its dated file name. */
export async function billingCsv(db: Db, now: Date): Promise<{ filename: string; csv: string }> {
  const { records } = await billingRecords(db);
  const lines = [BILLING_CSV_COLUMNS.join(',')];
  for (const r of records)
    lines.push(
      [r.name, r.email, r.planType, r.subscriptionStatus, r.amountPaid.toFixed(2), r.billingCycle, r.startDate, r.lastPayment ?? ''].map(csvCell).join(','),
    );
  return { filename: `billing-${now.toISOString().slice(0, 10)}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}
