// dashboard.*: the first-run checklist (read, the signup page shared, dismissed) and the overview the
// dashboard leads with (readers, the last issue, whether the account is new).
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { dismissChecklist, getChecklist, getOverview, markSignupShared } from '../dashboard/dashboard';
import { checklistView, markSharedInput, overviewView } from '../../shared/schemas/dashboard';

export const dashboardRouter = router({
  checklist: protectedProcedure
    .input(z.void())
    .output(checklistView)
    .query(({ ctx }) => getChecklist(ctx)),
  overview: protectedProcedure
    .input(z.void())
    .output(overviewView)
    .query(({ ctx }) => getOverview(ctx)),
  markShared: protectedProcedure
    .input(markSharedInput)
    .output(checklistView)
    .mutation(({ ctx, input }) => markSignupShared(ctx, input.publicationId)),
  dismissChecklist: protectedProcedure
    .input(z.void())
    .output(checklistView)
    .mutation(({ ctx }) => dismissChecklist(ctx)),
});
