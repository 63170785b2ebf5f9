// The contracts of subscribers.*: a publication's readers as the creator lists, adds, changes, removes,
// imports and exports them, the links that share its signup page, and the public signup page with its
// double opt-in. Domain functions take the parsed types.
import { z } from 'zod';
import { emailField } from './auth';
import { csvFile, pageCursor } from './common';
import { mutation, query, type RouterContract } from '../contract';
import { READER_FORMATS, READER_FREQUENCIES, readerBrand, tagList, tagName } from './readers';

/** Where a reader stands (subscribers.status). */
export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced', 'complained'] as const;

export const SUBSCRIBERS_MSG = {
  invalidConfirmLink: 'This confirmation link is not valid.',
} as const;

const publicationIdField = z.string().min(1).max(64);
export const publicationRef = z.object({ publicationId: publicationIdField });

/** A reader's name as creators and readers type it: one line, at most 200 characters, optional. */
export const subscriberName = z
  .string()
  .trim()
  .max(200, 'Name must be at most 200 characters')
  .regex(/^[^\r\n]*$/, 'Name must be one line')
  .default('');

export const listInput = z.object({
  publicationId: z.string().min(1).max(64),
  search: z.string().trim().max(200).optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  /** Only readers carrying this tag. */
  tag: tagName.optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  /** The previous answer's nextCursor: the page after it (page is then ignored). */
  cursor: pageCursor.optional(),
  limit: z.number().int().min(1).max(500).default(50),
});
export type ListInput = z.infer<typeof listInput>;

export const subscriberDto = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  /** How the reader joined: manual, import, signup. */
  source: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  /** The reader's tags, sorted. */
  tags: z.array(z.string()),
  /** The reader's own choices (preference centre): plain text or HTML, every issue or a weekly roll-up, */
  format: z.enum(READER_FORMATS),
  frequency: z.enum(READER_FREQUENCIES),
  /** the end of a pause still running (null: not paused), and the topics among the tags. */
  pausedUntil: z.string().nullable(),
  topics: z.array(z.string()),
});
export type SubscriberDto = z.infer<typeof subscriberDto>;

const statusCounts = z.object(
  Object.fromEntries(SUBSCRIBER_STATUSES.map((s) => [s, z.number().int()])) as Record<(typeof SUBSCRIBER_STATUSES)[number], z.ZodNumber>,
);

export const listResult = z.object({
  publication: z.object({ id: z.string(), name: z.string() }),
  subscribers: z.array(subscriberDto),
  counts: statusCounts,
  total: z.number().int(),
  matching: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The plan's subscriber limit per publication; null when unlimited. */
  limit: z.number().int().nullable(),
  /** Pass as cursor for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});

export const subscriberRef = z.object({ publicationId: publicationIdField, id: z.string().min(1).max(64) });

/** A creator may correct a reader's name or mark them as left; joining again is the reader's own act. */
export const updateInput = subscriberRef.extend({
  name: subscriberName.optional(),
  status: z.literal('unsubscribed').optional(),
  /** The reader's tags from now on: the ones missing are added, the others removed. */
  tags: tagList.optional(),
});
export type UpdateInput = z.infer<typeof updateInput>;

export const removedCount = z.object({ removed: z.number().int() });

/** Where readers join: the signup page, and its feed of sent issues. */
export const shareLinks = z.object({ signupUrl: z.string(), feedUrl: z.string() });

export const addInput = z.object({
  publicationId: z.string().min(1).max(64),
  email: emailField,
  name: subscriberName,
  tags: tagList.optional(),
});
export type AddInput = z.infer<typeof addInput>;

export const removeInput = z.object({ publicationId: z.string().min(1).max(64), ids: z.array(z.string().min(1).max(64)).min(1).max(500) });
export type RemoveInput = z.infer<typeof removeInput>;

/** Who may import into which publication (POST /api/uploads/subscribers checks it before reading the file). */
export const importTargetInput = z.object({ publicationId: z.string().min(1).max(64), mode: z.enum(['check', 'import']) });
export type ImportTarget = z.infer<typeof importTargetInput>;
export const authorizedImport = z.object({ ok: z.literal(true) });

export const importCsvInput = publicationRef.extend({
  csv: z.string().max(25 * 1024 * 1024, 'The file is larger than 25 MB'),
  mode: z.enum(['check', 'import']),
  skipInvalid: z.boolean().default(false),
});

/** What a checked or imported CSV came to (POST /api/uploads/subscribers). */
export const importReport = z.object({
  rows: z.number(),
  valid: z.number(),
  duplicatesInFile: z.number(),
  alreadySubscribed: z.number(),
  skippedUnsubscribed: z.number(),
  suppressed: z.number(),
  invalid: z.array(z.object({ line: z.number(), value: z.string(), reason: z.string() })),
  invalidCount: z.number(),
  imported: z.number(),
  /** Rows refused because the publication reached the plan's limit while they were being written. */
  overLimit: z.number(),
  message: z.string(),
});
export type ImportReport = z.infer<typeof importReport>;

// The public signup page (double opt-in).
export const slugInput = z.object({ slug: z.string().trim().min(1).max(80) });
export const signupInput = slugInput.extend({
  email: emailField,
  name: subscriberName,
});
export const confirmInput = slugInput.extend({
  token: z.string().trim().min(1, SUBSCRIBERS_MSG.invalidConfirmLink).max(200, SUBSCRIBERS_MSG.invalidConfirmLink),
});
export type SlugInput = z.infer<typeof slugInput>;
export type SignupInput = z.infer<typeof signupInput>;
export type ConfirmInput = z.infer<typeof confirmInput>;
/** The signup page: the publication and what its page shows of it. */
export const publicPageResult = z.object({
  name: z.string(),
  slug: z.string(),
  brand: readerBrand,
});
export const signupResult = z.object({ message: z.string() });
export const confirmResult = z.object({ status: z.enum(['confirmed', 'already']), message: z.string(), name: z.string(), whiteLabel: z.boolean() });

/** The subscribers router: what each procedure takes and answers. */
export const subscribersContract = {
  list: query(listInput, listResult),
  add: mutation(addInput, subscriberDto),
  update: mutation(updateInput, subscriberDto),
  remove: mutation(removeInput, removedCount),
  /** One reader, by id (the public API's DELETE). */
  delete: mutation(subscriberRef, removedCount),
  share: query(publicationRef, shareLinks),
  exportCsv: query(publicationRef, csvFile),
  authorizeImport: query(importTargetInput, authorizedImport),
  importCsv: mutation(importCsvInput, importReport),
  publicPage: query(slugInput, publicPageResult, 'public'),
  signup: mutation(signupInput, signupResult, 'public'),
  confirm: mutation(confirmInput, confirmResult, 'public'),
} satisfies RouterContract;
