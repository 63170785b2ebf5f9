// team.*: team collaboration (Enterprise): the owner's workspace, its members and invitations, and the
// publications shared with it; invitations are accepted by the invited, signed-in address.
import { router } from '../trpc/init';
import { implement } from '../trpc/implement';
import { teamContract } from '../../shared/schemas/team';
import { renameWorkspace, teamOverview } from '../team/workspace';
import { acceptInvitation, invite, previewInvitation, resend, revoke } from '../team/invitations';
import { leaveWorkspace, removeMember, setMemberRole } from '../team/members';
import { previewShared, sharePublication, unsharePublication } from '../team/sharing';

export const teamRouter = router(
  implement(teamContract, {
    overview: (ctx) => teamOverview(ctx),
    rename: renameWorkspace,
    invite,
    resend,
    revoke,
    invitation: previewInvitation,
    accept: acceptInvitation,
    setRole: setMemberRole,
    remove: removeMember,
    leave: leaveWorkspace,
    share: sharePublication,
    unshare: unsharePublication,
    preview: previewShared,
  }),
);
