// The plan in force for an account known only by its id (a send's owner, a publication's owner).
// effectivePlan() needs role, stored plan, trial plan and the account's start; reading fewer columns
// silently drops a trial, so every plan check that loads a user reads them through here.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db';
import { users } from '../../../db/schema';
import { CAPABILITIES, effectivePlan, type Capabilities, type PlanType } from '../../shared/plans';

/**
 * The user row columns a plan or capability check decides from (role, stored plan, the trial's plan and
 * its start), with who the account is for the messages that name it. Joins select these as one object.
 */
export const planSubjectColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  planType: users.planType,
  trialPlan: users.trialPlan,
  createdAt: users.createdAt,
};

/** The account a plan check is about, or null when there is no such account. */
export async function planSubjectOf(db: Pick<DbOrTx, 'select'>, userId: string) {
  const [row] = await db.select(planSubjectColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}
export type PlanSubject = NonNullable<Awaited<ReturnType<typeof planSubjectOf>>>;

/** The plan in force for the account; a missing account is free (never grant by default). */
export async function planOf(db: Pick<DbOrTx, 'select'>, userId: string, now: Date): Promise<PlanType> {
  const subject = await planSubjectOf(db, userId);
  return subject ? effectivePlan(subject, now) : 'free';
}

export async function capabilitiesOf(db: Pick<DbOrTx, 'select'>, userId: string, now: Date): Promise<Capabilities> {
  return CAPABILITIES[await planOf(db, userId, now)];
}

/** Whether the account's readers' pages and issues carry its own name only (white-label, Enterprise). */
export async function whiteLabelOf(db: Pick<DbOrTx, 'select'>, userId: string, now: Date): Promise<boolean> {
  return (await capabilitiesOf(db, userId, now)).whiteLabel;
}
