// preferences.*: the reader's preference centre behind every issue's footer link (public: the signed
// token is the authority) and the creator's list of topics readers may choose.
import { z } from 'zod';
import { router, protectedProcedure, publicProcedure } from '../trpc/init';
import { getPreferences, publicationTopics, savePreferences, savePublicationTopics, unsubscribeFromPreferences } from '../readers/preferences';
import { MAX_TOPICS, READER_FORMATS, READER_FREQUENCIES, READERS_MSG, readerBrand, tagName } from '../../shared/schemas/readers';

const token = z.string().trim().min(10, READERS_MSG.preferencesLink).max(512, READERS_MSG.preferencesLink);
const tokenInput = z.object({ token });

const preferencesView = z.object({
  publicationName: z.string(),
  email: z.string(),
  status: z.string(),
  topics: z.array(z.object({ name: z.string(), chosen: z.boolean() })),
  frequency: z.enum(READER_FREQUENCIES),
  format: z.enum(READER_FORMATS),
  pausedUntil: z.string().nullable(),
  brand: readerBrand,
});

const saveInput = z.object({
  token,
  topics: z.array(tagName).max(MAX_TOPICS).optional(),
  frequency: z.enum(READER_FREQUENCIES).optional(),
  format: z.enum(READER_FORMATS).optional(),
  pause: z.enum(['month', 'resume']).optional(),
});

const publicationInput = z.object({ publicationId: z.string().min(1).max(100) });
const topicsInput = publicationInput.extend({ topics: z.array(tagName).max(MAX_TOPICS, `A publication offers at most ${MAX_TOPICS} topics.`) });

export const preferencesRouter = router({
  get: publicProcedure
    .input(tokenInput)
    .output(preferencesView)
    .query(({ ctx, input }) => getPreferences(ctx, input.token)),
  save: publicProcedure
    .input(saveInput)
    .output(preferencesView)
    .mutation(({ ctx, input }) => savePreferences(ctx, input)),
  unsubscribe: publicProcedure
    .input(tokenInput)
    .output(preferencesView)
    .mutation(({ ctx, input }) => unsubscribeFromPreferences(ctx, input.token)),
  topics: protectedProcedure
    .input(publicationInput)
    .output(z.array(z.string()))
    .query(({ ctx, input }) => publicationTopics(ctx, input.publicationId)),
  saveTopics: protectedProcedure
    .input(topicsInput)
    .output(z.array(z.string()))
    .mutation(({ ctx, input }) => savePublicationTopics(ctx, input)),
});
