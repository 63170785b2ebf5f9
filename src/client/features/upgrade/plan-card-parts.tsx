// Pieces of a plan card shared by the upgrade dialog and /upgrade: the badges above it ('Most Popular',
// 'Current Plan') and the list of what the plan includes.
import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { PlanFeatureList } from '../../components/plan-features';
import { MSG } from '../../../shared/messages';
import type { PlanFeature } from '../../../shared/plan-offers';

export function PlanBadges({ popular, current, children }: { popular: boolean; current: boolean; children?: ReactNode }) {
  return (
    <div className="absolute -top-2.5 left-4 flex flex-wrap gap-1.5">
      {popular && (
        <Badge tone="brand" className="bg-indigo-600 text-white ring-indigo-600 dark:bg-indigo-500 dark:text-white">
          <Sparkles className="size-3" aria-hidden />
          {MSG.mostPopular}
        </Badge>
      )}
      {current && <Badge tone="success">{MSG.currentPlan}</Badge>}
      {children}
    </div>
  );
}

export function PlanFeatures({ features }: { features: readonly PlanFeature[] }) {
  return (
    <PlanFeatureList
      features={features}
      className="mt-3 flex-1 space-y-1.5 text-sm text-zinc-600 dark:text-zinc-300"
      checkClassName="text-emerald-600 dark:text-emerald-400"
    />
  );
}
