// recurring.*: a publication's recurring schedule, its history, "Run now", and the approval of a
// prepared issue from the mailed link (public: the single-use token is the authority).
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { recurringContract } from '../../shared/schemas/recurring';
import { deleteSchedule, recurringViewOf, runNow, saveSchedule } from '../recurring/schedules';
import { approveRun, pendingApproval } from '../recurring/approve';

export const recurringRouter = router(
  implement(recurringContract, {
    get: (ctx, input) => recurringViewOf(ctx, input.publicationId),
    save: saveSchedule,
    remove: (ctx, input) => deleteSchedule(ctx, input.publicationId),
    runNow: (ctx, input) => runNow(ctx, input.publicationId),
    pending: (ctx, input) => pendingApproval(ctx, input.token),
    approve: (ctx, input) => approveRun(ctx, input.token),
  }),
);
