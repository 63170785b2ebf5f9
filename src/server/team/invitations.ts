// Invitations by e-mail: a random 32-byte token in the link, only its SHA-256 stored, 7 days. Inviting
// the same address again replaces the pending invitation; resend makes a new link (the old one stops
// working); revoke withdraws it. Accepting needs the invited, confirmed address.
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users, workspaceInvitations, workspaceMembers, workspaces, type WorkspaceInvitationRow } from '../../../db/schema';
import type { AuthedContext } from '../context';
import { affectedRows, tx, type DbOrTx } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import { ownerMayShare } from '../publications/publications';
import { planSubjectOf } from '../plans/account-plan';
import { TEAM_MSG } from './messages';
import { invitationMail } from './invite-mail';
import { MAX_MEMBERS, MAX_PENDING_INVITATIONS, type MemberRole } from '../../shared/schemas/team';
import { audit, countMembers, countPendingInvitations, ensureWorkspace, findOwnWorkspace, requireOwnerPlan, type TeamCtx } from './workspace';
import { sha256Hex } from '../crypto';

type MailCtx = TeamCtx & Pick<AuthedContext, 'env' | 'mailer' | 'limiter' | 'log'>;

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations and resends per owner per hour: mail goes to addresses the owner types. */
export const INVITE_RULE = { limit: 30, windowMs: 60 * 60 * 1000 };

const newToken = () => crypto.randomBytes(32).toString('base64url');

function toDto(row: WorkspaceInvitationRow, now: Date) {
  return {
    id: row.id,
    email: row.email,
    role: row.role as MemberRole,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

async function mailInvitation(ctx: MailCtx, row: WorkspaceInvitationRow, workspaceName: string, token: string) {
  const joinUrl = `${ctx.env.APP_URL}/team/join?token=${token}`;
  const mail = invitationMail({ inviterName: ctx.user.name, workspaceName, role: row.role as MemberRole, joinUrl });
  try {
    await ctx.mailer.send({ to: row.email, replyTo: ctx.user.email, ...mail, logNote: joinUrl });
  } catch (err) {
    ctx.log.error(`[team] invitation mail ${row.id} failed`, err);
    throw new AppError('BAD_GATEWAY', TEAM_MSG.mailFailed);
  }
}

export async function invite(ctx: MailCtx, input: { email: string; role: MemberRole }) {
  requireOwnerPlan(ctx.user);
  const email = input.email.trim().toLowerCase();
  if (email === ctx.user.email.toLowerCase()) throw new AppError('BAD_REQUEST', TEAM_MSG.inviteSelf);
  await ctx.limiter.hit(`team:invite:${ctx.user.id}`, INVITE_RULE);
  const token = newToken();
  const now = ctx.now();
  // The member check, both limits and the insert run in one transaction: two invitations at once
  // cannot both pass the limit checks.
  const { row, workspaceName } = await tx(ctx.db, async (t) => {
    await locks.workspaceOf(t, ctx.user.id);
    const ws = await ensureWorkspace(ctx, t);
    const [member] = await t
      .select({ id: users.id })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, ws.id), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (member) throw new AppError('CONFLICT', TEAM_MSG.alreadyMember(email));
    if ((await countMembers(t, ws.id)) >= MAX_MEMBERS) throw new AppError('CONFLICT', TEAM_MSG.memberLimit);
    // The address's earlier unused invitations are replaced: their links stop working.
    const replaced = affectedRows(
      await t
        .update(workspaceInvitations)
        .set({ revokedAt: now })
        .where(
          and(
            eq(workspaceInvitations.workspaceId, ws.id),
            eq(workspaceInvitations.email, email),
            isNull(workspaceInvitations.acceptedAt),
            isNull(workspaceInvitations.revokedAt),
          ),
        ),
    );
    if ((await countPendingInvitations(t, ws.id, now)) >= MAX_PENDING_INVITATIONS) throw new AppError('CONFLICT', TEAM_MSG.invitationLimit);
    const row: WorkspaceInvitationRow = {
      id: crypto.randomUUID(),
      workspaceId: ws.id,
      email,
      role: input.role,
      tokenHash: sha256Hex(token),
      invitedBy: ctx.user.id,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      acceptedAt: null,
      revokedAt: null,
      createdAt: now,
    };
    await t.insert(workspaceInvitations).values(row);
    await audit(ctx, t, 'team.invite', null, { email, role: input.role, workspaceId: ws.id, invitationId: row.id, replaced });
    return { row, workspaceName: ws.name };
  });
  await mailInvitation(ctx, row, workspaceName, token);
  return toDto(row, now);
}

/** One of the owner's unused, not withdrawn invitations, or NOT_FOUND. Run it in the transaction that changes it. */
async function findOwnInvitation(ctx: TeamCtx, db: DbOrTx, id: string) {
  const ws = await findOwnWorkspace(db, ctx.user.id);
  const [row] = ws
    ? await db
        .select()
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, ws.id)))
    : [];
  if (!ws || !row) throw new AppError('NOT_FOUND', TEAM_MSG.invitationNotFound);
  if (row.acceptedAt || row.revokedAt) throw new AppError('CONFLICT', TEAM_MSG.notAcceptedYet);
  return { ws, row };
}

