// admin.*: staff-only. Every procedure uses adminProcedure (403 for everyone else); changes to accounts
// are for admins only (decided in the domain: managers and supervisors read).
import { z } from 'zod';
import { router, adminProcedure } from '../trpc/init';
import { securityOverview } from '../user/security';
import { adminOverview } from '../user/overview';
import { deleteUser, endSessions, listUsers, setDisabled, setRole } from '../user/admin-users';
import { deleteUserInput, listUsersInput, securityInput, setDisabledInput, setRoleInput, userIdInput } from '../user/schemas';

export const adminRouter = router({
  /** /admin: accounts, sign-ups, plans, publications, sends, the delivery queue, recent audit entries. */
  overview: adminProcedure.input(z.void()).query(({ ctx }) => adminOverview(ctx)),
  listUsers: adminProcedure.input(listUsersInput).query(({ ctx, input }) => listUsers(ctx, input)),
  setRole: adminProcedure.input(setRoleInput).mutation(({ ctx, input }) => setRole(ctx, input)),
  setDisabled: adminProcedure.input(setDisabledInput).mutation(({ ctx, input }) => setDisabled(ctx, input)),
  endSessions: adminProcedure.input(userIdInput).mutation(({ ctx, input }) => endSessions(ctx, input)),
  deleteUser: adminProcedure.input(deleteUserInput).mutation(({ ctx, input }) => deleteUser(ctx, input)),
  /** Sign-ins, open sessions and the audit log (every staff role). */
  security: adminProcedure.input(securityInput).query(({ ctx, input }) => securityOverview(ctx, input)),
});
