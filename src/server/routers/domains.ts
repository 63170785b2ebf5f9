// domains.*: the account's custom domain for its readers' pages (white-label, Enterprise): read, claim
// (set or replace), prove by its DNS record (verify), remove.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { domainsContract } from '../../shared/schemas/domains';
import { getCustomDomain, removeCustomDomain, setCustomDomain, verifyCustomDomain } from '../domains/custom-domains';

export const domainsRouter = router(
  implement(domainsContract, {
    get: getCustomDomain,
    set: (ctx, input) => setCustomDomain(ctx, input.host),
    verify: verifyCustomDomain,
    remove: removeCustomDomain,
  }),
);
