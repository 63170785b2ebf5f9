// drafts.*: saved newsletters owned by the signed-in user, and their exports.
import { z } from 'zod';
import { router, protectedProcedure, costly } from '../trpc/init';
import {
  createDraft,
  createDraftRequest,
  deleteDraft,
  draftDto,
  draftPage,
  draftPageInput,
  pageDrafts,
  draftRef,
  draftSummaryDto,
  duplicateDraft,
  editDraft,
  editDraftInput,
  getDraft,
  listDrafts,
  listDraftsInput,
  updateDraft,
  updateDraftInput,
} from '../newsletter/drafts';
import { buildDraft, buildDraftInput } from '../publications/build-draft';
import { saveIssue, saveIssueInput } from '../publications/save-issue';
import { exportInput, exportNewsletter, exportResult } from '../newsletter/exports';
import { removedResult } from '../../shared/schemas/common';

export const draftsRouter = router({
  create: protectedProcedure
    .input(createDraftRequest)
    .output(draftDto)
    .mutation(({ ctx, input }) => createDraft(ctx, input)),
  /** A saved newsletter assembled here from articles and a theme (the public API's create). */
  build: protectedProcedure
    .use(costly('render'))
    .input(buildDraftInput)
    .output(draftDto)
    .mutation(({ ctx, input }) => buildDraft(ctx, input)),
  saveIssue: protectedProcedure
    .input(saveIssueInput)
    .output(draftDto)
    .mutation(({ ctx, input }) => saveIssue(ctx, input)),
  list: protectedProcedure
    .input(listDraftsInput)
    .output(z.array(draftSummaryDto))
    .query(({ ctx, input }) => listDrafts(ctx, input)),
  /** Newest change first, by cursor. */
  page: protectedProcedure
    .input(draftPageInput)
    .output(draftPage)
    .query(({ ctx, input }) => pageDrafts(ctx, input)),
  get: protectedProcedure
    .input(draftRef)
    .output(draftDto)
    .query(({ ctx, input }) => getDraft(ctx, input.id)),
  update: protectedProcedure
    .input(updateDraftInput)
    .output(draftDto)
    .mutation(({ ctx, input }) => updateDraft(ctx, input)),
  /** The saved newsletter's body edited (story order, titles, blurbs, text blocks, preheader, sign-off) and re-rendered. */
  edit: protectedProcedure
    .use(costly('render'))
    .input(editDraftInput)
    .output(draftDto)
    .mutation(({ ctx, input }) => editDraft(ctx, input)),
  delete: protectedProcedure
    .input(draftRef)
    .output(removedResult)
    .mutation(({ ctx, input }) => deleteDraft(ctx, input.id)),
  duplicate: protectedProcedure
    .input(draftRef)
    .output(draftDto)
    .mutation(({ ctx, input }) => duplicateDraft(ctx, input.id)),
  export: protectedProcedure
    .use(costly('export'))
    .input(exportInput)
    .output(exportResult)
    .query(({ ctx, input }) => exportNewsletter(ctx, input)),
});
