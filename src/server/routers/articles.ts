// articles.*: one channel's or many channels' articles (spec §7 channel-articles, multi-channel-articles).
import { router, protectedProcedure } from '../trpc/init';
import { channelArticlesInput, channelArticlesResult, multiChannelArticlesInput, multiChannelArticlesResult } from '../../shared/schemas/content';
import { articlesForChannel, articlesForChannels } from '../feeds/articles';

export const articlesRouter = router({
  listForChannel: protectedProcedure
    .input(channelArticlesInput)
    .output(channelArticlesResult)
    .mutation(({ ctx, input }) => articlesForChannel(ctx, input)),
  listForChannels: protectedProcedure
    .input(multiChannelArticlesInput)
    .output(multiChannelArticlesResult)
    .mutation(({ ctx, input }) => articlesForChannels(ctx, input)),
});
