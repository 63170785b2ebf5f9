// subscribers.*: a publication's readers: list, add, remove, CSV import (REST upload for big files) and export;
// the public signup page with double opt-in (publicPage, signup, confirm).
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import {
  addSubscriber,
  authorizeImport,
  exportSubscribersCsv,
  listSubscribers,
  removeSubscribers,
  shareInfo,
  updateSubscriber,
} from '../readers/subscription/subscribers';
import { importSubscribersCsv } from '../readers/subscription/csv-import';
import { SUBSCRIBER_MSG } from '../readers/subscription/subscribers';
import { AppError } from '../errors';
import { confirm, publicPage, signup } from '../readers/subscription/signup';
import { subscribersContract } from '../../shared/schemas/subscribers';

export const subscribersRouter = router(
  implement(subscribersContract, {
    list: listSubscribers,
    add: addSubscriber,
    update: updateSubscriber,
    remove: removeSubscribers,
    delete: async (ctx, input) => {
      const result = await removeSubscribers(ctx, { publicationId: input.publicationId, ids: [input.id] });
      if (result.removed === 0) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
      return result;
    },
    share: (ctx, input) => shareInfo(ctx, input.publicationId),
    exportCsv: (ctx, input) => exportSubscribersCsv(ctx, input.publicationId),
    authorizeImport: async (ctx, input) => {
      await authorizeImport(ctx, input);
      return { ok: true as const };
    },
    importCsv: (ctx, input) => importSubscribersCsv(ctx, input.publicationId, input.csv, { mode: input.mode, skipInvalid: input.skipInvalid }),
    publicPage,
    signup: (ctx, input) => signup(ctx, input),
    confirm,
  }),
);
