// dashboard.*: the first-run checklist (read, the signup page shared, dismissed) and the overview the
// dashboard leads with (readers, the last issue, whether the account is new).
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { dismissChecklist, getChecklist, getOverview, markSignupShared } from '../dashboard/dashboard';
import { dashboardContract } from '../../shared/schemas/dashboard';

export const dashboardRouter = router(
  implement(dashboardContract, {
    checklist: getChecklist,
    overview: getOverview,
    markShared: (ctx, input) => markSignupShared(ctx, input.publicationId),
    dismissChecklist,
  }),
);
