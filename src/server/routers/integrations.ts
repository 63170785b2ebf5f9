// integrations.*: which mail platforms are connected, and the user's publications for the dashboard.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { integrationsStatus, integrationsStatusDto } from '../integrations/status';

export const integrationsRouter = router({
  status: protectedProcedure
    .input(z.void())
    .output(integrationsStatusDto)
    .query(({ ctx }) => integrationsStatus(ctx)),
});
