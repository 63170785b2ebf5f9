// The list of what a plan includes, shared by every place that sells a plan (landing pricing, the
// upgrade dialog, /upgrade, the trial page): a feature nothing builds yet carries 'Coming soon' and no
// check mark, read from the feature's own flag in plans.ts.
import { Check, Clock, Lock } from 'lucide-react';
import { MSG } from '../../shared/messages';
import { isComingSoon, type PlanFeature } from '../../shared/plan-offers';
import { cn } from '../lib/cn';
import { Badge } from './ui/badge';

export function ComingSoonBadge({ className }: { className?: string }) {
  return (
    <Badge tone="warning" className={className}>
      {MSG.comingSoon}
    </Badge>
  );
}

/** '{Plan} Plan Required' beside a feature the user's plan does not include. */
export function PlanRequiredBadge({ plan }: { plan: string }) {
  return (
    <Badge tone="neutral">
      <Lock className="size-3" aria-hidden /> {MSG.planRequired(plan)}
    </Badge>
  );
}

export function PlanFeatureList({ features, className, checkClassName }: { features: readonly PlanFeature[]; className?: string; checkClassName?: string }) {
  return (
    <ul className={className}>
      {features.map((f) => {
        const coming = isComingSoon(f);
        const Icon = coming ? Clock : Check;
        return (
          <li key={f.text} className={cn('flex gap-2', coming && 'text-muted')}>
            <Icon className={cn('mt-0.5 size-4 shrink-0', coming ? 'text-muted' : checkClassName)} aria-hidden />
            <span className="min-w-0">
              {f.text}
              {f.note && <span className="text-muted"> ({f.note})</span>}
              {coming && <ComingSoonBadge className="ml-2 align-middle" />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
