// The user DTO as returned by the API (also the output schema of the procedures behind /api/user), and
// what a profile is changed with.
import { z } from 'zod';
import { PLAN_TYPES, ROLES } from '../plans';
import { noInput } from './common';
import { mutation, query, type RouterContract } from '../contract';

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

export const nameField = z.string().trim().min(1, 'Please enter your name').max(100, 'Name is too long');

/** Avatar: a JPEG data URL (the client resizes to 200 px, quality 0.7) under 1 MB, or an http(s) image address. */
export const avatarField = z
  .string()
  .max(1_400_000, 'Avatar image must be less than 1MB')
  .refine((v) => /^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/.test(v) || /^https?:\/\/\S+$/.test(v), 'Please select a valid image file');

export const updateProfileInput = z.object({ fullName: nameField, avatar: avatarField.nullish() });
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** The user router: what each procedure takes and answers. */
export const userContract = {
  get: query(noInput, userDto),
  update: mutation(updateProfileInput, userDto),
} satisfies RouterContract;
