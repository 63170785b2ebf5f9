// /upgrade: the plan in force and its state, the four plans with their prices and limits, Stripe
// Checkout in a new tab (spec §7) with the page waiting for Stripe's confirmation, the Billing Portal
// for a paid subscription, and Contact Sales for Enterprise. Without Stripe configured nothing is sold.
import { CalendarX2, CircleAlert, CircleCheck, ExternalLink, Headset, Info, Lock, RotateCw, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PLAN_TYPES, normalizePlan, type PlanType } from '../../../shared/plans';
import { PLAN_OFFERS } from '../../../shared/plan-offers';
import { BILLING_MSG, type SubscriptionDto } from '../../../shared/schemas/billing';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ListError } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { errorMessage, httpStatusOf } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth';
import { ContactSalesDialog } from './contact-sales-dialog';
import { PlanOfferCard, type OfferAction } from './plan-offer-card';
import { planName, rememberCheckout, usePlanWatch, type WatchState } from './use-plan-watch';
import { smoothScroll } from '../../lib/motion';

const rank = (plan: PlanType) => PLAN_TYPES.indexOf(plan);

/** The server's own words for a refusal (4xx); anything else gets the spec's checkout message (§8). */
function refusalMessage(err: unknown, fallback: string) {
  const status = httpStatusOf(err);
  return status !== undefined && status >= 400 && status < 500 ? errorMessage(err, fallback) : fallback;
}

/** A free trial is running: the trial's plan is in force while the account pays for nothing. */
export function inTrial(sub: SubscriptionDto) {
  return sub.source === null && sub.currentPlan !== 'free' && (sub.trialDaysLeft ?? 0) > 0;
}

function actionFor(plan: PlanType, monthlyPrice: number | null, sub: SubscriptionDto): OfferAction {
  const trial = inTrial(sub);
  if (plan === sub.currentPlan) return trial && sub.paymentsEnabled ? 'trial' : 'current';
  if (monthlyPrice === null) return 'sales';
  if (rank(plan) < rank(trial ? 'free' : sub.currentPlan)) return 'included';
  return sub.paymentsEnabled ? 'buy' : 'unavailable';
}

type Tone = 'info' | 'success' | 'warning';
const toneClass: Record<Tone, string> = {
  info: 'border-indigo-200 bg-indigo-50 text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100',
  warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100',
};
const toneIcon: Record<Tone, typeof Info> = { info: Info, success: CircleCheck, warning: CircleAlert };

function Notice({ tone, title, children, testId }: { tone: Tone; title?: string; children?: ReactNode; testId?: string }) {
  const Icon = toneIcon[tone];
  return (
    <div role="status" data-testid={testId} className={cn('flex gap-3 rounded-xl border px-4 py-3.5 text-sm', toneClass[tone])}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-1.5">
        {title && <p className="font-semibold">{title}</p>}
        {children}
      </div>
    </div>
  );
}

function CheckoutBanner(props: { state: WatchState; returned: boolean; canceled: boolean; opened: string | null; plan: PlanType | null; onRetry: () => void }) {
  const { state, returned, canceled, opened, plan, onRetry } = props;
  if (state === 'done' && plan) return <Notice tone="success" testId="checkout-banner" title={`You're on ${planName(plan)} now.`} />;
  if (state === 'waiting' && opened && !returned)
    return (
      <Notice tone="info" testId="checkout-banner" title="Finish the payment in the new tab. Your plan changes here as soon as Stripe confirms it.">
        <a href={opened} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium underline underline-offset-4">
          Open the payment page again <ExternalLink className="size-3.5" aria-hidden />
        </a>
      </Notice>
    );
  if (state === 'waiting') return <Notice tone="info" testId="checkout-banner" title="Payment received. Waiting for Stripe's confirmation…" />;
  if (state === 'timeout')
    return (
      <Notice tone="warning" testId="checkout-banner" title="Stripe has not confirmed the payment yet.">
        <p>Your plan changes as soon as it does; this can take a few minutes. You are not charged twice.</p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden /> Check again
        </Button>
      </Notice>
    );
  if (canceled) return <Notice tone="info" testId="checkout-banner" title="Checkout canceled. You have not been charged." />;
  return null;
}

