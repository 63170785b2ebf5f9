// drafts.*: saved newsletters owned by the signed-in user, and their exports.
import { router, costly } from '../trpc/init';
import { implement } from '../trpc/implement';
import { draftsContract } from '../../shared/schemas/drafts';
import { createDraft, deleteDraft, duplicateDraft, editDraft, getDraft, listDrafts, pageDrafts, updateDraft } from '../newsletter/drafts';
import { buildDraft } from '../publications/build-draft';
import { saveIssue } from '../publications/save-issue';
import { exportNewsletter } from '../newsletter/exports';

export const draftsRouter = router(
  implement(draftsContract, {
    create: createDraft,
    build: { use: [costly('render')], run: buildDraft },
    saveIssue,
    list: listDrafts,
    page: pageDrafts,
    get: (ctx, input) => getDraft(ctx, input.id),
    update: updateDraft,
    edit: { use: [costly('render')], run: editDraft },
    delete: (ctx, input) => deleteDraft(ctx, input.id),
    duplicate: (ctx, input) => duplicateDraft(ctx, input.id),
    export: { use: [costly('export')], run: exportNewsletter },
  }),
);
