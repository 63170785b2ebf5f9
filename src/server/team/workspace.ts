// A workspace per owner (made on first change), who may own one, and the /team page's overview.
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { publications, users, workspaceInvitations, workspaceMembers, workspaces, type WorkspaceRow } from '../../../db/schema';
import { tx, type Db, type DbOrTx } from '../db';
import { locks } from '../locks';
import type { AuthedContext } from '../context';
import { AppError } from '../errors';
import { ownerMayShare } from '../publications/publications';
import { planSubjectColumns } from '../plans/account-plan';
import { recordAudit, type Actor } from '../user/audit';
import { TEAM_MSG } from './messages';
import { MAX_MEMBERS, MAX_PENDING_INVITATIONS, type MemberRole, type TeamOverviewDto } from '../../shared/schemas/team';

export type TeamCtx = Pick<AuthedContext, 'db' | 'now' | 'user' | 'ip'>;

export const defaultWorkspaceName = (ownerName: string) => `${ownerName.trim() || 'My'}'s team`;

export const actorOf = (ctx: TeamCtx): Actor => ({ id: ctx.user.id, email: ctx.user.email, ip: ctx.ip });

export async function audit(ctx: TeamCtx, db: Pick<Db, 'insert'>, action: string, target: string | null, detail: Record<string, unknown>): Promise<void> {
  await recordAudit(db, actorOf(ctx), action, target, detail, ctx.now());
}

/** Owning a workspace (inviting, sharing, managing members) needs the Enterprise plan; admins count as Enterprise. */
export function requireOwnerPlan(user: TeamCtx['user']): void {
  if (!ownerMayShare(user)) throw new AppError('FORBIDDEN', TEAM_MSG.enterpriseOnly);
}

export async function findOwnWorkspace(db: Pick<Db, 'select'>, ownerId: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.ownerId, ownerId));
  return row;
}

/**
 * The owner's workspace, made now (with the owner as its first member) if it does not exist yet.
 * Call it inside the caller's transaction (`t`), which took the workspace's lock first (`locks.workspaceOf`):
 * the lookup and the insert must not be split.
 */
export async function ensureWorkspace(ctx: TeamCtx, t: DbOrTx): Promise<WorkspaceRow> {
  const existing = await findOwnWorkspace(t, ctx.user.id);
  if (existing) return existing;
  const now = ctx.now();
  const row: WorkspaceRow = { id: crypto.randomUUID(), name: defaultWorkspaceName(ctx.user.name), ownerId: ctx.user.id, createdAt: now };
  await t.insert(workspaces).values(row);
  await t.insert(workspaceMembers).values({ workspaceId: row.id, userId: ctx.user.id, role: 'owner', joinedAt: now });
  return row;
}

export async function renameWorkspace(ctx: TeamCtx, input: { name: string }) {
  requireOwnerPlan(ctx.user);
  return tx(ctx.db, async (t) => {
    await locks.workspaceOf(t, ctx.user.id);
    const ws = await ensureWorkspace(ctx, t);
    await t.update(workspaces).set({ name: input.name }).where(eq(workspaces.id, ws.id));
    await audit(ctx, t, 'team.rename', null, { workspaceId: ws.id, from: ws.name, to: input.name });
    return { id: ws.id, name: input.name };
  });
}

/** Members besides the owner. */
export async function countMembers(db: Pick<Db, 'select'>, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.role, 'owner')));
  return row?.n ?? 0;
}

const pendingWhere = (workspaceId: string, now: Date) =>
  and(
    eq(workspaceInvitations.workspaceId, workspaceId),
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
    gt(workspaceInvitations.expiresAt, now),
  );

export async function countPendingInvitations(db: Pick<Db, 'select'>, workspaceId: string, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(workspaceInvitations).where(pendingWhere(workspaceId, now));
  return row?.n ?? 0;
}

async function ownWorkspaceView(ctx: TeamCtx, ws: WorkspaceRow | undefined): Promise<NonNullable<TeamOverviewDto['workspace']>> {
  const now = ctx.now();
  const members = ws
    ? (
        await ctx.db
          .select({ userId: users.id, name: users.name, email: users.email, role: workspaceMembers.role, joinedAt: workspaceMembers.joinedAt })
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(eq(workspaceMembers.workspaceId, ws.id))
          .orderBy(sql`${workspaceMembers.role} = 'owner' desc`, asc(workspaceMembers.joinedAt))
      ).map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() }))
    : [{ userId: ctx.user.id, name: ctx.user.name, email: ctx.user.email, role: 'owner' as const, joinedAt: ctx.user.createdAt.toISOString() }];
  // Unused invitations that were not withdrawn, expired ones too (they can be resent).
  const invitations = ws
    ? (
        await ctx.db
          .select()
          .from(workspaceInvitations)
          .where(and(eq(workspaceInvitations.workspaceId, ws.id), isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt)))
          .orderBy(desc(workspaceInvitations.createdAt))
      ).map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role as MemberRole,
        createdAt: i.createdAt.toISOString(),
        expiresAt: i.expiresAt.toISOString(),
        expired: i.expiresAt <= now,
      }))
    : [];
  const pubs = (
    await ctx.db
      .select({
        id: publications.id,
        name: publications.name,
        status: publications.status,
        updatedAt: publications.updatedAt,
        workspaceId: publications.workspaceId,
      })
      .from(publications)
      .where(eq(publications.userId, ctx.user.id))
      .orderBy(desc(publications.updatedAt))
  ).map((p) => ({ id: p.id, name: p.name, status: p.status, updatedAt: p.updatedAt.toISOString(), shared: !!ws && p.workspaceId === ws.id }));
  return {
    id: ws?.id ?? null,
    name: ws?.name ?? defaultWorkspaceName(ctx.user.name),
    members,
    invitations,
    publications: pubs,
    limits: { members: MAX_MEMBERS, invitations: MAX_PENDING_INVITATIONS },
  };
}

/** Other owners' workspaces the user belongs to, while their owner's plan includes team collaboration. */
export async function listMemberships(ctx: TeamCtx) {
  const rows = await ctx.db
    .select({
      workspaceId: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.joinedAt,
      owner: planSubjectColumns,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(and(eq(workspaceMembers.userId, ctx.user.id), ne(workspaceMembers.role, 'owner')))
    .orderBy(asc(workspaceMembers.joinedAt));
  return Promise.all(
    rows
      .filter((r) => ownerMayShare(r.owner))
      .map(async (r) => {
        const [shared] = await ctx.db
          .select({ n: count() })
          .from(publications)
          .where(and(eq(publications.workspaceId, r.workspaceId), eq(publications.userId, r.owner.id)));
        return {
          workspaceId: r.workspaceId,
          name: r.name,
          ownerName: r.owner.name,
          ownerEmail: r.owner.email,
          role: r.role as MemberRole,
          joinedAt: r.joinedAt.toISOString(),
          sharedCount: shared?.n ?? 0,
        };
      }),
  );
}

export async function teamOverview(ctx: TeamCtx): Promise<TeamOverviewDto> {
  const canOwn = ownerMayShare(ctx.user);
  return {
    canOwn,
    workspace: canOwn ? await ownWorkspaceView(ctx, await findOwnWorkspace(ctx.db, ctx.user.id)) : null,
    memberships: await listMemberships(ctx),
  };
}
