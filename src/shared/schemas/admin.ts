// The contracts of admin.*: staff user management, the overview and the security page (inputs and answers).
import { z } from 'zod';
import { PLAN_TYPES, ROLES } from '../plans';
import { SIGN_IN_OUTCOMES } from '../sign-ins';
import { userDto } from './user';
import { noInput, okResult } from './common';
import { mutation, query, type RouterContract } from '../contract';

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

/** An audit row as staff pages show it: the account it concerns is the e-mail in its detail. */
export const auditEntryDto = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string(),
  at: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

/** Counts by a status name (sends, the delivery queue's jobs). */
const countsByName = z.record(z.string(), z.number());

export const adminOverviewDto = z.object({
  users: z.number(),
  /** Sign-ups a UTC day, the last 14 days, oldest first. */
  signups: z.array(z.object({ day: z.string(), count: z.number() })),
  plans: z.record(z.enum(PLAN_TYPES), z.number()),
  publications: z.number(),
  subscribers: z.number(),
  /** The last 30 days' sends by status. */
  sends: countsByName,
  queue: countsByName,
  recentAudit: z.array(auditEntryDto),
});

export const userListDto = z.object({
  total: z.number(),
  users: z.array(userDto.extend({ disabled: z.boolean(), activeSessions: z.number() })),
});

export const roleSetResult = z.object({ success: z.literal(true), role: z.enum(ROLES) });
export const disabledSetResult = z.object({ success: z.literal(true), disabled: z.boolean() });
export const sessionsEndedResult = z.object({ success: z.literal(true), ended: z.number() });

export const securityOverviewDto = z.object({
  /** Sign-in attempts of the last 24 hours by outcome. */
  last24h: z.record(z.enum(SIGN_IN_OUTCOMES), z.number()),
  signIns: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      method: z.string(),
      outcome: z.enum(SIGN_IN_OUTCOMES),
      ip: z.string(),
      userAgent: z.string(),
      at: z.string(),
    }),
  ),
  sessions: z.object({
    total: z.number(),
    /** `id` is a prefix of the stored hash: enough to tell sessions apart, nothing to use. */
    list: z.array(z.object({ id: z.string(), email: z.string(), name: z.string(), startedAt: z.string(), expiresAt: z.string() })),
  }),
  audit: z.array(auditEntryDto),
  /** Every audit action recorded, for the filter. */
  actions: z.array(z.string()),
});

/** The admin router (staff only): what each procedure takes and answers. */
export const adminContract = {
  /** /admin: accounts, sign-ups, plans, publications, sends, the delivery queue, recent audit entries. */
  overview: query(noInput, adminOverviewDto, 'staff'),
  listUsers: query(listUsersInput, userListDto, 'staff'),
  setRole: mutation(setRoleInput, roleSetResult, 'staff'),
  setDisabled: mutation(setDisabledInput, disabledSetResult, 'staff'),
  endSessions: mutation(userIdInput, sessionsEndedResult, 'staff'),
  deleteUser: mutation(deleteUserInput, okResult, 'staff'),
  /** Sign-ins, open sessions and the audit log (every staff role). */
  security: query(securityInput, securityOverviewDto, 'staff'),
} satisfies RouterContract;