/** A new link and 7 more days (only the hash is stored, so the old link cannot be sent again). */
export async function resend(ctx: MailCtx, input: { id: string }) {
  requireOwnerPlan(ctx.user);
  const token = newToken();
  const now = ctx.now();
  // The status check and the new link in one transaction: an invitation accepted or withdrawn
  // meanwhile is not given a new link.
  const { ws, next } = await tx(ctx.db, async (t) => {
    await locks.workspaceOf(t, ctx.user.id);
    const { ws, row } = await findOwnInvitation(ctx, t, input.id);
    await ctx.limiter.hit(`team:invite:${ctx.user.id}`, INVITE_RULE, t);
    const next = { ...row, tokenHash: sha256Hex(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) };
    await t.update(workspaceInvitations).set({ tokenHash: next.tokenHash, expiresAt: next.expiresAt }).where(eq(workspaceInvitations.id, row.id));
    await audit(ctx, t, 'team.invite.resend', null, { email: row.email, role: row.role, workspaceId: ws.id, invitationId: row.id });
    return { ws, next };
  });
  await mailInvitation(ctx, next, ws.name, token);
  return toDto(next, now);
}

export async function revoke(ctx: TeamCtx, input: { id: string }) {
  requireOwnerPlan(ctx.user);
  // The status check and the withdrawal in one transaction: an invitation accepted meanwhile stays accepted.
  return tx(ctx.db, async (t) => {
    await locks.workspaceOf(t, ctx.user.id);
    const { ws, row } = await findOwnInvitation(ctx, t, input.id);
    await t.update(workspaceInvitations).set({ revokedAt: ctx.now() }).where(eq(workspaceInvitations.id, row.id));
    await audit(ctx, t, 'team.invite.revoke', null, { email: row.email, role: row.role, workspaceId: ws.id, invitationId: row.id });
    return { success: true as const, id: row.id };
  });
}

/** The invitation behind a link with its team and owner; refused links answer with why. */
async function readInvitation(ctx: Omit<TeamCtx, 'db'> & { db: DbOrTx }, token: string) {
  const [found] = await ctx.db
    .select({ inv: workspaceInvitations, ws: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(eq(workspaceInvitations.tokenHash, sha256Hex(token)))
    .limit(1);
  if (!found) throw new AppError('NOT_FOUND', TEAM_MSG.linkInvalid);
  const owner = await planSubjectOf(ctx.db, found.ws.ownerId);
  if (!owner) throw new AppError('NOT_FOUND', TEAM_MSG.linkInvalid);
  const [inviter] = found.inv.invitedBy ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, found.inv.invitedBy)) : [];
  const [membership] = await ctx.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, found.ws.id), eq(workspaceMembers.userId, ctx.user.id)));
  const { inv } = found;
  // Accepting twice is harmless: the member who used the link sees it as accepted.
  const acceptedByMe = !!inv.acceptedAt && !!membership && membership.role !== 'owner';
  if (inv.acceptedAt && !acceptedByMe) throw new AppError('CONFLICT', TEAM_MSG.linkUsed);
  if (inv.revokedAt) throw new AppError('CONFLICT', TEAM_MSG.linkRevoked);
  if (!acceptedByMe && inv.expiresAt <= ctx.now()) throw new AppError('CONFLICT', TEAM_MSG.linkExpired);
  if (!ownerMayShare(owner)) throw new AppError('FORBIDDEN', TEAM_MSG.ownerLapsed);
  return { inv, ws: found.ws, owner, inviterName: inviter?.name ?? owner.name, acceptedByMe, membership };
}

export async function previewInvitation(ctx: TeamCtx, input: { token: string }) {
  const { inv, ws, owner, inviterName, acceptedByMe } = await readInvitation(ctx, input.token);
  return {
    workspaceName: ws.name,
    ownerName: owner.name,
    inviterName,
    email: inv.email,
    role: inv.role as MemberRole,
    expiresAt: inv.expiresAt.toISOString(),
    accepted: acceptedByMe,
    addressMatches: ctx.user.email.toLowerCase() === inv.email,
    verified: !!ctx.user.emailVerifiedAt,
  };
}

/**
 * The link's checks, the seat count and the membership in one transaction, under the workspace's lock
 * (found from the link first): the last seat goes to one member, and a withdrawal made at the same
 * moment either comes first or finds the invitation accepted.
 */
export async function acceptInvitation(ctx: TeamCtx, input: { token: string }) {
  return tx(ctx.db, async (t) => {
    const [target] = await t
      .select({ ownerId: workspaces.ownerId })
      .from(workspaceInvitations)
      .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
      .where(eq(workspaceInvitations.tokenHash, sha256Hex(input.token)))
      .limit(1);
    if (target) await locks.workspaceOf(t, target.ownerId);
    const { inv, ws, acceptedByMe, membership } = await readInvitation({ ...ctx, db: t }, input.token);
    if (acceptedByMe) return { workspaceId: ws.id, workspaceName: ws.name, role: membership!.role as MemberRole, alreadyMember: true };
    if (membership?.role === 'owner') throw new AppError('BAD_REQUEST', TEAM_MSG.inviteSelf);
    if (ctx.user.email.toLowerCase() !== inv.email) throw new AppError('FORBIDDEN', TEAM_MSG.wrongAccount(inv.email));
    if (!ctx.user.emailVerifiedAt) throw new AppError('FORBIDDEN', TEAM_MSG.unverified(inv.email));
    const now = ctx.now();
    if (!membership) {
      if ((await countMembers(t, ws.id)) >= MAX_MEMBERS) throw new AppError('CONFLICT', TEAM_MSG.teamFull);
      await t.insert(workspaceMembers).values({ workspaceId: ws.id, userId: ctx.user.id, role: inv.role, joinedAt: now });
    }
    await t.update(workspaceInvitations).set({ acceptedAt: now }).where(eq(workspaceInvitations.id, inv.id));
    await audit(ctx, t, 'team.accept', ws.ownerId, { email: inv.email, role: inv.role, workspaceId: ws.id, invitationId: inv.id });
    const role = (membership?.role ?? inv.role) as MemberRole;
    return { workspaceId: ws.id, workspaceName: ws.name, role, alreadyMember: !!membership };
  });
}
