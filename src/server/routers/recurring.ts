// recurring.*: a publication's recurring schedule, its history, "Run now", and the approval of a
// prepared issue from the mailed link (public: the single-use token is the authority).
import { router, protectedProcedure, publicProcedure } from '../trpc/init';
import {
  approvalResult,
  approvalTokenInput,
  pendingApproval,
  recurringOfPublication,
  recurringRunDto,
  recurringScheduleDto,
  recurringScheduleInput,
  recurringView,
  scheduleRemoved,
} from '../../shared/schemas/recurring';
import { deleteSchedule, recurringViewOf, runNow, saveSchedule } from '../recurring/schedules';
import { approveRun, pendingApproval as pendingApprovalOf } from '../recurring/approve';

export const recurringRouter = router({
  get: protectedProcedure
    .input(recurringOfPublication)
    .output(recurringView)
    .query(({ ctx, input }) => recurringViewOf(ctx, input.publicationId)),
  save: protectedProcedure
    .input(recurringScheduleInput)
    .output(recurringScheduleDto)
    .mutation(({ ctx, input }) => saveSchedule(ctx, input)),
  remove: protectedProcedure
    .input(recurringOfPublication)
    .output(scheduleRemoved)
    .mutation(({ ctx, input }) => deleteSchedule(ctx, input.publicationId)),
  runNow: protectedProcedure
    .input(recurringOfPublication)
    .output(recurringRunDto)
    .mutation(({ ctx, input }) => runNow(ctx, input.publicationId)),
  pending: publicProcedure
    .input(approvalTokenInput)
    .output(pendingApproval)
    .query(({ ctx, input }) => pendingApprovalOf(ctx, input.token)),
  approve: publicProcedure
    .input(approvalTokenInput)
    .output(approvalResult)
    .mutation(({ ctx, input }) => approveRun(ctx, input.token)),
});