function PaymentsOffNotice({ isStaff }: { isStaff: boolean }) {
  return (
    <Notice tone="warning" testId="payments-off" title={BILLING_MSG.paymentsNotConfigured}>
      <p>
        {isStaff ? 'Change a plan in the admin area, or from the server with ' : 'Ask an administrator: they change plans in the admin area, or with '}
        <code className="rounded bg-amber-100 px-1 py-0.5 text-xs [overflow-wrap:anywhere] dark:bg-amber-500/20">
          npm run cli -- billing.setPlan &apos;{'{"userId":"…","plan":"professional","reason":"…"}'}&apos; --as &lt;admin email&gt;
        </code>
        . Enterprise is still available through Contact Sales.
      </p>
    </Notice>
  );
}

/** The plan in force and, for a paid one, its state and the way to the Billing Portal (also on /billing). */
export function YourPlan({ sub, isAdmin }: { sub: SubscriptionDto; isAdmin: boolean }) {
  const name = planName(sub.currentPlan);
  const portal = trpc.billing.portal.useMutation({
    onSuccess: (r) => window.location.assign(r.url),
    onError: (err) => toast({ title: BILLING_MSG.checkoutErrorTitle, description: refusalMessage(err, BILLING_MSG.checkoutError), variant: 'destructive' }),
  });
  const end = sub.periodEnd ? formatDate(sub.periodEnd) : null;
  let detail: ReactNode;
  if (sub.source === 'stripe' && sub.cancelAtPeriodEnd && end) detail = `Cancels on ${end} — you keep ${name} until then.`;
  else if (sub.source === 'stripe') detail = end ? `Renews on ${end}.` : 'Renews every month.';
  else if (sub.source === 'admin') detail = `Set by an administrator${end ? ` until ${end}` : ''}.`;
  else if (inTrial(sub))
    detail = `Free trial: ${sub.trialDaysLeft} day${sub.trialDaysLeft === 1 ? '' : 's'} left. No card needed; afterwards your account moves to the free plan and keeps everything you made.`;
  else if (isAdmin) detail = 'Administrators have every Enterprise capability.';
  else if (sub.currentPlan === 'free') detail = 'One publication, one content channel and the free themes. Upgrade any time.';
  return (
    <Card className="mb-6 p-5" role="region" aria-labelledby="your-plan-title">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 id="your-plan-title">
            <span className="block text-sm font-medium text-muted">Your plan</span>
            <span className="mt-0.5 block text-xl font-semibold text-zinc-900 dark:text-white" data-testid="your-plan">
              {name}
            </span>
          </h2>
          {detail && <p className="mt-1 text-sm text-muted">{detail}</p>}
        </div>
        {sub.source === 'stripe' && (
          <Button variant="outline" className="shrink-0" loading={portal.isPending} onClick={() => portal.mutate()}>
            Manage billing
          </Button>
        )}
      </div>
      {sub.source === 'stripe' && sub.status === 'past_due' && (
        <div className="mt-4">
          <Notice tone="warning" title="Your last payment did not go through.">
            <p>Stripe tries again over the next days. Update your card in Manage billing to keep {name}.</p>
          </Notice>
        </div>
      )}
    </Card>
  );
}

const PROMISES = [
  { icon: ShieldCheck, title: '14-day money-back guarantee', body: 'On your first purchase: ask within 14 days for a full refund.' },
  { icon: CalendarX2, title: 'Cancel any time', body: 'You keep your plan to the end of the billing period you paid for.' },
  { icon: Headset, title: 'Support within 24 hours', body: 'Priority support on every paid plan.' },
];
const STRIPE_PROMISE = { icon: Lock, title: 'Payments by Stripe', body: 'Your card goes to Stripe, never to us. Prices are per month in US dollars.' };

/** Stripe Checkout in a new tab for a plan, and the page left watching for Stripe's confirmation. */
function useCheckout(watch: ReturnType<typeof usePlanWatch>) {
  const [opened, setOpened] = useState<string | null>(null);
  const buy = trpc.billing.checkout.useMutation({
    onSuccess: (r, { plan: bought }) => {
      if (!r.success || !r.url) {
        toast({ title: BILLING_MSG.checkoutErrorTitle, description: r.message || BILLING_MSG.checkoutError, variant: 'destructive' });
        return;
      }
      rememberCheckout(bought);
      // Spec §7: Stripe Checkout opens in a new tab; this page waits for Stripe's confirmation.
      window.open(r.url, '_blank', 'noopener');
      setOpened(r.url);
      watch.start(bought);
      window.scrollTo({ top: 0, behavior: smoothScroll() });
    },
    onError: (err) => toast({ title: BILLING_MSG.checkoutErrorTitle, description: refusalMessage(err, BILLING_MSG.checkoutError), variant: 'destructive' }),
  });
  return { buy, opened };
}

