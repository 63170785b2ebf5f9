// A creator's own billing on /billing: the plan in force (the same card and Billing Portal as /upgrade,
// from the same billing.subscription read), what a paid subscription costs and when it renews, and the
// way to change plan. The server answers with the caller's own subscription only.
import { Link } from '@tanstack/react-router';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ListError } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { YourPlan } from '../upgrade';
import { formatMoney } from './billing-format';

type Payment = NonNullable<SubscriptionDto['payment']>;

function PaymentFacts({ payment, sub }: { payment: Payment; sub: SubscriptionDto }) {
  const per = payment.billingCycle === 'yearly' ? 'year' : 'month';
  const end = sub.periodEnd ? formatDate(sub.periodEnd) : '—';
  const facts: [string, string][] = [
    ['Price', `${formatMoney(payment.amountPaid, payment.currency)} / ${per}`],
    [sub.cancelAtPeriodEnd ? 'Access until' : 'Renews on', end],
    ['Last payment', payment.lastPaymentAt ? formatDate(payment.lastPaymentAt) : '—'],
    ['Subscribed since', formatDate(payment.startedAt)],
  ];
  return (
    <Card className="mb-6 p-5" role="region" aria-label="Payments">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
        {facts.map(([k, v]) => (
          <div key={k} className="min-w-0">
            <dt className="text-muted">{k}</dt>
            <dd className="mt-0.5 font-medium text-zinc-900 tabular-nums dark:text-zinc-100">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-muted">Invoices, receipts and your card are in Manage billing (Stripe&apos;s billing portal).</p>
    </Card>
  );
}

export function OwnBilling({ isAdmin }: { isAdmin: boolean }) {
  const q = trpc.billing.subscription.useQuery(undefined, LOADED);
  const sub = q.data;
  if (!sub && q.isError)
    return (
      <Card className="mb-6">
        <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      </Card>
    );
  if (!sub) return <div aria-busy aria-label="Loading your plan" className="mb-6 h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />;
  return (
    <>
      <YourPlan sub={sub} isAdmin={isAdmin} />
      {sub.payment && <PaymentFacts payment={sub.payment} sub={sub} />}
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-zinc-200 px-5 py-4 text-sm dark:border-zinc-800">
        <p className="text-muted">Compare the plans, buy one or talk to sales on the Upgrade page.</p>
        <Link to="/upgrade" className={buttonClass('outline')}>
          Change plan
        </Link>
      </div>
    </>
  );
}
