// Team limits (seats and pending invitations): each is counted in the transaction that adds the
// member or the invitation, so simultaneous accepts or invites leave exactly the limit.
// @postgres
import { describe, it, expect } from 'vitest';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { outbox, workspaceInvitations, workspaceMembers } from '../../../db/schema';
import { TEAM_MSG } from '../../../src/server/team/messages';
import { MAX_MEMBERS, MAX_PENDING_INVITATIONS } from '../../../src/shared/schemas/team';
import { teamHarness, tokenFor } from '../team/support';
import { times, together } from './support';

const N = 8;
const DAY = 24 * 60 * 60 * 1000;

type H = Awaited<ReturnType<typeof teamHarness>>;

/** The owner's workspace, made through the product (a rename makes it), with `members` members besides the owner. */
async function workspaceWith(h: H, members: number) {
  const { id } = await h.ownerApi.team.rename({ name: 'Racing Team' });
  for (let i = 0; i < members; i++) {
    const u = await h.insertUser({ email: `seat${i}@example.com` });
    await h.db.insert(workspaceMembers).values({ workspaceId: id, userId: u.id, role: 'viewer', joinedAt: new Date() });
  }
  return id;
}

describe('team seats', () => {
  it(`one seat left: of ${N} invited people accepting at once, exactly one joins`, async () => {
    const h = await teamHarness();
    const workspaceId = await workspaceWith(h, MAX_MEMBERS - 1);
    const invited = [];
    for (let i = 0; i < N; i++) {
      const email = `joiner${i}@example.com`;
      await h.ownerApi.team.invite({ email, role: 'editor' });
      invited.push({ user: await h.insertUser({ email, verified: true }), token: await tokenFor(h, email) });
    }

    const { ok, refused } = await together(invited.map(({ user, token }) => h.caller(user).team.accept({ token })));
    expect(ok).toHaveLength(1);
    expect(refused).toEqual(times(N - 1, { status: 409, message: TEAM_MSG.teamFull }));
    const members = await h.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.role, 'owner')));
    expect(members).toHaveLength(MAX_MEMBERS);
  });
});

describe('pending invitations', () => {
  it(`one invitation left: of ${N} simultaneous invitations exactly one is made and mailed`, async () => {
    const h = await teamHarness({ env: { RATE_LIMITS: 'off' } });
    const workspaceId = await workspaceWith(h, 0);
    const now = new Date();
    for (let i = 0; i < MAX_PENDING_INVITATIONS - 1; i++)
      await h.db.insert(workspaceInvitations).values({
        id: `pending-${i}`,
        workspaceId,
        email: `pending${i}@example.com`,
        role: 'viewer',
        tokenHash: `hash-${i}`,
        invitedBy: h.owner.id,
        expiresAt: new Date(now.getTime() + 5 * DAY),
        createdAt: now,
      });

    // Five rounds (the one invitation made is withdrawn after each): one round may not meet.
    for (let round = 0; round < 5; round++) {
      const emails = Array.from({ length: N }, (_, i) => `racer${round}.${i}@example.com`);
      const { ok, refused } = await together(emails.map((email) => h.ownerApi.team.invite({ email, role: 'viewer' })));
      expect(ok).toHaveLength(1);
      expect(refused).toEqual(times(N - 1, { status: 409, message: TEAM_MSG.invitationLimit }));
      const pending = await h.db
        .select()
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt)));
      expect(pending).toHaveLength(MAX_PENDING_INVITATIONS);
      const mailed = (await h.db.select({ to: outbox.toAddress }).from(outbox)).filter((m) => emails.includes(m.to));
      expect(mailed).toEqual([{ to: ok[0]!.email }]);
      await h.ownerApi.team.revoke({ id: ok[0]!.id });
    }
  });
});
