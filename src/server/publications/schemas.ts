// Input and output contracts of publications.* and wizard.saveProgress. Sizes are bounded so a
// stored publication stays small (at most 100 channels and 100 articles, every string capped).
import { z } from 'zod';
import { articleSchema, channelSchema, chosenArticles } from '../../shared/schemas/content';
import { COLOR_THEMES, FONT_STYLES, LAYOUT_STYLES } from '../../shared/schemas/newsletter';
import { issueEdits } from '../../shared/schemas/issue-edits';

export const WORKFLOW_STEPS = 5;
export const MAX_PUBLICATION_NAME = 200;
export const MAX_SELECTED_CHANNELS = 100;
export const MAX_SELECTED_ARTICLES = 100;
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

const short = (max: number) => z.string().max(max);
const url = short(2048);

export const storedChannel = channelSchema.extend({
  id: short(300),
  name: short(300),
  url,
  siteUrl: url.nullable().optional(),
  description: short(2000),
  frequency: short(100),
  niche: short(100),
  source: short(300),
});

export const storedArticle = articleSchema.extend({
  id: short(300),
  title: short(500),
  summary: short(8000),
  url,
  publishDate: short(100),
  source: short(300),
  channelUrl: url,
  category: short(100),
  readTime: short(50),
  imageUrl: url.nullable().optional(),
  imageAlt: short(1000).nullable().optional(),
});

/** A partial update of the workflow data; keys left out keep their stored value. */
export const workflowDataPatch = z
  .object({
    /** Kept as typed (autosave round-trips must not eat a trailing space); rules read it trimmed. */
    newsletterName: z.string().max(MAX_PUBLICATION_NAME, `Newsletter name must be at most ${MAX_PUBLICATION_NAME} characters`),
    /** null clears the choice. */
    selectedTheme: short(100).nullable(),
    selectedChannels: z.array(storedChannel).max(MAX_SELECTED_CHANNELS, `At most ${MAX_SELECTED_CHANNELS} channels can be selected`),
    selectedArticles: chosenArticles(storedArticle, MAX_SELECTED_ARTICLES, `At most ${MAX_SELECTED_ARTICLES} articles can be selected`),
    searchTopic: short(500),
    topic: short(500),
    fontStyle: z.enum(FONT_STYLES),
    layoutStyle: z.enum(LAYOUT_STYLES),
    colorTheme: z.enum(COLOR_THEMES),
    /** The issue's intro (AI-written or typed), with its [n] citation marks. */
    intro: z.string().max(2000, 'The intro can be at most 2,000 characters'),
    /** The subject line chosen for the issue; '' uses the one built from the lead story. */
    subject: z.string().max(200, 'The subject line can be at most 200 characters'),
    /** The creator's edits of the issue's body, as a whole (the editor sends every change entire). */
    edits: issueEdits,
  })
  .partial();
export type WorkflowDataPatch = z.infer<typeof workflowDataPatch>;

export const saveProgressInput = z.object({
  publicationId,
  currentStep: z.number().int().min(1, 'The step must be between 1 and 5').max(WORKFLOW_STEPS, 'The step must be between 1 and 5'),
  workflowData: workflowDataPatch.default({}),
  /** 'Create New Newsletter': the current issue ends, so the next save in step 5 makes a new saved newsletter. */
  newIssue: z.boolean().optional(),
});
export type SaveProgressInput = z.infer<typeof saveProgressInput>;

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
