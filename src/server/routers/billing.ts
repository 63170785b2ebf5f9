// billing.*: the signed-in user's plan.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { currentSubscription, subscriptionDto } from '../billing/subscription';

export const billingRouter = router({
  subscription: protectedProcedure
    .input(z.void())
    .output(subscriptionDto)
    .query(({ ctx }) => currentSubscription(ctx.user)),
});
