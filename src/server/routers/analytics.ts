// Analytics of issues the product sent: opens, clicks, unsubscribes, bounces, complaints; tracking settings.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { publicationId } from '../publications/schemas';
import { analyticsCsv, analyticsIssue, analyticsOverview, getTracking, issueInput, overviewInput, setTracking, setTrackingInput } from '../analytics/analytics';

export const analyticsRouter = router({
  overview: protectedProcedure.input(overviewInput).query(({ ctx, input }) => analyticsOverview(ctx, input)),
  issue: protectedProcedure.input(issueInput).query(({ ctx, input }) => analyticsIssue(ctx, input.sendId)),
  exportCsv: protectedProcedure
    .input(overviewInput)
    .output(z.object({ filename: z.string(), csv: z.string() }))
    .query(({ ctx, input }) => analyticsCsv(ctx, input)),
  tracking: protectedProcedure.input(z.object({ publicationId })).query(({ ctx, input }) => getTracking(ctx, input.publicationId)),
  setTracking: protectedProcedure.input(setTrackingInput).mutation(({ ctx, input }) => setTracking(ctx, input)),
});
