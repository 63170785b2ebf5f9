// An owner's workspace under simultaneous changes: the first changes at once make one workspace, and an
// invitation accepted and withdrawn at the same moment ends either accepted or withdrawn, never both.
// @postgres
import { describe, it, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { workspaceInvitations, workspaceMembers, workspaces } from '../../../db/schema';
import { TEAM_MSG } from '../../../src/server/team/messages';
import { addMember, auditActions, teamHarness, tokenFor } from '../team/support';
import { together } from './support';

describe('an owner’s workspace', () => {
  it('the first team changes made at once (renames, a share, invitations) make one workspace', async () => {
    const h = await teamHarness();
    const { ok } = await together<unknown>([
      ...Array.from({ length: 4 }, (_, i) => h.ownerApi.team.rename({ name: `Team ${i}` })),
      h.ownerApi.team.share({ publicationId: h.pub.id }),
      ...Array.from({ length: 3 }, (_, i) => h.ownerApi.team.invite({ email: `first${i}@example.com`, role: 'viewer' })),
    ]);
    expect(ok).toHaveLength(8);
    expect(await h.db.select().from(workspaces).where(eq(workspaces.ownerId, h.owner.id))).toHaveLength(1);
  });

  it('an invitation accepted and withdrawn at the same moment is one or the other (five rounds)', async () => {
    const h = await teamHarness();
    for (let round = 0; round < 5; round++) {
      const email = `torn${round}@example.com`;
      const invitation = await h.ownerApi.team.invite({ email, role: 'editor' });
      const invited = await h.insertUser({ email, verified: true });
      const token = await tokenFor(h, email);

      const { ok, refused } = await together<unknown>([h.caller(invited).team.accept({ token }), h.ownerApi.team.revoke({ id: invitation.id })]);
      expect(ok).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect([TEAM_MSG.linkRevoked, TEAM_MSG.notAcceptedYet]).toContain(refused[0]!.message);
      const [row] = await h.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.id, invitation.id));
      const member = await h.db
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.userId, invited.id)));
      if (row!.revokedAt) expect({ accepted: row!.acceptedAt, members: member.length }).toEqual({ accepted: null, members: 0 });
      else expect({ accepted: !!row!.acceptedAt, members: member.length }).toEqual({ accepted: true, members: 1 });
    }
  });

  it('a member leaving twice at once leaves once; the second hears the team is not theirs (five rounds)', async () => {
    const h = await teamHarness({ env: { RATE_LIMITS: 'off' } });
    const { id: workspaceId } = await h.ownerApi.team.rename({ name: 'Leavers' });
    for (let round = 0; round < 5; round++) {
      const member = await addMember(h, `leaver${round}@example.com`, 'viewer');
      const { ok, refused } = await together([0, 1].map(() => h.caller(member).team.leave({ workspaceId })));
      expect(ok).toHaveLength(1);
      expect(refused).toEqual([{ status: 404, message: TEAM_MSG.teamNotFound }]);
      expect((await auditActions(h, member.id)).filter((a) => a.action === 'team.leave')).toHaveLength(1);
    }
  });
});
