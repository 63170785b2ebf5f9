// subscribers.*: a publication's readers: list, add, remove, CSV import (REST upload for big files) and export;
// the public signup page with double opt-in (publicPage, signup, confirm).
import { z } from 'zod';
import { router, protectedProcedure, publicProcedure } from '../trpc/init';
import {
  addInput,
  addSubscriber,
  authorizeImport,
  exportSubscribersCsv,
  importTargetInput,
  listInput,
  listSubscribers,
  removeInput,
  removeSubscribers,
  shareInfo,
} from '../subscribers/subscribers';
import { importSubscribersCsv } from '../subscribers/csv-import';
import { confirm, confirmInput, publicPage, signup, signupInput, slugInput } from '../subscribers/signup';

const publicationRef = z.object({ publicationId: z.string().min(1).max(64) });

export const subscribersRouter = router({
  list: protectedProcedure.input(listInput).query(({ ctx, input }) => listSubscribers(ctx, input)),
  add: protectedProcedure.input(addInput).mutation(({ ctx, input }) => addSubscriber(ctx, input)),
  remove: protectedProcedure.input(removeInput).mutation(({ ctx, input }) => removeSubscribers(ctx, input)),
  share: protectedProcedure.input(publicationRef).query(({ ctx, input }) => shareInfo(ctx, input.publicationId)),
  exportCsv: protectedProcedure
    .input(publicationRef)
    .output(z.object({ filename: z.string(), csv: z.string() }))
    .query(({ ctx, input }) => exportSubscribersCsv(ctx, input.publicationId)),
  authorizeImport: protectedProcedure
    .input(importTargetInput)
    .output(z.object({ ok: z.literal(true) }))
    .query(({ ctx, input }) => (authorizeImport(ctx, input), { ok: true as const })),
  importCsv: protectedProcedure
    .input(
      publicationRef.extend({
        csv: z.string().max(25 * 1024 * 1024, 'The file is larger than 25 MB'),
        mode: z.enum(['check', 'import']),
        skipInvalid: z.boolean().default(false),
      }),
    )
    .output(
      z.object({
        rows: z.number(),
        valid: z.number(),
        duplicatesInFile: z.number(),
        alreadySubscribed: z.number(),
        skippedUnsubscribed: z.number(),
        suppressed: z.number(),
        invalid: z.array(z.object({ line: z.number(), value: z.string(), reason: z.string() })),
        invalidCount: z.number(),
        imported: z.number(),
        overLimit: z.number(),
        message: z.string(),
      }),
    )
    .mutation(({ ctx, input }) => importSubscribersCsv(ctx, input.publicationId, input.csv, { mode: input.mode, skipInvalid: input.skipInvalid })),
  publicPage: publicProcedure.input(slugInput).query(({ ctx, input }) => publicPage(ctx, input)),
  signup: publicProcedure.input(signupInput).mutation(({ ctx, input }) => signup(ctx, input)),
  confirm: publicProcedure.input(confirmInput).mutation(({ ctx, input }) => confirm(ctx, input)),
});
