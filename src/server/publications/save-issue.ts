// The saved newsletter of a publication's current issue (step 5's Save and Export): one row per issue
// and account, which every later save updates.
import type { z } from 'zod';
import { newsletters, type NewsletterRow } from '../../../db/schema';
import { tx } from '../db';
import type { DraftDto, saveIssueInput } from '../../shared/schemas/drafts';
import { toDraftDto, type DraftCtx } from '../newsletter/drafts';
import { findAccessible } from './publications';

/**
 * Saves the publication's current issue: the first save creates its newsletter, every later one (from
 * any tab, session or device) updates that row. One statement on the unique (issue, account) rule, so
 * saves racing each other still leave one row. Each account that edits the issue (the owner, a team
 * editor) keeps its own saved newsletter, as every saved newsletter belongs to the one who saved it.
 */
export async function saveIssue(ctx: DraftCtx, input: z.infer<typeof saveIssueInput>): Promise<DraftDto> {
  return tx(ctx.db, async (t) => {
    const { row: publication } = await findAccessible(t, ctx.user.id, input.publicationId, 'edit');
    const now = ctx.now();
    const content = {
      title: input.title,
      subject: input.subject,
      content: input.content,
      htmlContent: input.htmlContent,
      contentSources: input.contentSources as NewsletterRow['contentSources'],
      updatedAt: now,
    };
    const [row] = await t
      .insert(newsletters)
      .values({
        ...content,
        id: crypto.randomUUID(),
        userId: ctx.user.id,
        status: 'draft',
        publicationId: publication.id,
        currentIssueOf: publication.id,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [newsletters.currentIssueOf, newsletters.userId],
        set: content,
      })
      .returning();
    return toDraftDto(row);
  });
}
