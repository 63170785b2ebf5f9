// One plan on /upgrade: price, key limits and features, and what the user can do with it (buy it, ask
// sales, or nothing because it is theirs or included in theirs).
import { forwardRef } from 'react';
import { MSG } from '../../../shared/messages';
import { MOST_POPULAR_PLAN, keyLimits, type PlanOffer } from '../../../shared/plan-offers';
import { PlanBadges, PlanFeatures } from './plan-card-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/**
 * current: the plan in force (disabled button); trial: the plan of a running free trial (it can be kept
 * by buying it); included: below the paid plan; buy: purchasable; sales: Enterprise; unavailable: payments
 * are not set up on this server.
 */
export type OfferAction = 'current' | 'trial' | 'included' | 'buy' | 'sales' | 'unavailable';

interface Props {
  offer: PlanOffer;
  action: OfferAction;
  highlighted: boolean;
  trialDaysLeft: number | null;
  busy: boolean;
  disabled: boolean;
  onBuy: () => void;
  onContactSales: () => void;
}

export const PlanOfferCard = forwardRef<HTMLElement, Props>(function PlanOfferCard(
  { offer, action, highlighted, trialDaysLeft, busy, disabled, onBuy, onContactSales },
  ref,
) {
  const popular = offer.id === MOST_POPULAR_PLAN;
  const mine = action === 'current' || action === 'trial';
  const titleId = `plan-${offer.id}-title`;
  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      data-testid={`plan-${offer.id}`}
      className={cn(
        'relative flex flex-col rounded-xl border bg-white p-5 pt-6 shadow-xs dark:bg-zinc-900/60 dark:shadow-none',
        highlighted
          ? 'border-indigo-500 ring-2 ring-indigo-500 dark:border-indigo-400 dark:ring-indigo-400'
          : popular
            ? 'border-indigo-300 dark:border-indigo-500/50'
            : 'border-zinc-200 dark:border-zinc-800',
        mine && 'bg-indigo-50/40 dark:bg-indigo-500/5',
      )}
    >
      <PlanBadges popular={popular} current={!!mine}>
        {highlighted && !mine && <Badge tone="neutral">Your choice</Badge>}
      </PlanBadges>
      <h2 id={titleId} className="text-lg font-semibold text-zinc-900 dark:text-white">
        {offer.name}
      </h2>
      <p className="mt-2 flex items-baseline gap-1">
        {offer.monthlyPrice === null ? (
          <span className="text-2xl font-bold tracking-tight text-zinc-900 dark:text-white">{offer.priceLabel}</span>
        ) : (
          <>
            <span className="text-3xl font-bold tracking-tight text-zinc-900 dark:text-white">${offer.monthlyPrice}</span>
            <span className="text-sm text-muted">/month</span>
          </>
        )}
      </p>
      {trialDaysLeft !== null && (
        <p className="mt-1 text-xs font-medium text-emerald-700 dark:text-emerald-300">
          Free trial: {trialDaysLeft} day{trialDaysLeft === 1 ? '' : 's'} left
        </p>
      )}
      <ul
        aria-label={`${offer.name} limits`}
        className="mt-4 space-y-1 border-y border-zinc-100 py-3 text-sm font-medium text-zinc-800 dark:border-zinc-800 dark:text-zinc-200"
      >
        {keyLimits(offer.id).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <PlanFeatures features={offer.features} />
      <div className="mt-5">
        {action === 'current' && (
          <Button className="w-full" variant="outline" disabled>
            {MSG.currentPlan}
          </Button>
        )}
        {action === 'included' && (
          <Button className="w-full" variant="outline" disabled>
            Included in your plan
          </Button>
        )}
        {action === 'trial' && (
          <Button className="w-full" variant={highlighted ? 'primary' : 'outline'} loading={busy} disabled={disabled} onClick={onBuy}>
            Keep {offer.name} after the trial
          </Button>
        )}
        {action === 'buy' && (
          <Button className="w-full" variant={highlighted || popular ? 'primary' : 'outline'} loading={busy} disabled={disabled} onClick={onBuy}>
            {MSG.upgradeTo(offer.name)}
          </Button>
        )}
        {action === 'sales' && (
          <Button className="w-full" variant={highlighted ? 'primary' : 'outline'} onClick={onContactSales}>
            Contact Sales
          </Button>
        )}
        {action === 'unavailable' && (
          <p className="rounded-lg bg-zinc-50 px-3 py-2.5 text-center text-sm text-muted dark:bg-zinc-800/60">Not for sale online on this server yet</p>
        )}
      </div>
    </section>
  );
});
