// admin.*: staff-only. Every procedure uses adminProcedure (403 for everyone else); changes to accounts
// are for admins only (decided in the domain: managers and supervisors read).
import { router, adminProcedure } from '../trpc/init';
import { securityOverview } from '../user/security';
import { adminOverview } from '../user/overview';
import { deleteUser, endSessions, listUsers, setDisabled, setRole } from '../user/admin-users';
import {
  adminOverviewDto,
  deleteUserInput,
  disabledSetResult,
  listUsersInput,
  roleSetResult,
  securityInput,
  securityOverviewDto,
  sessionsEndedResult,
  setDisabledInput,
  setRoleInput,
  userIdInput,
  userListDto,
} from '../../shared/schemas/admin';
import { noInput, okResult } from '../../shared/schemas/common';

export const adminRouter = router({
  /** /admin: accounts, sign-ups, plans, publications, sends, the delivery queue, recent audit entries. */
  overview: adminProcedure
    .input(noInput)
    .output(adminOverviewDto)
    .query(({ ctx }) => adminOverview(ctx)),
  listUsers: adminProcedure
    .input(listUsersInput)
    .output(userListDto)
    .query(({ ctx, input }) => listUsers(ctx, input)),
  setRole: adminProcedure
    .input(setRoleInput)
    .output(roleSetResult)
    .mutation(({ ctx, input }) => setRole(ctx, input)),
  setDisabled: adminProcedure
    .input(setDisabledInput)
    .output(disabledSetResult)
    .mutation(({ ctx, input }) => setDisabled(ctx, input)),
  endSessions: adminProcedure
    .input(userIdInput)
    .output(sessionsEndedResult)
    .mutation(({ ctx, input }) => endSessions(ctx, input)),
  deleteUser: adminProcedure
    .input(deleteUserInput)
    .output(okResult)
    .mutation(({ ctx, input }) => deleteUser(ctx, input)),
  /** Sign-ins, open sessions and the audit log (every staff role). */
  security: adminProcedure
    .input(securityInput)
    .output(securityOverviewDto)
    .query(({ ctx, input }) => securityOverview(ctx, input)),
});
