// The one rule that turns a request into the assembly's input: the request's fields, then the stored
// workflow of the publication it names, then the assembly defaults. Every server path that assembles a
// publication's newsletter (step 5's preview, test sends, issue sends, a shared preview) goes through
// here, so a client names the publication and sends only what it has not stored yet.
import type { PublicationRow } from '../../../db/schema';
import type { Db } from '../db';
import { assembleInput, type AssembleInput } from '../../shared/schemas/newsletter';
import type { AssembleRequest } from '../../shared/schemas/wizard';
import { normalizeWorkflowData } from './dto';
import { findAccessible, findOwned } from './publications';

// The request's contract is wizard.assemble's; the server's other assembling requests extend it from here.
export { assembleRequest, type AssembleRequest } from '../../shared/schemas/wizard';

/** What the caller changed and the stored workflow does not hold yet. */
export type AssembleOverrides = Omit<AssembleRequest, 'publicationId'>;

type StoredWorkflow = Pick<PublicationRow, 'workflowData' | 'name' | 'updatedAt'>;

/** Overrides first, then the stored workflow (if any), then the defaults of `assembleInput`. */
export function assembleInputFrom(overrides: AssembleOverrides, stored?: StoredWorkflow): AssembleInput {
  if (!stored) return assembleInput.parse(overrides);
  const wd = normalizeWorkflowData(stored.workflowData, stored);
  return assembleInput.parse({
    newsletterName: overrides.newsletterName ?? wd.newsletterName,
    themeId: overrides.themeId ?? wd.selectedTheme ?? undefined,
    articles: overrides.articles ?? wd.selectedArticles,
    layoutStyle: overrides.layoutStyle ?? wd.layoutStyle,
    fontStyle: overrides.fontStyle ?? wd.fontStyle,
    colorTheme: overrides.colorTheme ?? wd.colorTheme,
    includeBranding: overrides.includeBranding,
    intro: overrides.intro ?? wd.intro,
    // An empty subject means "build it from the lead story", stored or sent.
    subject: (overrides.subject ?? wd.subject) || undefined,
    edits: overrides.edits ?? wd.edits,
  });
}

/**
 * The request resolved against the publication it names, with whose saved themes it may use (the
 * publication's owner; the caller without a publication). `need: 'own'` (sends) reaches the caller's
 * own publications only; `'view'` (previews) also those shared with the caller's team.
 */
export async function resolveAssembleInput(
  ctx: { db: Pick<Db, 'select'>; user: { id: string } },
  request: AssembleRequest,
  need: 'own' | 'view' = 'own',
): Promise<{ input: AssembleInput; ownerId: string }> {
  const { publicationId: id, ...overrides } = request;
  if (!id) return { input: assembleInputFrom(overrides), ownerId: ctx.user.id };
  const row = need === 'own' ? await findOwned(ctx.db, ctx.user.id, id) : (await findAccessible(ctx.db, ctx.user.id, id, 'view')).row;
  return { input: assembleInputFrom(overrides, row), ownerId: row.userId };
}
