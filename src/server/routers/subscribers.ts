// subscribers.*: a publication's readers: list, add, remove, CSV import (REST upload for big files) and export;
// the public signup page with double opt-in (publicPage, signup, confirm).
import { router, protectedProcedure, publicProcedure } from '../trpc/init';
import { csvFile } from '../../shared/schemas/common';
import { addSubscriber, authorizeImport, exportSubscribersCsv, listSubscribers, removeSubscribers, shareInfo } from '../subscribers/subscribers';
import { importSubscribersCsv } from '../subscribers/csv-import';
import { confirm, publicPage, signup } from '../subscribers/signup';
import {
  addInput,
  authorizedImport,
  confirmInput,
  confirmResult,
  importCsvInput,
  importReport,
  importTargetInput,
  listInput,
  publicPageResult,
  publicationRef,
  removeInput,
  signupInput,
  signupResult,
  slugInput,
} from '../subscribers/schemas';

export const subscribersRouter = router({
  list: protectedProcedure.input(listInput).query(({ ctx, input }) => listSubscribers(ctx, input)),
  add: protectedProcedure.input(addInput).mutation(({ ctx, input }) => addSubscriber(ctx, input)),
  remove: protectedProcedure.input(removeInput).mutation(({ ctx, input }) => removeSubscribers(ctx, input)),
  share: protectedProcedure.input(publicationRef).query(({ ctx, input }) => shareInfo(ctx, input.publicationId)),
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
