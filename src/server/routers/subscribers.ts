// subscribers.*: a publication's readers: list, add, remove, CSV import (REST upload for big files) and export;
// the public signup page with double opt-in (publicPage, signup, confirm).
import { router, protectedProcedure, publicProcedure } from '../trpc/init';
import { csvFile } from '../../shared/schemas/common';
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
import {
  addInput,
  authorizedImport,
  confirmInput,
  confirmResult,
  importCsvInput,
  importReport,
  importTargetInput,
  listInput,
  listResult,
  removedCount,
  subscriberDto,
  subscriberRef,
  updateInput,
  publicPageResult,
  publicationRef,
  removeInput,
  shareLinks,
  signupInput,
  signupResult,
  slugInput,
} from '../../shared/schemas/subscribers';

export const subscribersRouter = router({
  list: protectedProcedure
    .input(listInput)
    .output(listResult)
    .query(({ ctx, input }) => listSubscribers(ctx, input)),
  add: protectedProcedure
    .input(addInput)
    .output(subscriberDto)
    .mutation(({ ctx, input }) => addSubscriber(ctx, input)),
  update: protectedProcedure
    .input(updateInput)
    .output(subscriberDto)
    .mutation(({ ctx, input }) => updateSubscriber(ctx, input)),
  remove: protectedProcedure
    .input(removeInput)
    .output(removedCount)
    .mutation(({ ctx, input }) => removeSubscribers(ctx, input)),
  /** One reader, by id (the public API's DELETE). */
  delete: protectedProcedure
    .input(subscriberRef)
    .output(removedCount)
    .mutation(async ({ ctx, input }) => {
      const result = await removeSubscribers(ctx, { publicationId: input.publicationId, ids: [input.id] });
      if (result.removed === 0) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
      return result;
    }),
  share: protectedProcedure
    .input(publicationRef)
    .output(shareLinks)
    .query(({ ctx, input }) => shareInfo(ctx, input.publicationId)),
  exportCsv: protectedProcedure
    .input(publicationRef)
    .output(csvFile)
    .query(({ ctx, input }) => exportSubscribersCsv(ctx, input.publicationId)),
  authorizeImport: protectedProcedure
    .input(importTargetInput)
    .output(authorizedImport)
    .query(async ({ ctx, input }) => {
      await authorizeImport(ctx, input);
      return { ok: true as const };
    }),
  importCsv: protectedProcedure
    .input(importCsvInput)
    .output(importReport)
    .mutation(({ ctx, input }) => importSubscribersCsv(ctx, input.publicationId, input.csv, { mode: input.mode, skipInvalid: input.skipInvalid })),
  publicPage: publicProcedure
    .input(slugInput)
    .output(publicPageResult)
    .query(({ ctx, input }) => publicPage(ctx, input)),
  signup: publicProcedure
    .input(signupInput)
    .output(signupResult)
    .mutation(({ ctx, input }) => signup(ctx, input)),
  confirm: publicProcedure
    .input(confirmInput)
    .output(confirmResult)
    .mutation(({ ctx, input }) => confirm(ctx, input)),
});
