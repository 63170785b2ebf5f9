// The signed-in user's subscription as the dashboard reads it (spec §3 "Subscription", §7 /api/subscription).
import { z } from 'zod';
import { effectivePlan, PLAN_TYPES, type PlanType } from '../../shared/plans';
import type { SessionUser } from '../auth/service';

export const subscriptionDto = z.object({ currentPlan: z.enum(PLAN_TYPES) });

/** Admins count as enterprise whatever their stored plan (spec §6); a missing plan is free. */
export function currentSubscription(user: Pick<SessionUser, 'role' | 'planType'>): { currentPlan: PlanType } {
  return { currentPlan: effectivePlan(user) };
}
