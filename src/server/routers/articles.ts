// articles.*: one channel's or many channels' articles (spec §7 channel-articles, multi-channel-articles).
import { router, protectedProcedure, costly } from '../trpc/init';
import { channelArticlesInput, channelArticlesResult, multiChannelArticlesInput, multiChannelArticlesResult } from '../../shared/schemas/content';

// Loaded on first use, like the channels router: the fetcher and parsers stay off the start-up path.
const engine = () => import('../feeds/articles');

export const articlesRouter = router({
  listForChannel: protectedProcedure
    .use(costly('feeds'))
    .input(channelArticlesInput)
    .output(channelArticlesResult)
    .query(async ({ ctx, input }) => (await engine()).articlesForChannel(ctx, input)),
  listForChannels: protectedProcedure
    .use(costly('feeds'))
    .input(multiChannelArticlesInput)
    .output(multiChannelArticlesResult)
    .query(async ({ ctx, input }) => (await engine()).articlesForChannels(ctx, input)),
});
