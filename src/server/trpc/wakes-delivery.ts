// A change that queues delivery work (an issue send, a webhook delivery) wakes the delivery worker once
// it has succeeded, so the job starts now instead of at the worker's next poll.
import { middleware } from './init';

export const wakesDelivery = middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) ctx.delivery.kick();
  return result;
});
