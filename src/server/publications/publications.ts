// Stored publications: list, create (idempotent per client id, capped by the plan's maxNewsletters),
// get, rename, delete. Every lookup is scoped to the signed-in user; a foreign id is NOT_FOUND.
// Members of the owner's workspace also reach publications shared with it (`findAccessible`): get,
// list and workflow progress; everything else (rename, delete, sends, subscribers, sharing) is the
// owner's alone through `findOwned`.
import crypto from 'node:crypto';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { publications, users, workspaceMembers, workspaces, type PublicationRow } from '../../../db/schema';
import { tx, type Db } from '../db';
import { locks } from '../locks';
import type { AuthedContext } from '../context';
import { AppError } from '../errors';
import { capabilitiesFor, type PlanHolder } from '../../shared/plans';
import { planSubjectColumns, planSubjectOf } from '../plans/account-plan';
import { initialWorkflowData, toPublicationDto, toSummaryDto, type SharedBy } from './dto';
import type { CreatePublicationInput } from '../../shared/schemas/publications';

type Ctx = Pick<AuthedContext, 'db' | 'now' | 'user'>;

export const PUBLICATION_MSG = {
  notFound: 'Publication not found',
  idTaken: 'This publication id is already in use',
  limit: (n: number) => `Upgrade your plan to create more than ${n} publication(s).`,
  viewOnly: 'You can view this shared publication but not edit it. Ask its owner for the editor role.',
} as const;

export type PublicationRole = 'owner' | 'editor' | 'viewer';

/** The owner of a shared publication: who it is and the plan its limits come from. */
export interface PublicationOwner extends PlanHolder {
  id: string;
  name: string;
  email: string;
}

export interface PublicationAccess {
  row: PublicationRow;
  role: PublicationRole;
  /** The publication's owner (the caller themselves when role is 'owner'). */
  owner: PublicationOwner;
}

/**
 * Team collaboration is an Enterprise feature of the owner's account: while the owner's plan (admins
 * count as Enterprise) does not include it, nothing they shared is reachable by members (kept, not
 * unshared, so an upgrade restores it).
 */
export function ownerMayShare(owner: PlanHolder): boolean {
  return capabilitiesFor(owner).teamCollaboration;
}

/** The user's row or NOT_FOUND (also for another user's id, so ids are not probeable). */
export async function findOwned(db: Pick<Db, 'select'>, userId: string, id: string): Promise<PublicationRow> {
  const [row] = await db
    .select()
    .from(publications)
    .where(and(eq(publications.id, id), eq(publications.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', PUBLICATION_MSG.notFound);
  return row;
}

/**
 * The user's own row, or one shared with a workspace they belong to, with their role in it. Anything
 * else is NOT_FOUND, also a shared row after the member was removed or it was unshared (checked on
 * every call, so access ends at once). `need: 'edit'` refuses viewers with FORBIDDEN: they know the
 * publication exists, it is only the change they may not make.
 */
export async function findAccessible(db: Pick<Db, 'select'>, userId: string, id: string, need: 'view' | 'edit'): Promise<PublicationAccess> {
  const [row] = await db.select().from(publications).where(eq(publications.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', PUBLICATION_MSG.notFound);
  const owner = await planSubjectOf(db, row.userId);
  if (!owner) throw new AppError('NOT_FOUND', PUBLICATION_MSG.notFound);
  if (row.userId === userId) return { row, role: 'owner', owner };
  if (!row.workspaceId) throw new AppError('NOT_FOUND', PUBLICATION_MSG.notFound);
  const [member] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    // The workspace must be the publication owner's own: a row pointing elsewhere grants nothing.
    .where(and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.userId, userId), eq(workspaces.ownerId, row.userId)))
    .limit(1);
  if (!member || member.role === 'owner' || !ownerMayShare(owner)) throw new AppError('NOT_FOUND', PUBLICATION_MSG.notFound);
  if (need === 'edit' && member.role !== 'editor') throw new AppError('FORBIDDEN', PUBLICATION_MSG.viewOnly);
  return { row, role: member.role, owner };
}

const sharedByOf = (access: PublicationAccess): SharedBy | undefined =>
  access.role === 'owner' ? undefined : { name: access.owner.name, email: access.owner.email, role: access.role };

/** Rows shared with the user by other owners (whose plan still includes team collaboration). */
async function listShared(ctx: Ctx, limit: number) {
  const rows = await ctx.db
    .select({ pub: publications, role: workspaceMembers.role, owner: planSubjectColumns })
    .from(publications)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, publications.workspaceId), eq(workspaceMembers.userId, ctx.user.id)))
    .innerJoin(workspaces, and(eq(workspaces.id, publications.workspaceId), eq(workspaces.ownerId, publications.userId)))
    .innerJoin(users, eq(users.id, publications.userId))
    .where(ne(publications.userId, ctx.user.id))
    .orderBy(desc(publications.updatedAt), desc(publications.createdAt), desc(publications.id))
    .limit(limit);
  return rows
    .filter((r) => r.role !== 'owner' && ownerMayShare(r.owner))
    .map((r) => ({ ...toSummaryDto(r.pub), sharedBy: { name: r.owner.name, email: r.owner.email, role: r.role as 'editor' | 'viewer' } }));
}

