// The contracts of publications.*: a stored publication (the newsletter the workflow edits), its id and
// name as the API takes them, and the publication as the API returns it, with its workflow data.
import { z } from 'zod';
import { articleSchema, channelSchema } from './content';
import { COLOR_THEMES, FONT_STYLES, LAYOUT_STYLES } from './newsletter';
import { issueEdits } from './issue-edits';
import { noInput, removedResult } from './common';
import { mutation, query, type RouterContract } from '../contract';

export const MAX_PUBLICATION_NAME = 200;
export const PUBLICATION_STATUSES = ['draft', 'ready'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

/** Client-generated ids (crypto.randomUUID() or similar): URL-safe, unguessable length. */
export const publicationId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid publication id');

export const publicationName = z
  .string()
  .trim()
  .min(1, 'Please enter a newsletter name')
  .max(MAX_PUBLICATION_NAME, `Newsletter name must be at most ${MAX_PUBLICATION_NAME} characters`);

export const createPublicationInput = z.object({ name: publicationName, id: publicationId.optional() });
export type CreatePublicationInput = z.infer<typeof createPublicationInput>;
export const publicationRef = z.object({ id: publicationId });
export const renamePublicationInput = z.object({ id: publicationId, name: publicationName });

export const workflowDataDto = z.object({
  newsletterName: z.string(),
  selectedTheme: z.string().nullable(),
  selectedChannels: z.array(channelSchema),
  selectedArticles: z.array(articleSchema),
  searchTopic: z.string(),
  topic: z.string(),
  fontStyle: z.enum(FONT_STYLES),
  layoutStyle: z.enum(LAYOUT_STYLES),
  colorTheme: z.enum(COLOR_THEMES),
  intro: z.string(),
  subject: z.string(),
  edits: issueEdits,
  lastSaved: z.string(),
});

export const publicationSummaryDto = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(PUBLICATION_STATUSES),
  currentStep: z.number().int(),
  lastSaved: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only on a publication another account shared with the caller's workspace membership. */
  sharedBy: z.object({ name: z.string(), email: z.string(), role: z.enum(['editor', 'viewer']) }).optional(),
});
export type PublicationSummaryDto = z.infer<typeof publicationSummaryDto>;

export const publicationDto = publicationSummaryDto.extend({ workflowData: workflowDataDto });
export type PublicationDto = z.infer<typeof publicationDto>;

/** The publications router: what each procedure takes and answers. */
export const publicationsContract = {
  list: query(noInput, z.array(publicationSummaryDto)),
  create: mutation(createPublicationInput, publicationDto),
  get: query(publicationRef, publicationDto),
  rename: mutation(renamePublicationInput, publicationDto),
  delete: mutation(publicationRef, removedResult),
} satisfies RouterContract;
