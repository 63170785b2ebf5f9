// domains.*: the account's custom domain for its readers' pages (white-label, Enterprise): read, claim
// (set or replace), prove by its DNS record (verify), remove.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { getCustomDomain, removeCustomDomain, setCustomDomain, verifyCustomDomain } from '../domains/custom-domains';

const domainState = z.object({
  /** The proven domain the readers' pages are served on. */
  host: z.string().nullable(),
  /** A domain asked for and not proved yet, with the TXT record that proves it. */
  pending: z.object({ host: z.string(), record: z.object({ name: z.string(), value: z.string() }) }).nullable(),
  target: z.string(),
  allowed: z.boolean(),
});

export const domainsRouter = router({
  get: protectedProcedure
    .input(z.void())
    .output(domainState)
    .query(({ ctx }) => getCustomDomain(ctx)),
  set: protectedProcedure
    .input(z.object({ host: z.string().max(300) }))
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
