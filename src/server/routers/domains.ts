// domains.*: the account's custom domain for its readers' pages (white-label, Enterprise): read, set or
// replace, remove.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { getCustomDomain, removeCustomDomain, setCustomDomain } from '../domains/custom-domains';

const domainState = z.object({ host: z.string().nullable(), target: z.string(), allowed: z.boolean() });

export const domainsRouter = router({
  get: protectedProcedure
    .input(z.void())
    .output(domainState)
    .query(({ ctx }) => getCustomDomain(ctx)),
  set: protectedProcedure
    .input(z.object({ host: z.string().max(300) }))
    .output(domainState)
    .mutation(({ ctx, input }) => setCustomDomain(ctx, input.host)),
  remove: protectedProcedure
    .input(z.void())
    .output(domainState)
    .mutation(({ ctx }) => removeCustomDomain(ctx)),
});
