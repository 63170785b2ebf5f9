// articles.*: one channel's or many channels' articles (spec §7 channel-articles, multi-channel-articles).
import { router, costly } from '../trpc/init';
import { implement } from '../trpc/implement';
import { articlesContract } from '../../shared/schemas/articles';

// Loaded on first use, like the channels router: the fetcher and parsers stay off the start-up path.
const engine = () => import('../feeds/articles');

export const articlesRouter = router(
  implement(articlesContract, {
    listForChannel: { use: [costly('feeds')], run: async (ctx, input) => (await engine()).articlesForChannel(ctx, input) },
    listForChannels: { use: [costly('feeds')], run: async (ctx, input) => (await engine()).articlesForChannels(ctx, input) },
  }),
);
