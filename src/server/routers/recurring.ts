// recurring.*: a publication's recurring schedule, its history, "Run now", and the approval of a
// prepared issue from the mailed link (public: the single-use token is the authority).
import { z } from 'zod';
import { router, protectedProcedure, publicProcedure } from '../trpc/init';
import { approvalResult, pendingApproval, recurringRunDto, recurringScheduleDto, recurringScheduleInput, recurringView } from '../../shared/schemas/recurring';
import { publicationId } from '../publications/schemas';
import { deleteSchedule, recurringViewOf, runNow, saveSchedule } from '../recurring/schedules';
import { approveRun, pendingApproval as pendingApprovalOf } from '../recurring/approve';

const ofPublication = z.object({ publicationId });
const approvalToken = z.object({ token: z.string().trim().min(10).max(300) });

export const recurringRouter = router({
  get: protectedProcedure
    .input(ofPublication)
    .output(recurringView)
    .query(({ ctx, input }) => recurringViewOf(ctx, input.publicationId)),
  save: protectedProcedure
    .input(recurringScheduleInput)
    .output(recurringScheduleDto)
    .mutation(({ ctx, input }) => saveSchedule(ctx, input)),
  remove: protectedProcedure.input(ofPublication).mutation(({ ctx, input }) => deleteSchedule(ctx, input.publicationId)),
  runNow: protectedProcedure
    .input(ofPublication)
    .output(recurringRunDto)
    .mutation(({ ctx, input }) => runNow(ctx, input.publicationId)),
  pending: publicProcedure
    .input(approvalToken)
    .output(pendingApproval)
    .query(({ ctx, input }) => pendingApprovalOf(ctx, input.token)),
  approve: publicProcedure
    .input(approvalToken)
    .output(approvalResult)
    .mutation(({ ctx, input }) => approveRun(ctx, input.token)),
});
