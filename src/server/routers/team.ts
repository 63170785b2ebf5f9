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
  memberRef,
  memberRole,
  renameWorkspaceInput,
  setRoleInput,
  shareInput,
  sharedPreviewDto,
  teamOverviewDto,
  tokenInput,
} from '../team/schemas';
import { renameWorkspace, teamOverview } from '../team/workspace';
import { acceptInvitation, invite, previewInvitation, resend, revoke } from '../team/invitations';
import { leaveWorkspace, removeMember, setMemberRole } from '../team/members';
import { previewShared, sharePublication, unsharePublication } from '../team/sharing';

const done = z.object({ success: z.literal(true) });

export const teamRouter = router({
  overview: protectedProcedure
    .input(z.void())
    .output(teamOverviewDto)
    .query(({ ctx }) => teamOverview(ctx)),
  rename: protectedProcedure
    .input(renameWorkspaceInput)
    .output(z.object({ id: z.string(), name: z.string() }))
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
    .output(done.extend({ id: z.string() }))
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
    .output(z.object({ userId: z.string(), role: memberRole }))
    .mutation(({ ctx, input }) => setMemberRole(ctx, input)),
  remove: protectedProcedure
    .input(memberRef)
    .output(done.extend({ userId: z.string() }))
    .mutation(({ ctx, input }) => removeMember(ctx, input)),
  leave: protectedProcedure
    .input(leaveInput)
    .output(done.extend({ workspaceId: z.string() }))
    .mutation(({ ctx, input }) => leaveWorkspace(ctx, input)),
  share: protectedProcedure
    .input(shareInput)
    .output(z.object({ id: z.string(), shared: z.boolean() }))
    .mutation(({ ctx, input }) => sharePublication(ctx, input)),
  unshare: protectedProcedure
    .input(shareInput)
    .output(z.object({ id: z.string(), shared: z.boolean() }))
    .mutation(({ ctx, input }) => unsharePublication(ctx, input)),
  preview: protectedProcedure
    .input(shareInput)
    .output(sharedPreviewDto)
    .query(({ ctx, input }) => previewShared(ctx, input)),
});
