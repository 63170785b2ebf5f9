// Analytics of issues the product sent: opens, clicks, unsubscribes, bounces, complaints; tracking settings.
import { router, protectedProcedure } from '../trpc/init';
import { analyticsCsv, analyticsIssue, analyticsOverview } from '../analytics/analytics';
import { getTracking, setTracking } from '../analytics/tracking-switches';
import { issueInput, issueReport, overviewInput, overviewReport, setTrackingInput, trackingDto, trackingInput } from '../../shared/schemas/analytics';
import { csvFile } from '../../shared/schemas/common';

export const analyticsRouter = router({
  overview: protectedProcedure
    .input(overviewInput)
    .output(overviewReport)
    .query(({ ctx, input }) => analyticsOverview(ctx, input)),
  issue: protectedProcedure
    .input(issueInput)
    .output(issueReport)
    .query(({ ctx, input }) => analyticsIssue(ctx, input.sendId)),
  exportCsv: protectedProcedure
    .input(overviewInput)
    .output(csvFile)
    .query(({ ctx, input }) => analyticsCsv(ctx, input)),
  tracking: protectedProcedure
    .input(trackingInput)
    .output(trackingDto)
    .query(({ ctx, input }) => getTracking(ctx, input.publicationId)),
  setTracking: protectedProcedure
    .input(setTrackingInput)
    .output(trackingDto)
    .mutation(({ ctx, input }) => setTracking(ctx, input)),
});
