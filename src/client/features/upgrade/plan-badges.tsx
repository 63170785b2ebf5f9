// The badges above a plan card ('Most Popular', 'Current Plan'), shared by the upgrade dialog and /upgrade.
import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { MSG } from '../../../shared/messages';

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
