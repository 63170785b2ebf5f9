// The contracts of preferences.*: the reader's preference centre (reached by the signed token of an
// issue's footer link) and the topics a creator offers a publication's readers.
import { z } from 'zod';
import { MAX_TOPICS, READER_FORMATS, READER_FREQUENCIES, READERS_MSG, readerBrand, tagName } from './readers';
import { mutation, query, type RouterContract } from '../contract';

const token = z.string().trim().min(10, READERS_MSG.preferencesLink).max(512, READERS_MSG.preferencesLink);
export const preferencesTokenInput = z.object({ token });

/** What the preference centre shows: the reader's choices, the publication's topics and its brand. */
export const preferencesView = z.object({
  publicationName: z.string(),
  email: z.string(),
  status: z.string(),
  topics: z.array(z.object({ name: z.string(), chosen: z.boolean() })),
  frequency: z.enum(READER_FREQUENCIES),
  format: z.enum(READER_FORMATS),
  pausedUntil: z.string().nullable(),
  brand: readerBrand,
});
export type PreferencesView = z.infer<typeof preferencesView>;

export const savePreferencesInput = z.object({
  token,
  topics: z.array(tagName).max(MAX_TOPICS).optional(),
  frequency: z.enum(READER_FREQUENCIES).optional(),
  format: z.enum(READER_FORMATS).optional(),
  pause: z.enum(['month', 'resume']).optional(),
});
export type SavePreferencesInput = z.infer<typeof savePreferencesInput>;

export const topicsOfPublication = z.object({ publicationId: z.string().min(1).max(100) });
export const saveTopicsInput = topicsOfPublication.extend({
  topics: z.array(tagName).max(MAX_TOPICS, `A publication offers at most ${MAX_TOPICS} topics.`),
});
/** A publication's topics, as its readers may choose them. */
export const topicList = z.array(z.string());

/** The preferences router: what each procedure takes and answers. */
export const preferencesContract = {
  get: query(preferencesTokenInput, preferencesView, 'public'),
  save: mutation(savePreferencesInput, preferencesView, 'public'),
  unsubscribe: mutation(preferencesTokenInput, preferencesView, 'public'),
  topics: query(topicsOfPublication, topicList),
  saveTopics: mutation(saveTopicsInput, topicList),
} satisfies RouterContract;
