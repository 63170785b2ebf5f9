// readers.*: one reader of a publication and their history (the reader page), and the growth of the
// creator's readership per week (/analytics). Owner only: another account's reader is NOT_FOUND.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { getReader, readerHistory } from '../readers/history';
import { readerGrowth, readerGrowthCsv } from '../readers/growth';
import { readersContract } from '../../shared/schemas/readers';

export const readersRouter = router(
  implement(readersContract, {
    get: getReader,
    history: readerHistory,
    growth: readerGrowth,
    growthCsv: readerGrowthCsv,
  }),
);
