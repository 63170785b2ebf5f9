// domains.*: the account's custom domain for its readers' pages (white-label, Enterprise): read, claim
// (set or replace), prove by its DNS record (verify), remove.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { domainState, setDomainInput } from '../../shared/schemas/domains';
import { getCustomDomain, removeCustomDomain, setCustomDomain, verifyCustomDomain } from '../domains/custom-domains';

export const domainsRouter = router({
  get: protectedProcedure
    .input(z.void())
    .output(domainState)
    .query(({ ctx }) => getCustomDomain(ctx)),
  set: protectedProcedure
    .input(setDomainInput)
    .output(domainState)
    .mutation(({ ctx, input }) => setCustomDomain(ctx, input.host)),
  verify: protectedProcedure
    .input(z.void())
    .output(domainState)
    .mutation(({ ctx }) => verifyCustomDomain(ctx)),
  remove: protectedProcedure
    .input(z.void())
    .output(domainState)
    .mutation(({ ctx }) => removeCustomDomain(ctx)),
});
