// The price list: all five plans from plans.ts (prices, limits and sold features), with the launch-offer
// wording around the paid ones.
import { Link } from '@tanstack/react-router';
import { SALES_EMAIL, TRIAL_PLANS } from '../../../shared/plans';
import { MOST_POPULAR_PLAN, PLAN_LIST, keyLimits } from '../../../shared/plan-offers';
import { PlanFeatureList } from '../../components/plan-features';
import { buttonClass } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';

export function Pricing() {
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
      {PLAN_LIST.map((plan) => {
        const popular = plan.id === MOST_POPULAR_PLAN;
        const free = plan.monthlyPrice === 0;
        // Trials are Basic or Professional: other paid plans are chosen after signing up.
        const trial = (TRIAL_PLANS as readonly string[]).includes(plan.id);
        return (
          <section
            key={plan.id}
            aria-label={plan.name}
            className={cn(
              'relative flex min-w-0 flex-col rounded-2xl border bg-white p-6 xl:p-5 dark:bg-zinc-900/60',
              popular
                ? 'border-indigo-500 shadow-xl shadow-indigo-500/10 ring-1 ring-indigo-500 dark:shadow-indigo-500/5'
                : 'border-zinc-200 dark:border-zinc-800',
            )}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              {popular && <Badge tone="brand">Most Popular</Badge>}
            </div>
            <p className="mt-4 flex items-baseline gap-1">
              {plan.monthlyPrice === null ? (
                <span className="text-3xl font-semibold tracking-tight xl:text-2xl">{plan.priceLabel}</span>
              ) : (
                <>
                  <span className="text-4xl font-semibold tracking-tight">${plan.monthlyPrice}</span>
                  <span className="text-sm text-muted">/month</span>
                </>
              )}
            </p>
            <p className="mt-1 text-sm text-muted">
              {plan.monthlyPrice === null ? 'Tailored to your team' : free ? 'Free tier, no credit card' : 'Launch price for the first 50 users'}
            </p>
            <ul
              aria-label={`${plan.name} limits`}
              className="mt-4 space-y-1 border-y border-zinc-100 py-3 text-sm font-medium text-zinc-700 dark:border-zinc-800 dark:text-zinc-300"
            >
              {keyLimits(plan.id).map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
            <PlanFeatureList
              features={plan.features}
              className="mt-4 flex-1 space-y-2.5 text-sm text-muted"
              checkClassName="text-indigo-600 dark:text-indigo-400"
            />
            {free || (!trial && plan.monthlyPrice !== null) ? (
              <Link to="/auth" search={free ? { mode: 'signup' } : { mode: 'signup', plan: plan.id }} className={buttonClass('outline', 'md', 'mt-8 w-full')}>
                Get Started
              </Link>
            ) : plan.monthlyPrice === null ? (
              <a href={`mailto:${SALES_EMAIL}?subject=Curated%20Enterprise`} className={buttonClass('outline', 'md', 'mt-8 w-full')}>
                Contact Sales
              </a>
            ) : (
              <Link to="/trial-signup" search={{ plan: plan.id }} className={buttonClass(popular ? 'primary' : 'outline', 'md', 'mt-8 w-full')}>
                Start 7-day free trial
              </Link>
            )}
          </section>
        );
      })}
    </div>
  );
}
