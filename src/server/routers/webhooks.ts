// webhooks.*: the account's outgoing webhook endpoints (Settings → Advanced → Webhooks, Professional and
// up): list, add (answers the signing secret), show the secret, change, remove; each endpoint's
// deliveries, resending one, and a test event.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import { wakesDelivery } from '../trpc/wakes-delivery';
import { removedResult } from '../../shared/schemas/common';
import {
  createEndpointInput,
  deliveryDto,
  deliveryRef,
  endpointDto,
  endpointRef,
  endpointWithSecret,
  updateEndpointInput,
} from '../../shared/schemas/webhooks';
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

export const webhooksRouter = router({
  list: protectedProcedure
    .input(z.void())
    .output(z.array(endpointDto))
    .query(({ ctx }) => listEndpoints(ctx)),
  create: protectedProcedure
    .input(createEndpointInput)
    .output(endpointWithSecret)
    .mutation(({ ctx, input }) => createEndpoint(ctx, input)),
  secret: protectedProcedure
    .input(endpointRef)
    .output(endpointWithSecret)
    .query(({ ctx, input }) => endpointSecret(ctx, input.id)),
  update: protectedProcedure
    .input(updateEndpointInput)
    .output(endpointDto)
    .mutation(({ ctx, input }) => updateEndpoint(ctx, input)),
  delete: protectedProcedure
    .input(endpointRef)
    .output(removedResult)
    .mutation(({ ctx, input }) => deleteEndpoint(ctx, input.id)),
  deliveries: protectedProcedure
    .input(endpointRef)
    .output(z.array(deliveryDto))
    .query(({ ctx, input }) => listDeliveries(ctx, input.id)),
  resend: protectedProcedure
    .use(wakesDelivery)
    .input(deliveryRef)
    .output(deliveryDto)
    .mutation(({ ctx, input }) => resendDelivery(ctx, input.id)),
  test: protectedProcedure
    .use(wakesDelivery)
    .input(endpointRef)
    .output(deliveryDto)
    .mutation(({ ctx, input }) => sendTestEvent(ctx, input.id)),
});
