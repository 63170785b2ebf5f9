// team.*: team collaboration (Enterprise): the owner's workspace, its members and invitations, and the
// publications shared with it; invitations are accepted by the invited, signed-in address.
import { z } from 'zod';
import { router, protectedProcedure } from '../trpc/init';
import {
  acceptResultDto,
  invitationDto,
  invitationPreviewDto,
  invitationRef,
  inviteInput,
  leaveInput,
  leftResult,
  memberRef,
  memberRoleResult,
  removedMemberResult,
  renameWorkspaceInput,
  revokedResult,
  setRoleInput,
  shareInput,
  sharedPreviewDto,
  sharedResult,
  teamOverviewDto,
  tokenInput,
  workspaceDto,
} from '../../shared/schemas/team';
import { renameWorkspace, teamOverview } from '../team/workspace';
import { acceptInvitation, invite, previewInvitation, resend, revoke } from '../team/invitations';
import { leaveWorkspace, removeMember, setMemberRole } from '../team/members';
import { previewShared, sharePublication, unsharePublication } from '../team/sharing';

export const teamRouter = router({
  overview: protectedProcedure
    .input(z.void())
    .output(teamOverviewDto)
    .query(({ ctx }) => teamOverview(ctx)),
  rename: protectedProcedure
    .input(renameWorkspaceInput)
    .output(workspaceDto)
    .mutation(({ ctx, input }) => renameWorkspace(ctx, input)),
  invite: protectedProcedure
    .input(inviteInput)
    .output(invitationDto)
    .mutation(({ ctx, input }) => invite(ctx, input)),
  resend: protectedProcedure
    .input(invitationRef)
    .output(invitationDto)
    .mutation(({ ctx, input }) => resend(ctx, input)),
  revoke: protectedProcedure
    .input(invitationRef)
    .output(revokedResult)
    .mutation(({ ctx, input }) => revoke(ctx, input)),
  invitation: protectedProcedure
    .input(tokenInput)
    .output(invitationPreviewDto)
    .query(({ ctx, input }) => previewInvitation(ctx, input)),
  accept: protectedProcedure
    .input(tokenInput)
    .output(acceptResultDto)
    .mutation(({ ctx, input }) => acceptInvitation(ctx, input)),
  setRole: protectedProcedure
    .input(setRoleInput)
    .output(memberRoleResult)
    .mutation(({ ctx, input }) => setMemberRole(ctx, input)),
  remove: protectedProcedure
    .input(memberRef)
    .output(removedMemberResult)
    .mutation(({ ctx, input }) => removeMember(ctx, input)),
  leave: protectedProcedure
    .input(leaveInput)
    .output(leftResult)
    .mutation(({ ctx, input }) => leaveWorkspace(ctx, input)),
  share: protectedProcedure
    .input(shareInput)
    .output(sharedResult)
    .mutation(({ ctx, input }) => sharePublication(ctx, input)),
  unshare: protectedProcedure
    .input(shareInput)
    .output(sharedResult)
    .mutation(({ ctx, input }) => unsharePublication(ctx, input)),
  preview: protectedProcedure
    .input(shareInput)
    .output(sharedPreviewDto)
    .query(({ ctx, input }) => previewShared(ctx, input)),
});
