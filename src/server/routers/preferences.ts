// preferences.*: the reader's preference centre behind every issue's footer link (public: the signed
// token is the authority) and the creator's list of topics readers may choose.
import { router, protectedProcedure, publicProcedure } from '../trpc/init';
import { getPreferences, publicationTopics, savePreferences, savePublicationTopics, unsubscribeFromPreferences } from '../readers/preferences';
import {
  preferencesTokenInput,
  preferencesView,
  savePreferencesInput,
  saveTopicsInput,
  topicList,
  topicsOfPublication,
} from '../../shared/schemas/preferences';

export const preferencesRouter = router({
  get: publicProcedure
    .input(preferencesTokenInput)
    .output(preferencesView)
    .query(({ ctx, input }) => getPreferences(ctx, input.token)),
  save: publicProcedure
    .input(savePreferencesInput)
    .output(preferencesView)
    .mutation(({ ctx, input }) => savePreferences(ctx, input)),
  unsubscribe: publicProcedure
    .input(preferencesTokenInput)
    .output(preferencesView)
    .mutation(({ ctx, input }) => unsubscribeFromPreferences(ctx, input.token)),
  topics: protectedProcedure
    .input(topicsOfPublication)
    .output(topicList)
    .query(({ ctx, input }) => publicationTopics(ctx, input.publicationId)),
  saveTopics: protectedProcedure
    .input(saveTopicsInput)
    .output(topicList)
    .mutation(({ ctx, input }) => savePublicationTopics(ctx, input)),
});
