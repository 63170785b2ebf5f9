// /billing (spec §2 Account, Settings, Billing): every creator's own plan and payments; for staff also the
// summary cards, the filterable subscription table of every account and the CSV export. With no
// subscriptions the server sends the spec's three sample rows, marked.
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { PLAN_LABELS, PLAN_TYPES, normalizePlan, type PlanType } from '../../../shared/plans';
import { PLAN_LIST } from '../../../shared/plan-offers';
import { SUBSCRIPTION_STATUSES, type BillingRecord, type SubscriptionStatus } from '../../../shared/schemas/billing';
import { PageHeader } from '../../components/page-header';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { useCurrentUser } from '../auth';
import { STATUS_LABELS } from './billing-format';
import { BillingTable } from './billing-table';
import { OwnBilling } from './own-billing';
import { SummaryCards } from './summary-cards';

export const BILLING_EXPORT_PATH = '/api/admin/billing/export';
export const SAMPLE_NOTE = 'No subscriptions yet: these three rows are the built-in samples.';

/** Plan names as records carry them ('Basic', 'Pro', 'Professional', 'professional', …) as plan ids. */
const planKey = (planType: string): PlanType => {
  const lower = planType.trim().toLowerCase();
  const named = PLAN_TYPES.find(
    (p) => p === lower || PLAN_LABELS[p].toLowerCase() === lower || PLAN_LIST.find((o) => o.id === p)?.name.toLowerCase() === lower,
  );
  return named ?? normalizePlan(lower);
};

export function BillingPage() {
  const user = useCurrentUser();
  if (!user) return <PageSpinner />;
  return (
    <>
      <PageHeader
        title="Billing"
        description={
          user.isStaff
            ? 'Your own plan and payments, then every subscription, what it brings in, and an export for your books.'
            : 'Your plan, when it renews and what you pay.'
        }
      />
      <OwnBilling isAdmin={user.isAdmin} />
      {/* The server refuses the list to anyone else (403); the page only does not ask. */}
      {user.isStaff && <BillingList />}
    </>
  );
}

function BillingList() {
  const q = trpc.billing.adminList.useQuery(undefined, LOADED);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | SubscriptionStatus>('all');
  const [plan, setPlan] = useState('all');

  const records = q.data?.records;
  const plans = useMemo(() => {
    const present = new Set((records ?? []).map((r) => planKey(r.planType)));
    return PLAN_TYPES.filter((p) => present.has(p));
  }, [records]);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (records ?? []).filter(
      (r: BillingRecord) =>
        (!needle || r.name.toLowerCase().includes(needle) || r.email.toLowerCase().includes(needle)) &&
        (status === 'all' || r.subscriptionStatus === status) &&
        (plan === 'all' || planKey(r.planType) === plan),
    );
  }, [records, search, status, plan]);

  if (httpStatusOf(q.error) === 403) return null;
  const samples = records?.some((r) => r.sample) ?? false;
  const filtered = shown.length !== (records?.length ?? 0);

  return (
    <section aria-labelledby="subscriptions-title" className="mt-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="subscriptions-title" className="text-lg font-semibold text-zinc-900 dark:text-white">
            Subscriptions
          </h2>
          <p className="text-sm text-muted">Every account&apos;s subscription (staff only).</p>
        </div>
        <a href={BILLING_EXPORT_PATH} download className={buttonClass('outline')}>
          <Download aria-hidden /> Export CSV
        </a>
      </div>
      <SummaryCards summary={q.data?.summary} />
      <Card className="mt-6">
        <form role="search" aria-label="Filter subscriptions" className="grid gap-3 p-4 sm:grid-cols-[1fr_11rem_11rem]" onSubmit={(e) => e.preventDefault()}>
          <div>
            <Label htmlFor="billing-search">Search</Label>
            <Input id="billing-search" type="search" placeholder="Name or email" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="billing-status">Status</Label>
            <Select id="billing-status" value={status} onChange={(e) => setStatus(e.target.value as 'all' | SubscriptionStatus)}>
              <option value="all">All statuses</option>
              {SUBSCRIPTION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="billing-plan">Plan</Label>
            <Select id="billing-plan" value={plan} onChange={(e) => setPlan(e.target.value)}>
              <option value="all">All plans</option>
              {plans.map((p) => (
                <option key={p} value={p}>
                  {PLAN_LIST.find((o) => o.id === p)?.name}
                </option>
              ))}
            </Select>
          </div>
        </form>
        {samples && (
          <p
            role="note"
            className="border-t border-zinc-100 bg-amber-50/70 px-4 py-2.5 text-sm text-amber-900 dark:border-zinc-800 dark:bg-amber-500/10 dark:text-amber-200"
          >
            {SAMPLE_NOTE}
          </p>
        )}
        <div className="border-t border-zinc-100 dark:border-zinc-800">
          {q.isError ? (
            <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
          ) : !records ? (
            <ListSkeleton rows={3} />
          ) : shown.length === 0 ? (
            <p className="px-5 py-10 text-center text-sm text-muted">{filtered ? 'No subscriptions match these filters.' : 'No subscriptions yet.'}</p>
          ) : (
            <BillingTable records={shown} />
          )}
        </div>
        {records && records.length > 0 && (
          <p className="border-t border-zinc-100 px-4 py-2.5 text-xs text-muted dark:border-zinc-800" aria-live="polite">
            {filtered ? `${shown.length} of ${records.length} subscriptions` : `${records.length} subscription${records.length === 1 ? '' : 's'}`}
          </p>
        )}
      </Card>
    </section>
  );
}
