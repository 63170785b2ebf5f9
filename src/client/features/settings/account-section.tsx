// The frame of Settings → Advanced's account-wide sections (API keys, webhooks, custom domain): a titled
// header, then the section's controls, or, when the plan does not include it, which plan does and the
// way to upgrade (and what the account kept from before, when there is any). FormError shows a refused
// change under its form.
import type { ComponentType, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { PlanRequiredBadge } from '../../components/plan-features';
import { errorMessage } from '../../lib/errors';
import { MSG } from '../../../shared/messages';

export function AccountSection({
  icon: Icon,
  title,
  description,
  requiredPlan,
  kept,
  children,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: string;
  description: ReactNode;
  /** The plan that includes the section, when the user's does not (null: it does, or it is not known yet). */
  requiredPlan: string | null;
  /** Shown under the upgrade note: what the account kept from a plan it no longer has. */
  kept?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-3 px-5 py-4">
      <div>
        <p className="flex items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
          <Icon className="size-4 text-muted" aria-hidden /> {title}
        </p>
        <p className="mt-0.5 text-sm text-muted">{description}</p>
      </div>
      {requiredPlan ? (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <PlanRequiredBadge plan={requiredPlan} />
            <Link to="/upgrade" className="text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300">
              {MSG.upgradeYourPlan}
            </Link>
          </div>
          {kept}
        </>
      ) : (
        children
      )}
    </div>
  );
}

export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-600 dark:text-red-400">
      {errorMessage(error)}
    </p>
  );
}