/** Newest saved first: the user's own publications and, unless `ownedOnly`, those shared with them. */
export async function listPublications(ctx: Ctx, opts: { limit?: number; ownedOnly?: boolean } = {}) {
  const limit = opts.limit ?? 500;
  const own = (
    await ctx.db
      .select()
      .from(publications)
      .where(eq(publications.userId, ctx.user.id))
      .orderBy(desc(publications.updatedAt), desc(publications.createdAt), desc(publications.id))
      .limit(limit)
  ).map((r) => toSummaryDto(r));
  if (opts.ownedOnly) return own;
  const shared = await listShared(ctx, limit);
  if (!shared.length) return own;
  // Stable merge by last save, newest first (both lists already are).
  return [...own, ...shared].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, limit);
}

export async function getPublication(ctx: Ctx, id: string) {
  const access = await findAccessible(ctx.db, ctx.user.id, id, 'view');
  return toPublicationDto(access.row, sharedByOf(access));
}

/**
 * Creates a publication. A repeated client id (a double click, a retried request) returns the row
 * it already made instead of a second one, and is not counted against the plan's limit again.
 */
export function createPublication(ctx: Ctx, input: CreatePublicationInput) {
  return tx(ctx.db, async (t) => {
    // Also makes a repeated client id wait for the first request's row instead of colliding with it.
    await locks.publicationsOf(t, ctx.user.id);
    if (input.id) {
      const [existing] = await t.select().from(publications).where(eq(publications.id, input.id)).limit(1);
      if (existing && existing.userId === ctx.user.id) return toPublicationDto(existing);
      if (existing) throw new AppError('CONFLICT', PUBLICATION_MSG.idTaken);
    }
    const limit = capabilitiesFor(ctx.user).maxNewsletters;
    if (Number.isFinite(limit)) {
      const [owned] = await t.select({ n: count() }).from(publications).where(eq(publications.userId, ctx.user.id));
      if ((owned?.n ?? 0) >= limit) throw new AppError('FORBIDDEN', PUBLICATION_MSG.limit(limit), { limit });
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
    await t.insert(publications).values(row);
    return toPublicationDto(row);
  });
}

/** Renames the publication; the newsletter name in its workflow follows, as they are one name. */
export function renamePublication(ctx: Ctx, input: { id: string; name: string }) {
  return tx(ctx.db, async (t) => {
    // The stored workflow is rewritten: a save at the same moment comes wholly before or after.
    await locks.publication(t, input.id);
    const row = await findOwned(t, ctx.user.id, input.id);
    const now = ctx.now();
    const workflowData = { ...row.workflowData, newsletterName: input.name, lastSaved: now.toISOString() };
    await t.update(publications).set({ name: input.name, workflowData, updatedAt: now }).where(eq(publications.id, row.id));
    return toPublicationDto({ ...row, name: input.name, workflowData, updatedAt: now });
  });
}

export function deletePublication(ctx: Ctx, id: string) {
  return tx(ctx.db, async (t) => {
    const row = await findOwned(t, ctx.user.id, id);
    await t.delete(publications).where(eq(publications.id, row.id));
    return { success: true as const, id: row.id };
  });
}