/** The four plans, each with what buying it means for this account; the plan chosen elsewhere stands out. */
function PlanOffers({
  sub,
  chosen,
  buy,
  onContactSales,
}: {
  sub: SubscriptionDto;
  chosen: PlanType | null;
  buy: ReturnType<typeof useCheckout>['buy'];
  onContactSales: () => void;
}) {
  // A plan chosen elsewhere (the upgrade dialog, ?plan=) is brought into view on narrow screens.
  const chosenRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (chosenRef.current && window.innerWidth < 1024) chosenRef.current.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div className="grid gap-x-5 gap-y-7 pt-2 sm:grid-cols-2 xl:grid-cols-4">
      {PLAN_OFFERS.map((offer) => {
        const highlighted = chosen === offer.id;
        return (
          <PlanOfferCard
            key={offer.id}
            ref={highlighted ? chosenRef : undefined}
            offer={offer}
            action={actionFor(offer.id, offer.monthlyPrice, sub)}
            highlighted={highlighted}
            trialDaysLeft={offer.id === sub.currentPlan && inTrial(sub) ? sub.trialDaysLeft : null}
            busy={buy.isPending && buy.variables?.plan === offer.id}
            disabled={buy.isPending}
            onBuy={() => buy.mutate({ plan: offer.id })}
            onContactSales={onContactSales}
          />
        );
      })}
    </div>
  );
}

function PlansLoading() {
  return (
    <div aria-busy className="space-y-6">
      <div aria-hidden className="h-24 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />
      <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
        {PLAN_OFFERS.map((o) => (
          <div key={o.id} aria-hidden className="h-96 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />
        ))}
      </div>
    </div>
  );
}

function Promises({ withStripe }: { withStripe: boolean }) {
  return (
    <ul className={cn('mt-10 grid gap-4 sm:grid-cols-2', withStripe ? 'xl:grid-cols-4' : 'lg:grid-cols-3')} aria-label="Our promises">
      {(withStripe ? [...PROMISES, STRIPE_PROMISE] : PROMISES).map(({ icon: Icon, title, body }) => (
        <li key={title} className="flex gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
          <Icon className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
          <div>
            <p className="text-sm font-semibold text-zinc-900 dark:text-white">{title}</p>
            <p className="mt-0.5 text-sm text-muted">{body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function UpgradePage({ plan, checkout }: { plan: string; checkout: string }) {
  const returned = checkout === 'success';
  const watch = usePlanWatch(returned);
  const sub = watch.query.data;
  const user = useCurrentUser();
  const [salesOpen, setSalesOpen] = useState(false);
  const chosen: PlanType | null = plan && normalizePlan(plan) === plan ? (plan as PlanType) : null;
  const { buy, opened } = useCheckout(watch);

  return (
    <>
      <PageHeader title="Upgrade" description="Choose the plan that fits how you publish. Prices are per month." />
      <div className="space-y-4">
        <CheckoutBanner
          state={watch.state}
          returned={returned}
          canceled={checkout === 'canceled'}
          opened={opened}
          plan={sub?.currentPlan ?? null}
          onRetry={() => watch.start(watch.watchedPlan)}
        />
        {sub && !sub.paymentsEnabled && <PaymentsOffNotice isStaff={Boolean(user?.isStaff)} />}
      </div>
      <div className="mt-6">
        {watch.query.isError && !sub ? (
          <Card>
            <ListError message={errorMessage(watch.query.error)} onRetry={() => void watch.query.refetch()} />
          </Card>
        ) : !sub ? (
          <PlansLoading />
        ) : (
          <>
            <YourPlan sub={sub} isAdmin={Boolean(user?.isAdmin)} />
            <PlanOffers sub={sub} chosen={chosen} buy={buy} onContactSales={() => setSalesOpen(true)} />
          </>
        )}
      </div>
      <Promises withStripe={Boolean(sub?.paymentsEnabled)} />
      <p className="mt-4 text-sm text-muted">
        Read the{' '}
        <Link to="/refund" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          refund policy
        </Link>{' '}
        for the details.
      </p>
      <ContactSalesDialog open={salesOpen} onOpenChange={setSalesOpen} />
    </>
  );
}
