// Members of the owner's workspace: the owner changes roles and removes members; a member can leave.
// Removal takes effect at once: access to shared publications is checked on every request.
import { and, eq, ne } from 'drizzle-orm';
import { users, workspaceMembers, workspaces } from '../../../db/schema';
import { affectedRows, tx, type DbOrTx } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import { TEAM_MSG } from './messages';
import type { MemberRole } from '../../shared/schemas/team';
import { audit, findOwnWorkspace, requireOwnerPlan, type TeamCtx } from './workspace';

/** A member (not the owner) of the caller's own workspace, or NOT_FOUND. Run it in the transaction that changes it. */
async function findMember(ctx: TeamCtx, db: DbOrTx, userId: string) {
  const ws = await findOwnWorkspace(db, ctx.user.id);
  const [member] = ws
    ? await db
        .select({ userId: workspaceMembers.userId, role: workspaceMembers.role, email: users.email })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, ws.id), eq(workspaceMembers.userId, userId), ne(workspaceMembers.role, 'owner')))
    : [];
  if (!ws || !member) throw new AppError('NOT_FOUND', TEAM_MSG.memberNotFound);
  return { ws, member };
}

export async function setMemberRole(ctx: TeamCtx, input: { userId: string; role: MemberRole }) {
  requireOwnerPlan(ctx.user);
  return tx(ctx.db, async (t) => {
    await locks.workspaceOf(t, ctx.user.id);
    const { ws, member } = await findMember(ctx, t, input.userId);
    await t
      .update(workspaceMembers)
      .set({ role: input.role })
      .where(and(eq(workspaceMembers.workspaceId, ws.id), eq(workspaceMembers.userId, member.userId)));
    await audit(ctx, t, 'team.role', member.userId, { email: member.email, from: member.role, to: input.role, workspaceId: ws.id });
    return { userId: member.userId, role: input.role };
  });
}

/** Removing needs no plan: an owner whose plan lapsed can still take access away. */
export async function removeMember(ctx: TeamCtx, input: { userId: string }) {
  return tx(ctx.db, async (t) => {
    await locks.workspaceOf(t, ctx.user.id);
    const { ws, member } = await findMember(ctx, t, input.userId);
    await t.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, ws.id), eq(workspaceMembers.userId, member.userId)));
    await audit(ctx, t, 'team.remove', member.userId, { email: member.email, role: member.role, workspaceId: ws.id });
    return { success: true as const, userId: member.userId };
  });
}

export async function leaveWorkspace(ctx: TeamCtx, input: { workspaceId: string }) {
  return tx(ctx.db, async (t) => {
    const [found] = await t
      .select({ role: workspaceMembers.role, ownerId: workspaces.ownerId })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, ctx.user.id), ne(workspaceMembers.role, 'owner')));
    if (!found) throw new AppError('NOT_FOUND', TEAM_MSG.teamNotFound);
    // Of two leaves at once, the one whose statement finds no membership left is told so.
    const left = affectedRows(
      await t.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, ctx.user.id))),
    );
    if (!left) throw new AppError('NOT_FOUND', TEAM_MSG.teamNotFound);
    await audit(ctx, t, 'team.leave', found.ownerId, { email: ctx.user.email, role: found.role, workspaceId: input.workspaceId });
    return { success: true as const, workspaceId: input.workspaceId };
  });
}
