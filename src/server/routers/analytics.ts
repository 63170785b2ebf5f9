// Analytics of issues the product sent: opens, clicks, unsubscribes, bounces, complaints; tracking settings.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { analyticsCsv, analyticsIssue, analyticsOverview } from '../analytics/analytics';
import { getTracking, setTracking } from '../analytics/tracking-switches';
import { analyticsContract } from '../../shared/schemas/analytics';

export const analyticsRouter = router(
  implement(analyticsContract, {
    overview: analyticsOverview,
    issue: (ctx, input) => analyticsIssue(ctx, input.sendId),
    exportCsv: analyticsCsv,
    tracking: (ctx, input) => getTracking(ctx, input.publicationId),
    setTracking,
  }),
);
