// The contracts of admin.*: staff user management and the security overview (inputs; the pages read
// the answers' types from the router).
import { z } from 'zod';
import { SIGN_IN_OUTCOMES } from '../../../db/schema';
import { PLAN_TYPES, ROLES } from '../../shared/plans';

export const listUsersInput = z
  .object({
    search: z.string().trim().max(200).default(''),
    role: z.enum(ROLES).optional(),
    plan: z.enum(PLAN_TYPES).optional(),
    status: z.enum(['active', 'disabled']).optional(),
    limit: z.number().int().min(1).max(200).default(50),
    offset: z.number().int().min(0).default(0),
  })
  .default({ search: '', limit: 50, offset: 0 });

export const userIdInput = z.object({ userId: z.string().max(100) });
export const setRoleInput = userIdInput.extend({ role: z.enum(ROLES) });
export const setDisabledInput = userIdInput.extend({ disabled: z.boolean() });
export const deleteUserInput = userIdInput.extend({ confirmEmail: z.string().trim().max(254) });
export type ListUsersInput = z.infer<typeof listUsersInput>;
export type UserIdInput = z.infer<typeof userIdInput>;
export type SetRoleInput = z.infer<typeof setRoleInput>;
export type SetDisabledInput = z.infer<typeof setDisabledInput>;
export type DeleteUserInput = z.infer<typeof deleteUserInput>;

export const securityInput = z
  .object({
    outcome: z.enum(SIGN_IN_OUTCOMES).optional(),
    /** Matches sign-in addresses and audit actors. */
    search: z.string().trim().max(200).default(''),
    action: z.string().max(50).optional(),
  })
  .default({ search: '' });
export type SecurityInput = z.infer<typeof securityInput>;
