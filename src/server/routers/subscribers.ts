// subscribers.*: a publication's readers: list, add, remove, CSV import (REST upload for big files) and export.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import {
  addInput,
  addSubscriber,
  exportSubscribersCsv,
  importSubscribersCsv,
  listInput,
  listSubscribers,
  removeInput,
  removeSubscribers,
} from '../subscribers/subscribers';

const publicationRef = z.object({ publicationId: z.string().min(1).max(64) });

export const subscribersRouter = router({
  list: protectedProcedure.input(listInput).query(({ ctx, input }) => listSubscribers(ctx, input)),
  add: protectedProcedure.input(addInput).mutation(({ ctx, input }) => addSubscriber(ctx, input)),
  remove: protectedProcedure.input(removeInput).mutation(({ ctx, input }) => removeSubscribers(ctx, input)),
  exportCsv: protectedProcedure.input(publicationRef).query(({ ctx, input }) => exportSubscribersCsv(ctx, input.publicationId)),
  importCsv: protectedProcedure
    .input(
      publicationRef.extend({
        csv: z.string().max(25 * 1024 * 1024, 'The file is larger than 25 MB'),
        mode: z.enum(['check', 'import']),
        skipInvalid: z.boolean().default(false),
      }),
    )
    .mutation(({ ctx, input }) => importSubscribersCsv(ctx, input.publicationId, input.csv, { mode: input.mode, skipInvalid: input.skipInvalid })),
});
