// The plan in force for an account known only by its id (a send's owner, a publication's owner).
// effectivePlan() needs role, stored plan, trial plan and the account's start; reading fewer columns
// silently drops a trial, so every plan check that starts from an id reads them through here.
import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import { users } from '../../../db/schema';
import { CAPABILITIES, effectivePlan, type Capabilities, type PlanHolder, type PlanType } from '../../shared/plans';

/** Exactly the columns effectivePlan() decides from; spread into a wider select when more is needed. */
export const planColumns = { role: users.role, planType: users.planType, trialPlan: users.trialPlan, createdAt: users.createdAt };

/** The account's plan facts, or null when there is no such account. */
export function planHolderOf(db: Pick<Db, 'select'>, userId: string): PlanHolder | null {
  return db.select(planColumns).from(users).where(eq(users.id, userId)).get() ?? null;
}

/** The plan in force for the account; a missing account is free (never grant by default). */
export function planOf(db: Pick<Db, 'select'>, userId: string, now: Date): PlanType {
  const holder = planHolderOf(db, userId);
  return holder ? effectivePlan(holder, now) : 'free';
}

export function capabilitiesOf(db: Pick<Db, 'select'>, userId: string, now: Date): Capabilities {
  return CAPABILITIES[planOf(db, userId, now)];
}
