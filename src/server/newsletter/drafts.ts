// Saved newsletters (drafts): create (idempotent on a client-generated id), list, get, update, delete,
// duplicate, edit (the issue's body, re-rendered). The saved newsletter of a publication's current issue
// (step 5's Save and Export) is saved by publications/save-issue.ts.
// Every row is owned; another user's id answers NOT_FOUND.
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../cursor';
import type { z } from 'zod';
import { aiTasteIssues, newsletters, type NewsletterRow } from '../../../db/schema';
import { AppError } from '../errors';
import { affectedRows, tx, type Db, type DbOrTx } from '../db';
import { DRAFT_STATUSES, MAX_TITLE_LENGTH, NEWSLETTER_DEFAULTS, STORED_COLOR_THEME_FALLBACK, storedContentSources } from '../../shared/schemas/newsletter';
import { editsFor } from '../../shared/schemas/issue-edits';
import type {
  createDraftRequest,
  DraftDto,
  draftPageInput,
  draftSummaryDto,
  editDraftInput,
  listDraftsInput,
  updateDraftInput,
} from '../../shared/schemas/drafts';
import { assembleForOwner, type AssembleCtx } from './assemble';

export interface DraftCtx {
  db: Db;
  user: { id: string };
  now: () => Date;
}

export const NOT_FOUND_MSG = 'Newsletter not found';

