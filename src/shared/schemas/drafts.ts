// The contracts of drafts.*: saved newsletters owned by the signed-in user (create, build from articles
// and a theme, save the current issue, list, page, get, update, edit, delete, duplicate) and their exports.
import { z } from 'zod';
import { pageCursor, removedResult } from './common';
import { contentSourcesSchema, createDraftInput, DRAFT_STATUSES, MAX_TITLE_LENGTH, storedContentSources } from './newsletter';
import { issueEdits } from './issue-edits';
import { publicationId } from './publications';
import { assembleRequest } from './wizard';
import { EXPORT_FORMATS } from '../plans';
import { mutation, query, type RouterContract } from '../contract';

export const draftId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id');
export const draftRef = z.object({ id: draftId });

export const createDraftRequest = createDraftInput.extend({ id: draftId.optional() });
export type CreateDraftRequest = z.input<typeof createDraftRequest>;

export const updateDraftInput = z.object({
  id: draftId,
  title: z.string().trim().min(1, 'Please enter a title').max(MAX_TITLE_LENGTH).optional(),
  subject: z.string().max(300).optional(),
  content: z.string().max(2_000_000).optional(),
  htmlContent: z.string().max(2_000_000).optional(),
  status: z.enum(DRAFT_STATUSES).optional(),
  contentSources: contentSourcesSchema.optional(),
  publicationId: z.string().max(100).nullable().optional(),
});

export const listDraftsInput = z
  .object({ limit: z.number().int().min(1).max(200).default(50), offset: z.number().int().min(0).default(0) })
  .default({ limit: 50, offset: 0 });

export const draftPageInput = z.object({ limit: z.number().int().min(1).max(200).default(50), cursor: pageCursor.optional() }).default({ limit: 50 });

const dateOut = z.string();

export const draftSummaryDto = z.object({
  id: z.string(),
  title: z.string(),
  subject: z.string(),
  status: z.enum(DRAFT_STATUSES),
  publicationId: z.string().nullable(),
  theme: z.string().nullable(),
  articleCount: z.number().int(),
  createdAt: dateOut,
  updatedAt: dateOut,
});

export const draftDto = draftSummaryDto.extend({
  content: z.string(),
  htmlContent: z.string(),
  contentSources: storedContentSources,
});
export type DraftDto = z.infer<typeof draftDto>;
export const draftPage = z.object({ newsletters: z.array(draftSummaryDto), nextCursor: z.string().nullable() });

export const draftSummaryList = z.array(draftSummaryDto);

export const editDraftInput = z.object({ id: draftId, edits: issueEdits });
export type EditDraftInput = z.input<typeof editDraftInput>;

export const buildDraftInput = assembleRequest.extend({
  /** Client-generated, so a retried request returns the newsletter it made. */
  id: draftId.optional(),
  /** The saved newsletter's title; the newsletter's name when left out. */
  title: z.string().trim().min(1, 'Please enter a title').max(MAX_TITLE_LENGTH).optional(),
});
export type BuildDraftInput = z.infer<typeof buildDraftInput>;

/** Step 5's save: the publication names the issue; the server knows which saved newsletter is its. */
export const saveIssueInput = createDraftInput.omit({ status: true, publicationId: true }).extend({ publicationId });
export type SaveIssueInput = z.input<typeof saveIssueInput>;

export const exportInput = z.object({ id: draftId, format: z.enum(EXPORT_FORMATS, { message: `Format must be one of: ${EXPORT_FORMATS.join(', ')}` }) });
export const exportResult = z.object({ filename: z.string(), mime: z.string(), base64: z.string() });

/** The drafts router: what each procedure takes and answers. */
export const draftsContract = {
  create: mutation(createDraftRequest, draftDto),
  /** A saved newsletter assembled here from articles and a theme (the public API's create). */
  build: mutation(buildDraftInput, draftDto),
  saveIssue: mutation(saveIssueInput, draftDto),
  list: query(listDraftsInput, draftSummaryList),
  /** Newest change first, by cursor. */
  page: query(draftPageInput, draftPage),
  get: query(draftRef, draftDto),
  update: mutation(updateDraftInput, draftDto),
  /** The saved newsletter's body edited (story order, titles, blurbs, text blocks, preheader, sign-off) and re-rendered. */
  edit: mutation(editDraftInput, draftDto),
  delete: mutation(draftRef, removedResult),
  duplicate: mutation(draftRef, draftDto),
  export: query(exportInput, exportResult),
} satisfies RouterContract;
