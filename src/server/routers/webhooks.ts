// webhooks.*: the account's outgoing webhook endpoints (Settings → Advanced → Webhooks, Professional and
// up): list, add (answers the signing secret), show the secret, change, remove; each endpoint's
// deliveries, resending one, and a test event.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { wakesDelivery } from '../trpc/wakes-delivery';
import { webhooksContract } from '../../shared/schemas/webhooks';
import {
  createEndpoint,
  deleteEndpoint,
  endpointSecret,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  sendTestEvent,
  updateEndpoint,
} from '../webhooks/endpoints';

export const webhooksRouter = router(
  implement(webhooksContract, {
    list: listEndpoints,
    create: createEndpoint,
    secret: (ctx, input) => endpointSecret(ctx, input.id),
    update: updateEndpoint,
    delete: (ctx, input) => deleteEndpoint(ctx, input.id),
    deliveries: (ctx, input) => listDeliveries(ctx, input.id),
    resend: { use: [wakesDelivery], run: (ctx, input) => resendDelivery(ctx, input.id) },
    test: { use: [wakesDelivery], run: (ctx, input) => sendTestEvent(ctx, input.id) },
  }),
);
