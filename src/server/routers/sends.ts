// sends.*: sending an issue to a publication's subscribers (now or scheduled), its live progress, the
// public unsubscribe page's data and the public archive list.
import { router, protectedProcedure, publicProcedure, costly } from '../trpc/init';
import { AppError } from '../errors';
import { cancelSend, createSend, getSendProgress, listSends, pickWinnerNow, retrySend, sendAudience } from '../delivery/sends';
import { archiveInput, createSendInput, sendIdInput, sendProgress, sendsOfPublicationInput, unsubscribeTokenInput } from '../delivery/schemas';
import { z } from 'zod';
import { UNSUBSCRIBE_MSG, unsubscribeInfo } from '../readers/unsubscribe';
import { listArchive } from '../delivery/archive';
import { runPrecheck } from '../precheck/run';
import { precheckInput } from '../precheck/schemas';
import { precheckResult } from '../../shared/precheck';

export const sendsRouter = router({
  create: protectedProcedure
    .use(costly('render'))
    .input(createSendInput)
    .output(sendProgress)
    .mutation(async ({ ctx, input }) => {
      const progress = await createSend(ctx, input);
      ctx.delivery.kick();
      return progress;
    }),
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
  audience: protectedProcedure.input(sendsOfPublicationInput).query(({ ctx, input }) => sendAudience(ctx, input.publicationId)),
  list: protectedProcedure
    .input(sendsOfPublicationInput)
    .output(z.array(sendProgress))
    .query(({ ctx, input }) => listSends(ctx, input.publicationId)),
  cancel: protectedProcedure
    .input(sendIdInput)
    .output(sendProgress)
    .mutation(({ ctx, input }) => cancelSend(ctx, input.id)),
  retry: protectedProcedure.input(sendIdInput).mutation(async ({ ctx, input }) => {
    const progress = await retrySend(ctx, input.id);
    ctx.delivery.kick();
    return progress;
  }),
  /** Ends a subject test's wait: the winner so far goes to the rest of the list now. */
  pickWinner: protectedProcedure.input(sendIdInput).mutation(async ({ ctx, input }) => {
    const progress = await pickWinnerNow(ctx, input.id);
    ctx.delivery.kick();
    return progress;
  }),
  unsubscribeInfo: publicProcedure.input(unsubscribeTokenInput).query(async ({ ctx, input }) => {
    const info = await unsubscribeInfo(ctx, input.token);
    if (!info) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MSG.invalid);
    return info;
  }),
  archive: publicProcedure.input(archiveInput).query(async ({ ctx, input }) => {
    const found = await listArchive(ctx, input.slug);
    if (!found) throw new AppError('NOT_FOUND', 'Publication not found');
    return found;
  }),
});
