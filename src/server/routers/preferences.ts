// preferences.*: the reader's preference centre behind every issue's footer link (public: the signed
// token is the authority) and the creator's list of topics readers may choose.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { getPreferences, publicationTopics, savePreferences, savePublicationTopics, unsubscribeFromPreferences } from '../readers/preferences';
import { preferencesContract } from '../../shared/schemas/preferences';

export const preferencesRouter = router(
  implement(preferencesContract, {
    get: (ctx, input) => getPreferences(ctx, input.token),
    save: savePreferences,
    unsubscribe: (ctx, input) => unsubscribeFromPreferences(ctx, input.token),
    topics: (ctx, input) => publicationTopics(ctx, input.publicationId),
    saveTopics: savePublicationTopics,
  }),
);
