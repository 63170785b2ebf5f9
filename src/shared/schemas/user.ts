// The user DTO as returned by the API (also the output schema of the procedures behind /api/user).
import { z } from 'zod';
import { PLAN_TYPES, ROLES } from '../plans';

export const userDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ROLES),
  planType: z.enum(PLAN_TYPES),
  plan_type: z.enum(PLAN_TYPES),
  subscription: z.object({ plan: z.enum(PLAN_TYPES) }),
  /** The plan a free trial gives for its 7 days, or null. */
  trialPlan: z.enum(PLAN_TYPES).nullable(),
  /** The plan in force (admins: enterprise; a free account in its trial: the trial's plan). */
  effectivePlan: z.enum(PLAN_TYPES),
  isAdmin: z.boolean(),
  isStaff: z.boolean(),
  createdAt: z.string(),
  created_at: z.string(),
  trialDaysLeft: z.number().int().nullable(),
  /** True once the owner proved the address (an e-mail code, or an OAuth provider's verified address). */
  emailVerified: z.boolean(),
});
export type UserDtoShape = z.infer<typeof userDto>;
