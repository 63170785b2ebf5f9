// sends.*: sending an issue to a publication's subscribers (now or scheduled), its live progress, the
// public unsubscribe page's data and the public archive list.
import { router, costly } from '../trpc/init';
import { implement } from '../trpc/implement';
import { wakesDelivery } from '../trpc/wakes-delivery';
import { AppError } from '../errors';
import { cancelSend, createSend, getSendProgress, listSends, pickWinnerNow, retrySend, sendAudience } from '../delivery/sends';
import { UNSUBSCRIBE_MSG, unsubscribeInfo } from '../readers/unsubscribe';
import { listArchive } from '../delivery/archive';
import { runPrecheck } from '../precheck/run';
import { sendsContract } from '../../shared/schemas/sends';

export const sendsRouter = router(
  implement(sendsContract, {
    create: { use: [costly('render'), wakesDelivery], run: (ctx, input) => createSend(ctx, input) },
    precheck: { use: [costly('render')], run: runPrecheck },
    progress: (ctx, input) => getSendProgress(ctx, input.id),
    audience: (ctx, input) => sendAudience(ctx, input.publicationId),
    list: (ctx, input) => listSends(ctx, input.publicationId),
    cancel: (ctx, input) => cancelSend(ctx, input.id),
    retry: { use: [wakesDelivery], run: (ctx, input) => retrySend(ctx, input.id) },
    pickWinner: { use: [wakesDelivery], run: (ctx, input) => pickWinnerNow(ctx, input.id) },
    unsubscribeInfo: async (ctx, input) => {
      const info = await unsubscribeInfo(ctx, input.token);
      if (!info) throw new AppError('BAD_REQUEST', UNSUBSCRIBE_MSG.invalid);
      return info;
    },
    archive: async (ctx, input) => {
      const found = await listArchive(ctx, input.slug);
      if (!found) throw new AppError('NOT_FOUND', 'Publication not found');
      return found;
    },
  }),
);
