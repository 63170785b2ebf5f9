// leads.*: the landing page's newsletter-guide sign-up.
import { router, publicProcedure } from '../trpc/init';
import { newsletterSignupInput } from '../../shared/schemas/auth';
import { messageResult } from '../../shared/schemas/common';
import { storeLead } from '../leads/leads';

export const leadsRouter = router({
  subscribe: publicProcedure
    .input(newsletterSignupInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => storeLead(ctx, input)),
});
