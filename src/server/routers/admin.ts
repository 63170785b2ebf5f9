// admin.*: staff-only. Every procedure uses adminProcedure (403 for everyone else); changes to accounts
// are for admins only (decided in the domain: managers and supervisors read).
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { securityOverview } from '../user/security';
import { adminOverview } from '../user/overview';
import { deleteUser, endSessions, listUsers, setDisabled, setRole } from '../user/admin-users';
import { adminContract } from '../../shared/schemas/admin';

export const adminRouter = router(
  implement(adminContract, {
    overview: adminOverview,
    listUsers,
    setRole,
    setDisabled,
    endSessions,
    deleteUser,
    security: securityOverview,
  }),
);
