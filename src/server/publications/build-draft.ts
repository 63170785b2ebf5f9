// A saved newsletter built on the server from articles and a theme (the public API's create): the
// request is resolved as every assembly is (its fields, then the named publication's stored workflow,
// then the defaults), assembled with the owner's themes, and saved like step 5's Save.
import { z } from 'zod';
import type { Db } from '../db';
import { assembleRequest, resolveAssembleInput } from './assemble-input';
import { MAX_TITLE_LENGTH } from '../../shared/schemas/newsletter';
import { assembleForOwner, type AssembleCtx } from '../newsletter/assemble';
import { createDraft, draftId, type DraftCtx, type DraftDto } from '../newsletter/drafts';

export const buildDraftInput = assembleRequest.extend({
  /** Client-generated, so a retried request returns the newsletter it made. */
  id: draftId.optional(),
  /** The saved newsletter's title; the newsletter's name when left out. */
  title: z.string().trim().min(1, 'Please enter a title').max(MAX_TITLE_LENGTH).optional(),
});
export type BuildDraftInput = z.infer<typeof buildDraftInput>;

export async function buildDraft(ctx: DraftCtx & AssembleCtx & { db: Db }, input: BuildDraftInput): Promise<DraftDto> {
  const { id, title, ...request } = input;
  const { input: resolved, ownerId } = await resolveAssembleInput(ctx, request, 'own');
  const assembled = await assembleForOwner(ctx, ownerId, resolved);
  return createDraft(ctx, {
    id,
    title: title ?? resolved.newsletterName ?? assembled.subject,
    subject: assembled.subject,
    content: assembled.text,
    htmlContent: assembled.html,
    status: 'draft',
    contentSources: {
      channels: [],
      articles: resolved.articles ?? [],
      theme: resolved.themeId,
      layoutStyle: resolved.layoutStyle,
      fontStyle: resolved.fontStyle,
      colorTheme: resolved.colorTheme,
    },
    publicationId: request.publicationId,
  });
}
