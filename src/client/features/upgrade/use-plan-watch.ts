// Waiting for Stripe: a checkout changes the plan only when Stripe's event reaches the server, so the
// page re-reads billing.subscription every 3 s (for at most 5 minutes) until the plan bought is in force.
// The tab Stripe returns to (?checkout=success) learns which plan was bought from localStorage.
import { useEffect, useState } from 'react';
import { PLAN_LABELS, PLAN_TYPES, type PlanType } from '../../../shared/plans';
import { PLAN_LIST } from '../../../shared/plan-offers';
import type { SubscriptionDto } from '../../../shared/schemas/billing';
import { toast } from '../../components/ui/toast-store';
import { trpc } from '../../trpc';

export const WATCH_INTERVAL_MS = 3000;
export const WATCH_LIMIT_MS = 5 * 60_000;
const PENDING_KEY = 'pendingCheckout';
const PENDING_MAX_AGE_MS = 24 * 60 * 60_000;

export const planName = (plan: PlanType) => PLAN_LIST.find((o) => o.id === plan)?.name ?? PLAN_LABELS[plan];

/** Remembers the plan being bought, for the tab Stripe's success page opens. */
export function rememberCheckout(plan: PlanType) {
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify({ plan, at: Date.now() }));
  } catch {
    // Private mode or a full store: the success page then waits for any paid subscription.
  }
}

function pendingCheckout(): PlanType | null {
  try {
    const v = JSON.parse(localStorage.getItem(PENDING_KEY) ?? 'null') as { plan?: unknown; at?: unknown } | null;
    if (!v || typeof v.at !== 'number' || Date.now() - v.at > PENDING_MAX_AGE_MS) return null;
    return (PLAN_TYPES as readonly unknown[]).includes(v.plan) ? (v.plan as PlanType) : null;
  } catch {
    return null;
  }
}

function forgetCheckout() {
  try {
    localStorage.removeItem(PENDING_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The bought plan is in force: a live Stripe subscription on it (any live one when the plan is unknown). */
function reached(sub: SubscriptionDto, plan: PlanType | null) {
  return sub.source === 'stripe' && (sub.status === 'active' || sub.status === 'past_due') && (plan === null || sub.currentPlan === plan);
}

interface Watch {
  plan: PlanType | null;
  startedAt: number;
}

export type WatchState = 'idle' | 'waiting' | 'done' | 'timeout';

/** The subscription query, polled while a checkout is awaited. `fromCheckoutReturn`: the page is Stripe's success return. */
export function usePlanWatch(fromCheckoutReturn: boolean) {
  const utils = trpc.useUtils();
  const [watch, setWatch] = useState<Watch | null>(() => (fromCheckoutReturn ? { plan: pendingCheckout(), startedAt: Date.now() } : null));
  const query = trpc.billing.subscription.useQuery(undefined, {
    refetchInterval: (q) => {
      if (!watch) return false;
      const d = q.state.data;
      if (d && reached(d, watch.plan)) return false;
      return q.state.dataUpdatedAt - watch.startedAt > WATCH_LIMIT_MS ? false : WATCH_INTERVAL_MS;
    },
  });
  const sub = query.data;

  const done = Boolean(watch && sub && reached(sub, watch.plan));
  const timedOut = Boolean(watch && !done && query.dataUpdatedAt - watch.startedAt > WATCH_LIMIT_MS);
  const state: WatchState = !watch ? 'idle' : done ? 'done' : timedOut ? 'timeout' : 'waiting';

  const newPlan = done && sub ? sub.currentPlan : null;
  useEffect(() => {
    if (!newPlan) return;
    forgetCheckout();
    toast({ title: `You're on ${planName(newPlan)} now`, variant: 'success' });
    // The top bar's plan badge and every plan-gated page read the user.
    void utils.user.get.invalidate();
    void utils.auth.check.invalidate();
  }, [newPlan, utils]);

  return {
    query,
    state,
    watchedPlan: watch?.plan ?? null,
    /** Starts (or restarts) waiting for `plan` to be in force. */
    start: (plan: PlanType | null) => setWatch({ plan, startedAt: Date.now() }),
  };
}
