// sends.*: sending an issue to a publication's subscribers (now or scheduled), its live progress, the
// public unsubscribe page's data and the public archive list.
import { router, protectedProcedure, publicProcedure, costly } from '../trpc/init';
import { wakesDelivery } from '../trpc/wakes-delivery';
import { AppError } from '../errors';
import { cancelSend, createSend, getSendProgress, listSends, pickWinnerNow, retrySend, sendAudience } from '../delivery/sends';
import { z } from 'zod';
import { UNSUBSCRIBE_MSG, unsubscribeInfo } from '../readers/unsubscribe';
import { listArchive } from '../delivery/archive';
import { runPrecheck } from '../precheck/run';
import { precheckResult } from '../../shared/precheck';
import {
  archiveInput,
  archiveList,
  createSendInput,
  precheckInput,
  sendAudienceResult,
  sendIdInput,
  sendProgress,
  sendsOfPublicationInput,
  unsubscribePageResult,
  unsubscribeTokenInput,
} from '../../shared/schemas/sends';

export const sendsRouter = router({
  create: protectedProcedure
    .use(costly('render'))
    .use(wakesDelivery)
    .input(createSendInput)
    .output(sendProgress)
    .mutation(({ ctx, input }) => createSend(ctx, input)),
  /** The pre-send check of the issue as a send would assemble it (step 5, the send dialog). */
  precheck: protectedProcedure
    .use(costly('render'))
    .input(precheckInput)
    .output(precheckResult)
    .query(({ ctx, input }) => runPrecheck(ctx, input)),
  progress: protectedProcedure
    .input(sendIdInput)
    .output(sendProgress)
    .query(({ ctx, input }) => getSendProgress(ctx, input.id)),
  audience: protectedProcedure
    .input(sendsOfPublicationInput)
    .output(sendAudienceResult)
    .query(({ ctx, input }) => sendAudience(ctx, input.publicationId)),
  list: protectedProcedure
    .input(sendsOfPublicationInput)
    .output(z.array(sendProgress))
    .query(({ ctx, input }) => listSends(ctx, input.publicationId)),
  cancel: protectedProcedure
    .input(sendIdInput)
    .output(sendProgress)
    .mutation(({ ctx, input }) => cancelSend(ctx, input.id)),
  retry: protectedProcedure
    .use(wakesDelivery)
    .input(sendIdInput)
    .output(sendProgress)
    .mutation(({ ctx, input }) => retrySend(ctx, input.id)),
  /** Ends a subject test's wait: the winner so far goes to the rest of the list now. */
  pickWinner: protectedProcedure
    .use(wakesDelivery)
    .input(sendIdInput)
    .output(sendProgress)
    .mutation(({ ctx, input }) => pickWinnerNow(ctx, input.id)),
  unsubscribeInfo: publicProcedure
    .input(unsubscribeTokenInput)
    .output(unsubscribePageResult)
    .query(async ({ ctx, input }) => {
      const info = await unsubscribeInfo(ctx, input.token);
      if (!info) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MSG.invalid);
      return info;
    }),
  archive: publicProcedure
    .input(archiveInput)
    .output(archiveList)
    .query(async ({ ctx, input }) => {
      const found = await listArchive(ctx, input.slug);
      if (!found) throw new AppError('NOT_FOUND', 'Publication not found');
      return found;
    }),
});
