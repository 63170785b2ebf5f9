// sends.*: sending an issue to a publication's subscribers (now or scheduled), its live progress, the
// public unsubscribe page's data and the public archive list.
import { z } from 'zod';
import { router, protectedProcedure, publicProcedure, costly } from '../trpc/init';
import { AppError } from '../errors';
import { publicationId } from '../publications/schemas';
import { cancelSend, createSend, createSendInput, getSendProgress, listSends, retrySend, sendAudience } from '../delivery/sends';
import { UNSUBSCRIBE_MSG, unsubscribeInfo } from '../delivery/unsubscribe';
import { listArchive } from '../delivery/archive';

const sendId = z.object({ id: z.string().trim().min(1).max(64) });
const token = z.string().trim().min(10, UNSUBSCRIBE_MSG.invalid).max(512, UNSUBSCRIBE_MSG.invalid);

export const sendsRouter = router({
  create: protectedProcedure
    .use(costly('render'))
    .input(createSendInput)
    .mutation(({ ctx, input }) => {
      const progress = createSend(ctx, input);
      ctx.delivery.kick();
      return progress;
    }),
  progress: protectedProcedure.input(sendId).query(({ ctx, input }) => getSendProgress(ctx, input.id)),
  audience: protectedProcedure.input(z.object({ publicationId })).query(({ ctx, input }) => sendAudience(ctx, input.publicationId)),
  list: protectedProcedure.input(z.object({ publicationId })).query(({ ctx, input }) => listSends(ctx, input.publicationId)),
  cancel: protectedProcedure.input(sendId).mutation(({ ctx, input }) => cancelSend(ctx, input.id)),
  retry: protectedProcedure.input(sendId).mutation(({ ctx, input }) => {
    const progress = retrySend(ctx, input.id);
    ctx.delivery.kick();
    return progress;
  }),
  unsubscribeInfo: publicProcedure.input(z.object({ token })).query(({ ctx, input }) => {
    const info = unsubscribeInfo(ctx, input.token);
    if (!info) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MSG.invalid);
    return info;
  }),
  archive: publicProcedure.input(z.object({ slug: z.string().trim().min(1).max(120) })).query(({ ctx, input }) => {
    const found = listArchive(ctx, input.slug);
    if (!found) throw new AppError('NOT_FOUND', 'Publication not found');
    return found;
  }),
});
