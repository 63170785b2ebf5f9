// A saved newsletter built on the server from articles and a theme (the public API's create): the
// request is resolved as every assembly is (its fields, then the named publication's stored workflow,
// then the defaults), assembled with the owner's themes, and saved like step 5's Save.
import type { Db } from '../db';
import { resolveAssembleInput } from './assemble-input';
import type { BuildDraftInput, DraftDto } from '../../shared/schemas/drafts';
import { assembleForOwner, type AssembleCtx } from '../newsletter/assemble';
import { createDraft, type DraftCtx } from '../newsletter/drafts';

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
