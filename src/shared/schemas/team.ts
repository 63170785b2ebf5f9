// Input and output contracts of team.* (workspace, members, invitations, shared publications).
import { z } from 'zod';
import { emailField } from './auth';
import { publicationId } from './publications';
import { assembledNewsletter } from './newsletter';
import { noInput } from './common';
import { mutation, query, type RouterContract } from '../contract';

export const MAX_WORKSPACE_NAME = 80;
/** Members besides the owner. */
export const MAX_MEMBERS = 25;
export const MAX_PENDING_INVITATIONS = 50;

export const memberRole = z.enum(['editor', 'viewer'], 'The role must be editor or viewer');
export type MemberRole = z.infer<typeof memberRole>;

/** The sentence for an invitation link that is not one of ours (also team/messages.ts). */
export const INVITATION_LINK_INVALID = 'This invitation link is not valid. Check that you copied the whole link.';

const userId = z.string().trim().min(1, 'Choose a member').max(64, 'Choose a member');
const invitationId = z.string().trim().min(1, 'Choose an invitation').max(64, 'Choose an invitation');
/** 32 random bytes in base64url: 43 characters. */
const token = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, INVITATION_LINK_INVALID);

export const renameWorkspaceInput = z.object({
  name: z.string().trim().min(1, 'Please enter a team name').max(MAX_WORKSPACE_NAME, `The team name can be at most ${MAX_WORKSPACE_NAME} characters`),
});
export const inviteInput = z.object({ email: emailField, role: memberRole });
export const invitationRef = z.object({ id: invitationId });
export const tokenInput = z.object({ token });
export const setRoleInput = z.object({ userId, role: memberRole });
export const memberRef = z.object({ userId });
export const leaveInput = z.object({ workspaceId: z.string().trim().min(1, 'Choose a team').max(64, 'Choose a team') });
export const shareInput = z.object({ publicationId });

const role = z.enum(['owner', 'editor', 'viewer']);

export const memberDto = z.object({ userId: z.string(), name: z.string(), email: z.string(), role, joinedAt: z.string() });
export const invitationDto = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRole,
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export const sharedPublicationDto = z.object({ id: z.string(), name: z.string(), status: z.string(), updatedAt: z.string(), shared: z.boolean() });
export const membershipDto = z.object({
  workspaceId: z.string(),
  name: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  role: memberRole,
  joinedAt: z.string(),
  sharedCount: z.number().int(),
});

export const teamOverviewDto = z.object({
  /** Whether the caller's plan lets them own a workspace (Enterprise, or an admin). */
  canOwn: z.boolean(),
  /** The caller's own workspace (made on first change; until then its default name and the owner alone). */
  workspace: z
    .object({
      id: z.string().nullable(),
      name: z.string(),
      members: z.array(memberDto),
      invitations: z.array(invitationDto),
      publications: z.array(sharedPublicationDto),
      limits: z.object({ members: z.number().int(), invitations: z.number().int() }),
    })
    .nullable(),
  /** Other owners' workspaces the caller belongs to. */
  memberships: z.array(membershipDto),
});
export type TeamOverviewDto = z.infer<typeof teamOverviewDto>;

export const invitationPreviewDto = z.object({
  workspaceName: z.string(),
  ownerName: z.string(),
  inviterName: z.string(),
  email: z.string(),
  role: memberRole,
  expiresAt: z.string(),
  /** Already accepted by the caller: accepting again changes nothing. */
  accepted: z.boolean(),
  /** The signed-in account's address is the invited one. */
  addressMatches: z.boolean(),
  /** ... and it is confirmed. */
  verified: z.boolean(),
});

export const acceptResultDto = z.object({ workspaceId: z.string(), workspaceName: z.string(), role: memberRole, alreadyMember: z.boolean() });

export const sharedPreviewDto = z.object({ name: z.string(), ownerName: z.string(), role: role, data: assembledNewsletter });

// The answers of the changes (the /api/team paths return them as they are).
const done = z.object({ success: z.literal(true) });
export const workspaceDto = z.object({ id: z.string(), name: z.string() });
export const revokedResult = done.extend({ id: z.string() });
export const memberRoleResult = z.object({ userId: z.string(), role: memberRole });
export const removedMemberResult = done.extend({ userId: z.string() });
export const leftResult = done.extend({ workspaceId: z.string() });
export const sharedResult = z.object({ id: z.string(), shared: z.boolean() });

/** The team router: what each procedure takes and answers. */
export const teamContract = {
  overview: query(noInput, teamOverviewDto),
  rename: mutation(renameWorkspaceInput, workspaceDto),
  invite: mutation(inviteInput, invitationDto),
  resend: mutation(invitationRef, invitationDto),
  revoke: mutation(invitationRef, revokedResult),
  invitation: query(tokenInput, invitationPreviewDto),
  accept: mutation(tokenInput, acceptResultDto),
  setRole: mutation(setRoleInput, memberRoleResult),
  remove: mutation(memberRef, removedMemberResult),
  leave: mutation(leaveInput, leftResult),
  share: mutation(shareInput, sharedResult),
  unshare: mutation(shareInput, sharedResult),
  preview: query(shareInput, sharedPreviewDto),
} satisfies RouterContract;
