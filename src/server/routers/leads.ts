// leads.*: the landing page's newsletter-guide sign-up.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { leadsContract } from '../../shared/schemas/leads';
import { storeLead } from '../leads/leads';

export const leadsRouter = router(
  implement(leadsContract, {
    subscribe: storeLead,
  }),
);
