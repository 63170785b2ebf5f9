// readers.*: one reader of a publication and their history (the reader page), and the growth of the
// creator's readership per week (/analytics). Owner only: another account's reader is NOT_FOUND.
import { router, protectedProcedure } from '../trpc/init';
import { getReader, readerHistory } from '../readers/history';
import { readerGrowth, readerGrowthCsv } from '../readers/growth';
import { growthInput, growthReport, historyInput, historyPage, readerDetail, readerRef } from '../../shared/schemas/readers';
import { csvFile } from '../../shared/schemas/common';

export const readersRouter = router({
  get: protectedProcedure
    .input(readerRef)
    .output(readerDetail)
    .query(({ ctx, input }) => getReader(ctx, input)),
  history: protectedProcedure
    .input(historyInput)
    .output(historyPage)
    .query(({ ctx, input }) => readerHistory(ctx, input)),
  growth: protectedProcedure
    .input(growthInput)
    .output(growthReport)
    .query(({ ctx, input }) => readerGrowth(ctx, input)),
  growthCsv: protectedProcedure
    .input(growthInput)
    .output(csvFile)
    .query(({ ctx, input }) => readerGrowthCsv(ctx, input)),
});
