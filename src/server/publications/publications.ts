// Stored publications: list, create (idempotent per client id, capped by the plan's maxNewsletters),
// get, rename, delete. Every lookup is scoped to the signed-in user; a foreign id is NOT_FOUND.
import crypto from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { publications, type PublicationRow } from '../../../db/schema';
import type { Db } from '../db';
import type { AuthedContext } from '../trpc/context';
import { AppError } from '../errors';
import { capabilitiesFor } from '../../shared/plans';
import { initialWorkflowData, toPublicationDto, toSummaryDto } from './dto';
import type { CreatePublicationInput } from './schemas';

type Ctx = Pick<AuthedContext, 'db' | 'now' | 'user'>;

export const PUBLICATION_MSG = {
  notFound: 'Publication not found',
  idTaken: 'This publication id is already in use',
  limit: (n: number) => `Upgrade your plan to create more than ${n} publication(s).`,
} as const;

/** The user's row or NOT_FOUND (also for another user's id, so ids are not probeable). */
export function findOwned(db: Pick<Db, 'select'>, userId: string, id: string): PublicationRow {
  const row = db
    .select()
    .from(publications)
    .where(and(eq(publications.id, id), eq(publications.userId, userId)))
    .get();
  if (!row) throw new AppError('NOT_FOUND', PUBLICATION_MSG.notFound);
  return row;
}

/** Newest saved first. */
export function listPublications(ctx: Ctx, opts: { limit?: number } = {}) {
  const rows = ctx.db
    .select()
    .from(publications)
    .where(eq(publications.userId, ctx.user.id))
    .orderBy(desc(publications.updatedAt), desc(sql`rowid`))
    .limit(opts.limit ?? 500)
    .all();
  return rows.map(toSummaryDto);
}

export function getPublication(ctx: Ctx, id: string) {
  return toPublicationDto(findOwned(ctx.db, ctx.user.id, id));
}

/**
 * Creates a publication. A repeated client id (a double click, a retried request) returns the row
 * it already made instead of a second one, and is not counted against the plan's limit again.
 */
export function createPublication(ctx: Ctx, input: CreatePublicationInput) {
  return ctx.db.transaction((tx) => {
    if (input.id) {
      const existing = tx.select().from(publications).where(eq(publications.id, input.id)).get();
      if (existing && existing.userId === ctx.user.id) return toPublicationDto(existing);
      if (existing) throw new AppError('CONFLICT', PUBLICATION_MSG.idTaken);
    }
    const limit = capabilitiesFor(ctx.user).maxNewsletters;
    if (Number.isFinite(limit)) {
      const count =
        tx
          .select({ n: sql<number>`count(*)` })
          .from(publications)
          .where(eq(publications.userId, ctx.user.id))
          .get()?.n ?? 0;
      if (count >= limit) throw new AppError('FORBIDDEN', PUBLICATION_MSG.limit(limit), { limit });
    }
    const now = ctx.now();
    const row: PublicationRow = {
      id: input.id ?? crypto.randomUUID(),
      userId: ctx.user.id,
      name: input.name,
      slug: null,
      status: 'draft',
      workspaceId: null,
      trackOpens: true,
      trackClicks: true,
      currentStep: 1,
      workflowData: initialWorkflowData(input.name, now),
      createdAt: now,
      updatedAt: now,
    };
    tx.insert(publications).values(row).run();
    return toPublicationDto(row);
  });
}

/** Renames the publication; the newsletter name in its workflow follows, as they are one name. */
export function renamePublication(ctx: Ctx, input: { id: string; name: string }) {
  return ctx.db.transaction((tx) => {
    const row = findOwned(tx, ctx.user.id, input.id);
    const now = ctx.now();
    const workflowData = { ...row.workflowData, newsletterName: input.name, lastSaved: now.toISOString() };
    tx.update(publications).set({ name: input.name, workflowData, updatedAt: now }).where(eq(publications.id, row.id)).run();
    return toPublicationDto({ ...row, name: input.name, workflowData, updatedAt: now });
  });
}

export function deletePublication(ctx: Ctx, id: string) {
  return ctx.db.transaction((tx) => {
    const row = findOwned(tx, ctx.user.id, id);
    tx.delete(publications).where(eq(publications.id, row.id)).run();
    return { success: true as const, id: row.id };
  });
}