function summary(row: NewsletterRow): z.infer<typeof draftSummaryDto> {
  return {
    id: row.id,
    title: row.title,
    subject: row.subject,
    status: (DRAFT_STATUSES as readonly string[]).includes(row.status) ? (row.status as (typeof DRAFT_STATUSES)[number]) : 'draft',
    publicationId: row.publicationId,
    theme: row.contentSources.theme ?? null,
    articleCount: row.contentSources.articles?.length ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDraftDto(row: NewsletterRow): DraftDto {
  return { ...summary(row), content: row.content, htmlContent: row.htmlContent, contentSources: storedContentSources.parse(row.contentSources) };
}

/** The owned row, or NOT_FOUND (also for another user's id, so ids are not probeable). */
export async function findOwnedDraft(ctx: Pick<DraftCtx, 'user'> & { db: DbOrTx }, id: string): Promise<NewsletterRow> {
  const [row] = await ctx.db
    .select()
    .from(newsletters)
    .where(and(eq(newsletters.id, id), eq(newsletters.userId, ctx.user.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MSG);
  return row;
}

/** A double click sends the same client id twice: the second call returns the first draft. */
export async function createDraft(ctx: DraftCtx, input: z.infer<typeof createDraftRequest>): Promise<DraftDto> {
  const now = ctx.now();
  const row: NewsletterRow = {
    id: input.id ?? crypto.randomUUID(),
    userId: ctx.user.id,
    title: input.title,
    subject: input.subject,
    content: input.content,
    htmlContent: input.htmlContent,
    status: input.status,
    contentSources: input.contentSources as NewsletterRow['contentSources'],
    publicationId: input.publicationId ?? null,
    currentIssueOf: null,
    createdAt: now,
    updatedAt: now,
  };
  const [inserted] = await ctx.db.insert(newsletters).values(row).onConflictDoNothing().returning({ id: newsletters.id });
  if (inserted) return toDraftDto(row);
  const [existing] = await ctx.db.select().from(newsletters).where(eq(newsletters.id, row.id)).limit(1);
  if (existing && existing.userId === ctx.user.id) return toDraftDto(existing);
  throw new AppError('CONFLICT', 'This newsletter id is already in use');
}

export async function listDrafts(ctx: DraftCtx, input: z.infer<typeof listDraftsInput>) {
  return (await draftRows(ctx, input.limit, { offset: input.offset })).map(summary);
}

/** A page of saved newsletters, newest change first, and the cursor of the next page (null on the last). */
export async function pageDrafts(ctx: DraftCtx, input: z.infer<typeof draftPageInput>) {
  const rows = await draftRows(ctx, input.limit, { cursor: input.cursor });
  const last = rows.length === input.limit ? rows[rows.length - 1] : undefined;
  return { newsletters: rows.map(summary), nextCursor: last ? encodeCursor([last.updatedAt.getTime(), last.id]) : null };
}

function draftRows(ctx: DraftCtx, limit: number, from: { offset?: number; cursor?: string }) {
  const after = from.cursor ? decodeCursor(from.cursor, ['n', 's'] as const) : null;
  const mine = eq(newsletters.userId, ctx.user.id);
  const where = after
    ? and(mine, or(lt(newsletters.updatedAt, new Date(after[0])), and(eq(newsletters.updatedAt, new Date(after[0])), lt(newsletters.id, after[1]))))
    : mine;
  return ctx.db
    .select()
    .from(newsletters)
    .where(where)
    .orderBy(desc(newsletters.updatedAt), desc(newsletters.id))
    .limit(limit)
    .offset(from.offset ?? 0);
}

export async function getDraft(ctx: DraftCtx, id: string): Promise<DraftDto> {
  return toDraftDto(await findOwnedDraft(ctx, id));
}

export async function updateDraft(ctx: DraftCtx, input: z.infer<typeof updateDraftInput>): Promise<DraftDto> {
  return tx(ctx.db, async (t) => {
    const row = await findOwnedDraft({ user: ctx.user, db: t }, input.id);
    const { id, ...patch } = input;
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<NewsletterRow>;
    const next: NewsletterRow = { ...row, ...set, updatedAt: ctx.now() };
    await t
      .update(newsletters)
      .set({ ...set, updatedAt: next.updatedAt })
      .where(eq(newsletters.id, id));
    return toDraftDto(next);
  });
}

export async function deleteDraft(ctx: DraftCtx, id: string) {
  // One statement: a newsletter that is not the user's, or is gone already, deletes no row.
  const res = await ctx.db.delete(newsletters).where(and(eq(newsletters.id, id), eq(newsletters.userId, ctx.user.id)));
  if (affectedRows(res) === 0) throw new AppError('NOT_FOUND', NOT_FOUND_MSG);
  return { success: true as const, id };
}

export async function duplicateDraft(ctx: DraftCtx, id: string): Promise<DraftDto> {
  const row = await findOwnedDraft(ctx, id);
  const now = ctx.now();
  const suffix = ' (copy)';
  const title = row.title.length + suffix.length > MAX_TITLE_LENGTH ? row.title.slice(0, MAX_TITLE_LENGTH - suffix.length) + suffix : row.title + suffix;
  // A copy is the creator's own from now on: the issue's saves keep updating the original.
  const copy: NewsletterRow = { ...row, id: crypto.randomUUID(), title, status: 'draft', currentIssueOf: null, createdAt: now, updatedAt: now };
  await ctx.db.insert(newsletters).values(copy);
  return toDraftDto(copy);
}

/** A saved newsletter follows its send: Ready while the send waits, Sent once it starts, Draft again if it is canceled. */
export async function markNewsletter(db: Pick<DbOrTx, 'update'>, newsletterId: string, status: 'draft' | 'ready' | 'sent'): Promise<void> {
  await db.update(newsletters).set({ status }).where(eq(newsletters.id, newsletterId));
}

/**
 * Ends the publication's current issue (sent, or the creator started a new one): its saved newsletters
 * stay as they are, and the next save makes a new one.
 */
export async function endIssue(db: Pick<DbOrTx, 'update'>, publicationId: string): Promise<void> {
  await db.update(newsletters).set({ currentIssueOf: null }).where(eq(newsletters.currentIssueOf, publicationId));
  // The Free plan's AI taste counts issues: the next issue's first AI call counts it anew.
  // (src/server/ai/taste.ts reads `currentOf`; written here so the two ends of an issue stay one function.)
  await db.update(aiTasteIssues).set({ currentOf: null }).where(eq(aiTasteIssues.currentOf, publicationId));
}

/**
 * A saved newsletter's body edited after saving: rebuilt from what it was made of (its articles, theme,
 * styles, intro and subject) with the new edits and the owner's theme, and its email HTML and plain text
 * rewritten, so the newsletter, its exports and a later send all show the edited issue.
 */
export async function editDraft(ctx: DraftCtx & AssembleCtx, input: z.infer<typeof editDraftInput>): Promise<DraftDto> {
  return tx(ctx.db, async (t) => {
    const row = await findOwnedDraft({ user: ctx.user, db: t }, input.id);
    const src = storedContentSources.parse(row.contentSources ?? {});
    const edits = editsFor(
      input.edits,
      src.articles.map((a) => a.id).filter((id): id is string => typeof id === 'string'),
    );
    const assembled = await assembleForOwner({ ...ctx, db: t }, ctx.user.id, {
      newsletterName: row.title,
      themeId: src.theme,
      articles: src.articles,
      layoutStyle: src.layoutStyle ?? NEWSLETTER_DEFAULTS.layoutStyle,
      fontStyle: src.fontStyle ?? NEWSLETTER_DEFAULTS.fontStyle,
      colorTheme: src.colorTheme ?? STORED_COLOR_THEME_FALLBACK,
      includeBranding: true,
      intro: src.intro,
      subject: row.subject || undefined,
      edits,
    });
    const next: NewsletterRow = {
      ...row,
      content: assembled.text,
      htmlContent: assembled.html,
      contentSources: { ...row.contentSources, edits } as NewsletterRow['contentSources'],
      updatedAt: ctx.now(),
    };
    await t
      .update(newsletters)
      .set({ content: next.content, htmlContent: next.htmlContent, contentSources: next.contentSources, updatedAt: next.updatedAt })
      .where(eq(newsletters.id, row.id));
    return toDraftDto(next);
  });
}
