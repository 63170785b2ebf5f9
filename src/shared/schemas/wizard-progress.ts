// The contract of wizard.saveProgress, the workflow's autosave: the step reached and a partial update of
// the workflow data. Sizes are bounded so a stored publication stays small (at most 100 channels and 100
// articles, every string capped).
import { z } from 'zod';
import { articleSchema, channelSchema, chosenArticles } from './content';
import { COLOR_THEMES, FONT_STYLES, LAYOUT_STYLES } from './newsletter';
import { issueEdits } from './issue-edits';
import { MAX_PUBLICATION_NAME, publicationDto, publicationId } from './publications';
import { mutation, type RouterContract } from '../contract';

export const WORKFLOW_STEPS = 5;
export const MAX_SELECTED_CHANNELS = 100;
export const MAX_SELECTED_ARTICLES = 100;

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

/** The workflow's autosave, mounted in the wizard router: what it takes and answers. */
export const wizardProgressContract = {
  saveProgress: mutation(saveProgressInput, publicationDto),
} satisfies RouterContract;
