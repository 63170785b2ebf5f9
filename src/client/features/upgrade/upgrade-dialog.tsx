// The plan-upgrade dialog (spec §2): four plan cards from PLAN_OFFERS, the user's plan marked current,
// 'Upgrade to {plan}' leading to /upgrade, a sales mail link and 'Maybe Later'.
import { useNavigate } from '@tanstack/react-router';
import { MSG } from '../../../shared/messages';
import { PLAN_TYPES, SALES_EMAIL, type PlanType } from '../../../shared/plans';
import { MOST_POPULAR_PLAN, PLAN_OFFERS, type PlanOffer } from '../../../shared/plan-offers';
import { PlanBadges, PlanFeatures } from './plan-card-parts';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../auth';

export interface UpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const rank = (plan: PlanType) => PLAN_TYPES.indexOf(plan);

function PlanCard({ offer, currentPlan, onUpgrade }: { offer: PlanOffer; currentPlan: PlanType | null; onUpgrade: (plan: PlanType) => void }) {
  const isCurrent = currentPlan === offer.id;
  // A plan below the user's own is already covered: offering to "upgrade" to it would be a downgrade.
  const isIncluded = !isCurrent && currentPlan !== null && rank(offer.id) < rank(currentPlan);
  const popular = offer.id === MOST_POPULAR_PLAN;
  const titleId = `upgrade-plan-${offer.id}`;
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-xl border p-4 pt-5',
        popular ? 'border-indigo-500 ring-1 ring-indigo-500 dark:border-indigo-400 dark:ring-indigo-400' : 'border-zinc-200 dark:border-zinc-800',
        isCurrent && 'bg-indigo-50/50 dark:bg-indigo-500/5',
      )}
    >
      <PlanBadges popular={popular} current={isCurrent} />
      <h3 id={titleId} className="text-base font-semibold text-zinc-900 dark:text-white">
        {offer.name}
      </h3>
      <p className="mt-1 text-xl font-bold tracking-tight text-zinc-900 dark:text-white">{offer.priceLabel}</p>
      <p className="mt-0.5 text-xs font-medium text-indigo-700 dark:text-indigo-300">{offer.themesLabel}</p>
      <PlanFeatures features={offer.features} />
      <Button
        className="mt-4 w-full"
        variant={popular && !isCurrent && !isIncluded ? 'primary' : 'outline'}
        disabled={isCurrent || isIncluded}
        onClick={() => onUpgrade(offer.id)}
      >
        {isCurrent ? MSG.currentPlan : isIncluded ? 'Included in your plan' : MSG.upgradeTo(offer.name)}
      </Button>
    </section>
  );
}

export function UpgradeDialog({ open, onOpenChange }: UpgradeDialogProps) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const currentPlan = user ? user.effectivePlan : null;

  const upgrade = (plan: PlanType) => {
    onOpenChange(false);
    void navigate({ href: `/upgrade?plan=${plan}` });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl lg:max-w-5xl p-5 sm:p-6">
        <DialogHeader>
          <DialogTitle>{MSG.upgradeDialogTitle}</DialogTitle>
          <DialogDescription>Pick the plan that fits: more themes, more content channels and more export formats.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-5 pt-2 sm:grid-cols-2 lg:grid-cols-4">
          {PLAN_OFFERS.map((offer) => (
            <PlanCard key={offer.id} offer={offer} currentPlan={currentPlan} onUpgrade={upgrade} />
          ))}
        </div>
        <DialogFooter className="items-center sm:justify-between">
          <p className="text-center text-sm text-muted sm:text-left">
            Need something bigger?{' '}
            <a href={`mailto:${SALES_EMAIL}`} className="font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400">
              {MSG.contactSales}
            </a>
          </p>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {MSG.maybeLater}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
