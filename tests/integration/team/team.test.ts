// @postgres
import crypto from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox, users, workspaceInvitations, workspaceMembers } from '../../../db/schema';
import { cookieFrom, jsonRequest } from '../../helpers/app';
import { expectStatus, buildChannel } from '../workflow/factories';
import { MSG } from '../../../src/shared/messages';
import { PUBLICATION_MSG } from '../../../src/server/publications/publications';
import { TEAM_MSG } from '../../../src/server/team/messages';
import { MAX_MEMBERS, MAX_PENDING_INVITATIONS } from '../../../src/shared/schemas/team';
import { INVITE_RULE } from '../../../src/server/team/invitations';
import { addMember, auditActions, teamHarness, tokenFor } from './support';

const DAY = 24 * 60 * 60 * 1000;
const FAKE_TOKEN = 'a'.repeat(43);

describe('team workspace and invitations', () => {
  it('an enterprise owner invites by e-mail: one mail with the link, only the token hash stored, 7 days', async () => {
    const now = new Date('2026-11-24T09:00:00.000Z');
    const h = await teamHarness({ deps: { now: () => now } });
    const before = await h.ownerApi.team.overview();
    expect(before.canOwn).toBe(true);
    expect(before.workspace).toMatchObject({ id: null, name: "Olive Owner's team", invitations: [] });
    expect(before.workspace!.members).toEqual([expect.objectContaining({ email: 'olive@example.com', role: 'owner' })]);

    const inv = await h.ownerApi.team.invite({ email: '  Eddie@Example.com ', role: 'editor' });
    expect(inv).toMatchObject({ email: 'eddie@example.com', role: 'editor', expired: false, expiresAt: new Date(now.getTime() + 7 * DAY).toISOString() });

    const mails = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'eddie@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Olive Owner invited you to Olive Owner's team on Curated");
    expect(mails[0].text).toContain('as an editor');
    const token = await tokenFor(h, 'eddie@example.com');
    expect(mails[0].text).toContain(`http://localhost:3000/team/join?token=${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const row = (await h.db.select().from(workspaceInvitations).limit(1))[0]!;
    expect(row.tokenHash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const after = await h.ownerApi.team.overview();
    expect(after.workspace!.id).toBeTruthy();
    expect(after.workspace!.invitations.map((i) => i.email)).toEqual(['eddie@example.com']);
  });

  it('strips CR/LF from mail headers built from the team and inviter names', async () => {
    const h = await teamHarness();
    await h.ownerApi.team.rename({ name: 'Ops\r\nBcc: evil@example.com' });
    await h.ownerApi.team.invite({ email: 'vic@example.com', role: 'viewer' });
    const mail = (await h.db.select().from(outbox).where(eq(outbox.toAddress, 'vic@example.com')).limit(1))[0]!;
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Ops Bcc: evil@example.com');
    expect(Object.values(mail.headers ?? {}).join('')).not.toMatch(/[\r\n]/);
  });

  it('refuses accounts without the Enterprise plan (403) but lets admins own a team', async () => {
    const h = await teamHarness();
    const pro = await h.insertUser({ planType: 'professional' });
    const api = h.caller(pro);
    expect(await api.team.overview()).toEqual({ canOwn: false, workspace: null, memberships: [] });
    await expectStatus(api.team.invite({ email: 'x@example.com', role: 'editor' }), 403, TEAM_MSG.enterpriseOnly);
    await expectStatus(api.team.rename({ name: 'Mine' }), 403, TEAM_MSG.enterpriseOnly);
    const own = await api.publications.create({ name: 'Mine' });
    await expectStatus(api.team.share({ publicationId: own.id }), 403, TEAM_MSG.enterpriseOnly);
    await expectStatus(api.team.setRole({ userId: h.owner.id, role: 'viewer' }), 403, TEAM_MSG.enterpriseOnly);
    await expectStatus(api.team.resend({ id: 'x' }), 403, TEAM_MSG.enterpriseOnly);
    await expectStatus(api.team.revoke({ id: 'x' }), 403, TEAM_MSG.enterpriseOnly);
    expect(await h.db.select().from(outbox).where(eq(outbox.toAddress, 'x@example.com'))).toHaveLength(0);

    const admin = h.caller(h.admin);
    expect((await admin.team.overview()).canOwn).toBe(true);
    await admin.team.invite({ email: 'staffer@example.com', role: 'viewer' });
  });

  it('answers 401 to anonymous callers on every procedure', async () => {
    const h = await teamHarness();
    const anon = h.caller('anon');
    await expectStatus(anon.team.overview(), 401, MSG.notSignedIn);
    await expectStatus(anon.team.rename({ name: 'x' }), 401);
    await expectStatus(anon.team.invite({ email: 'x@example.com', role: 'editor' }), 401);
    await expectStatus(anon.team.resend({ id: 'x' }), 401);
    await expectStatus(anon.team.revoke({ id: 'x' }), 401);
    await expectStatus(anon.team.invitation({ token: FAKE_TOKEN }), 401);
    await expectStatus(anon.team.accept({ token: FAKE_TOKEN }), 401);
    await expectStatus(anon.team.setRole({ userId: 'x', role: 'viewer' }), 401);
    await expectStatus(anon.team.remove({ userId: 'x' }), 401);
    await expectStatus(anon.team.leave({ workspaceId: 'x' }), 401);
    await expectStatus(anon.team.share({ publicationId: h.pub.id }), 401);
    await expectStatus(anon.team.unshare({ publicationId: h.pub.id }), 401);
    await expectStatus(anon.team.preview({ publicationId: h.pub.id }), 401);
  });

  it('answers 400 to bad input', async () => {
    const h = await teamHarness();
    await expectStatus(h.ownerApi.team.invite({ email: 'not-an-address', role: 'editor' }), 400, /Please enter a valid email address/);
    await expectStatus(h.ownerApi.team.invite({ email: 'a@example.com', role: 'owner' as never }), 400, /The role must be editor or viewer/);
    await expectStatus(h.ownerApi.team.invite({ email: 'olive@example.com', role: 'editor' }), 400, TEAM_MSG.inviteSelf);
    await expectStatus(h.ownerApi.team.rename({ name: '   ' }), 400, /Please enter a team name/);
    await expectStatus(h.ownerApi.team.accept({ token: 'short' }), 400, /This invitation link is not valid/);
    await expectStatus(h.ownerApi.team.setRole({ userId: 'x', role: 'admin' as never }), 400);
    await expectStatus(h.ownerApi.team.share({ publicationId: 'bad id!' }), 400);
    await expectStatus(h.ownerApi.team.leave({ workspaceId: '' }), 400);
  });

  it('accepting needs the invited, confirmed address; the token is single use', async () => {
    const h = await teamHarness();
    await h.ownerApi.team.invite({ email: 'eddie@example.com', role: 'editor' });
    const token = await tokenFor(h, 'eddie@example.com');

    const stranger = await h.insertUser({ email: 'mallory@example.com', verified: true });
    const preview = await h.caller(stranger).team.invitation({ token });
    expect(preview).toMatchObject({
      workspaceName: "Olive Owner's team",
      ownerName: 'Olive Owner',
      inviterName: 'Olive Owner',
      role: 'editor',
      addressMatches: false,
    });
    await expectStatus(h.caller(stranger).team.accept({ token }), 403, TEAM_MSG.wrongAccount('eddie@example.com'));

    const unverified = await h.insertUser({ email: 'Eddie@example.com', verified: false });
    expect((await h.caller(unverified).team.invitation({ token })).addressMatches).toBe(true);
    await expectStatus(h.caller(unverified).team.accept({ token }), 403, TEAM_MSG.unverified('eddie@example.com'));
    expect(await h.db.select().from(workspaceMembers)).toHaveLength(1);

    await h.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, unverified.id));
    const eddie = { ...unverified, emailVerifiedAt: new Date() };
    const first = await h.caller(eddie).team.accept({ token });
    expect(first).toMatchObject({ role: 'editor', alreadyMember: false, workspaceName: "Olive Owner's team" });
    // Twice is harmless.
    expect(await h.caller(eddie).team.accept({ token })).toMatchObject({ role: 'editor', alreadyMember: true });
    expect((await h.caller(eddie).team.invitation({ token })).accepted).toBe(true);
    expect(await h.db.select().from(workspaceMembers)).toHaveLength(2);
    // Used: nobody else gets in with it.
    await expectStatus(h.caller(stranger).team.accept({ token }), 409, TEAM_MSG.linkUsed);
    await expectStatus(h.caller(stranger).team.invitation({ token }), 409, TEAM_MSG.linkUsed);
    await expectStatus(h.caller(stranger).team.accept({ token: FAKE_TOKEN }), 404, TEAM_MSG.linkInvalid);

    const overview = await h.ownerApi.team.overview();
    expect(overview.workspace!.invitations).toEqual([]);
    expect(overview.workspace!.members.map((m) => [m.email.toLowerCase(), m.role])).toEqual([
      ['olive@example.com', 'owner'],
      ['eddie@example.com', 'editor'],
    ]);
    expect((await h.caller(eddie).team.overview()).memberships).toEqual([
      expect.objectContaining({ name: "Olive Owner's team", ownerName: 'Olive Owner', ownerEmail: 'olive@example.com', role: 'editor', sharedCount: 0 }),
    ]);
  });

  it('refuses expired and revoked links; re-inviting replaces and resend renews the link', async () => {
    let now = new Date('2026-11-24T09:00:00.000Z');
    const h = await teamHarness({ deps: { now: () => now } });
    const vic = await h.insertUser({ email: 'vic@example.com', verified: true });

    await h.ownerApi.team.invite({ email: 'vic@example.com', role: 'viewer' });
    const expiredToken = await tokenFor(h, 'vic@example.com');
    now = new Date(now.getTime() + 7 * DAY + 1000);
    await expectStatus(h.caller(vic).team.accept({ token: expiredToken }), 409, TEAM_MSG.linkExpired);
    const [expired] = (await h.ownerApi.team.overview()).workspace!.invitations;
    expect(expired.expired).toBe(true);

    const renewed = await h.ownerApi.team.resend({ id: expired.id });
    expect(renewed).toMatchObject({ expired: false, expiresAt: new Date(now.getTime() + 7 * DAY).toISOString() });
    const resentToken = await tokenFor(h, 'vic@example.com');
    expect(resentToken).not.toBe(expiredToken);
    await expectStatus(h.caller(vic).team.accept({ token: expiredToken }), 404, TEAM_MSG.linkInvalid);

    // Inviting again replaces the pending invitation: the older link is withdrawn.
    await h.ownerApi.team.invite({ email: 'vic@example.com', role: 'editor' });
    const newest = await tokenFor(h, 'vic@example.com');
    await expectStatus(h.caller(vic).team.accept({ token: resentToken }), 409, TEAM_MSG.linkRevoked);
    const pending = (await h.ownerApi.team.overview()).workspace!.invitations;
    expect(pending).toHaveLength(1);
    expect(pending[0].role).toBe('editor');

    await h.ownerApi.team.revoke({ id: pending[0].id });
    await expectStatus(h.caller(vic).team.accept({ token: newest }), 409, TEAM_MSG.linkRevoked);
    await expectStatus(h.ownerApi.team.revoke({ id: pending[0].id }), 409, TEAM_MSG.notAcceptedYet);
    await expectStatus(h.ownerApi.team.resend({ id: pending[0].id }), 409, TEAM_MSG.notAcceptedYet);
    expect((await h.ownerApi.team.overview()).workspace!.invitations).toEqual([]);
    expect(await h.db.select().from(workspaceMembers)).toHaveLength(1);
  });

  it("another owner's invitation ids are not found", async () => {
    const h = await teamHarness();
    const inv = await h.ownerApi.team.invite({ email: 'eddie@example.com', role: 'editor' });
    const other = await h.insertUser({ planType: 'enterprise' });
    await expectStatus(h.caller(other).team.revoke({ id: inv.id }), 404, TEAM_MSG.invitationNotFound);
    await expectStatus(h.caller(other).team.resend({ id: inv.id }), 404, TEAM_MSG.invitationNotFound);
  });

  it('caps members and pending invitations, and rate-limits invitations', async () => {
    const h = await teamHarness();
    await h.ownerApi.team.invite({ email: 'first@example.com', role: 'viewer' });
    const { id: workspaceId } = (await h.ownerApi.team.overview()).workspace!;
    const invRow = (await h.db.select().from(workspaceInvitations).limit(1))[0]!;
    const far = new Date(Date.now() + 5 * DAY);
    for (let i = 1; i < MAX_PENDING_INVITATIONS; i++)
      await h.db.insert(workspaceInvitations).values({ ...invRow, id: `inv-${i}`, email: `p${i}@example.com`, tokenHash: `hash-${i}`, expiresAt: far });
    await expectStatus(h.ownerApi.team.invite({ email: 'one-more@example.com', role: 'viewer' }), 409, TEAM_MSG.invitationLimit);
    // Re-inviting a pending address replaces it, so it still fits.
    await h.ownerApi.team.invite({ email: 'p1@example.com', role: 'editor' });

    for (let i = 0; i < MAX_MEMBERS; i++) {
      const u = await h.insertUser({ email: `m${i}@example.com` });
      await h.db.insert(workspaceMembers).values({ workspaceId: workspaceId!, userId: u.id, role: 'viewer', joinedAt: new Date() });
    }
    await expectStatus(h.ownerApi.team.invite({ email: 'late@example.com', role: 'viewer' }), 409, TEAM_MSG.memberLimit);
    const first = await h.insertUser({ email: 'first@example.com', verified: true });
    await expectStatus(h.caller(first).team.accept({ token: await tokenFor(h, 'first@example.com') }), 409, TEAM_MSG.teamFull);

    const h2 = await teamHarness();
    for (let i = 0; i < INVITE_RULE.limit; i++) await h2.ownerApi.team.invite({ email: `r${i}@example.com`, role: 'viewer' });
    await expectStatus(h2.ownerApi.team.invite({ email: 'over@example.com', role: 'viewer' }), 429);
    expect(await h2.db.select().from(outbox).where(eq(outbox.toAddress, 'over@example.com'))).toHaveLength(0);
  });

  it('an existing member cannot be invited again', async () => {
    const h = await teamHarness();
    await addMember(h, 'eddie@example.com', 'editor');
    await expectStatus(h.ownerApi.team.invite({ email: 'EDDIE@example.com', role: 'viewer' }), 409, TEAM_MSG.alreadyMember('eddie@example.com'));
  });
});

describe('members', () => {
  it('the owner changes roles and removes members; a member leaves; others get 404', async () => {
    const h = await teamHarness();
    const eddie = await addMember(h, 'eddie@example.com', 'editor');
    const vic = await addMember(h, 'vic@example.com', 'viewer');
    const { workspace } = await h.ownerApi.team.overview();

    expect(await h.ownerApi.team.setRole({ userId: vic.id, role: 'editor' })).toEqual({ userId: vic.id, role: 'editor' });
    expect((await h.ownerApi.team.overview()).workspace!.members.find((m) => m.userId === vic.id)?.role).toBe('editor');
    await expectStatus(h.ownerApi.team.setRole({ userId: h.owner.id, role: 'viewer' }), 404, TEAM_MSG.memberNotFound);
    await expectStatus(h.ownerApi.team.remove({ userId: h.admin.id }), 404, TEAM_MSG.memberNotFound);

    // A member has no workspace of their own to manage; an enterprise member's own team lacks these people.
    await expectStatus(h.caller(eddie).team.setRole({ userId: vic.id, role: 'viewer' }), 403, TEAM_MSG.enterpriseOnly);
    await expectStatus(h.caller(eddie).team.remove({ userId: vic.id }), 404, TEAM_MSG.memberNotFound);
    const otherOwner = await h.insertUser({ planType: 'enterprise' });
    await expectStatus(h.caller(otherOwner).team.remove({ userId: vic.id }), 404, TEAM_MSG.memberNotFound);
    await expectStatus(h.caller(otherOwner).team.setRole({ userId: vic.id, role: 'viewer' }), 404, TEAM_MSG.memberNotFound);
    await expectStatus(h.caller(otherOwner).team.leave({ workspaceId: workspace!.id! }), 404, TEAM_MSG.teamNotFound);
    await expectStatus(h.ownerApi.team.leave({ workspaceId: workspace!.id! }), 404, TEAM_MSG.teamNotFound);

    expect(await h.ownerApi.team.remove({ userId: vic.id })).toEqual({ success: true, userId: vic.id });
    expect(await h.caller(eddie).team.leave({ workspaceId: workspace!.id! })).toEqual({ success: true, workspaceId: workspace!.id });
    expect((await h.ownerApi.team.overview()).workspace!.members.map((m) => m.role)).toEqual(['owner']);
    expect((await h.caller(eddie).team.overview()).memberships).toEqual([]);
  });

  it('writes audit entries for invite, revoke, accept, role change, removal, leave, share and unshare', async () => {
    const h = await teamHarness();
    const inv = await h.ownerApi.team.invite({ email: 'gone@example.com', role: 'viewer' });
    await h.ownerApi.team.revoke({ id: inv.id });
    const eddie = await addMember(h, 'eddie@example.com', 'viewer');
    await h.ownerApi.team.setRole({ userId: eddie.id, role: 'editor' });
    await h.ownerApi.team.share({ publicationId: h.pub.id });
    await h.ownerApi.team.unshare({ publicationId: h.pub.id });
    await h.ownerApi.team.remove({ userId: eddie.id });

    const owner = await auditActions(h, h.owner.id);
    expect(owner.map((a) => a.action)).toEqual(['team.invite', 'team.invite.revoke', 'team.invite', 'team.role', 'team.share', 'team.unshare', 'team.remove']);
    expect(owner.find((a) => a.action === 'team.role')).toMatchObject({
      targetUserId: eddie.id,
      detail: expect.objectContaining({ from: 'viewer', to: 'editor' }),
    });
    expect(owner.find((a) => a.action === 'team.share')?.detail).toMatchObject({ publicationId: h.pub.id });
    const member = await auditActions(h, eddie.id);
    expect(member.map((a) => [a.action, a.targetUserId])).toEqual([['team.accept', h.owner.id]]);
  });
});

describe('shared publications', () => {
  it('editors see, open and save a shared publication under the owner plan; viewers only preview', async () => {
    const h = await teamHarness();
    // Free-plan members: the enterprise owner's limits apply to the owner's publication.
    const eddie = await addMember(h, 'eddie@example.com', 'editor');
    const vic = await addMember(h, 'vic@example.com', 'viewer');
    const stranger = await h.insertUser({ verified: true });
    const ed = h.caller(eddie);

    expect(await ed.publications.list()).toEqual([]);
    await expectStatus(ed.publications.get({ id: h.pub.id }), 404, PUBLICATION_MSG.notFound);
    expect(await h.ownerApi.team.share({ publicationId: h.pub.id })).toEqual({ id: h.pub.id, shared: true });
    expect((await h.ownerApi.team.overview()).workspace!.publications).toEqual([expect.objectContaining({ id: h.pub.id, shared: true })]);

    const listed = await ed.publications.list();
    expect(listed).toEqual([
      expect.objectContaining({ id: h.pub.id, name: 'Team Digest', sharedBy: { name: 'Olive Owner', email: 'olive@example.com', role: 'editor' } }),
    ]);
    expect((await h.ownerApi.publications.list())[0].sharedBy).toBeUndefined();
    expect((await ed.publications.get({ id: h.pub.id })).sharedBy?.role).toBe('editor');

    const channels = [buildChannel(), buildChannel(), buildChannel()];
    const saved = await ed.wizard.saveProgress({
      publicationId: h.pub.id,
      currentStep: 3,
      workflowData: { newsletterName: 'Team Digest', selectedTheme: 'local-tribune', selectedChannels: channels },
    });
    expect(saved.workflowData.selectedChannels).toHaveLength(3);
    expect((await h.ownerApi.publications.get({ id: h.pub.id })).workflowData.selectedChannels).toHaveLength(3);

    const v = h.caller(vic);
    expect((await v.publications.list())[0].sharedBy?.role).toBe('viewer');
    expect((await v.publications.get({ id: h.pub.id })).workflowData.selectedTheme).toBe('local-tribune');
    await expectStatus(v.wizard.saveProgress({ publicationId: h.pub.id, currentStep: 2, workflowData: { topic: 'x' } }), 403, PUBLICATION_MSG.viewOnly);
    await expectStatus(v.team.preview({ publicationId: h.pub.id }), 400, MSG.assemblyMissing);

    const s = h.caller(stranger);
    await expectStatus(s.publications.get({ id: h.pub.id }), 404, PUBLICATION_MSG.notFound);
    await expectStatus(s.wizard.saveProgress({ publicationId: h.pub.id, currentStep: 2, workflowData: {} }), 404, PUBLICATION_MSG.notFound);
    await expectStatus(s.team.preview({ publicationId: h.pub.id }), 404, PUBLICATION_MSG.notFound);
    expect(await s.publications.list()).toEqual([]);
  });

  it('viewers get a read-only preview rendered from the saved workflow', async () => {
    const h = await teamHarness();
    const vic = await addMember(h, 'vic@example.com', 'viewer');
    const { buildArticle } = await import('../workflow/factories');
    await h.ownerApi.wizard.saveProgress({
      publicationId: h.pub.id,
      currentStep: 5,
      workflowData: {
        newsletterName: 'Team Digest',
        selectedTheme: 'local-tribune',
        selectedChannels: [buildChannel()],
        selectedArticles: [buildArticle({ title: 'Shared story' })],
      },
    });
    await h.ownerApi.team.share({ publicationId: h.pub.id });
    const preview = await h.caller(vic).team.preview({ publicationId: h.pub.id });
    expect(preview).toMatchObject({ name: 'Team Digest', ownerName: 'Olive Owner', role: 'viewer' });
    expect(preview.data.webHtml).toContain('Shared story');
    expect((await h.ownerApi.team.preview({ publicationId: h.pub.id })).role).toBe('owner');
  });

  it('sending, subscribers, renaming, deleting and sharing stay with the owner', async () => {
    const h = await teamHarness();
    const eddie = await addMember(h, 'eddie@example.com', 'editor');
    await h.ownerApi.team.share({ publicationId: h.pub.id });
    const ed = h.caller(eddie);
    await expectStatus(ed.sends.list({ publicationId: h.pub.id }), 404);
    await expectStatus(ed.sends.audience({ publicationId: h.pub.id }), 404);
    await expectStatus(ed.subscribers.list({ publicationId: h.pub.id }), 404);
    await expectStatus(ed.subscribers.add({ publicationId: h.pub.id, email: 'r@example.com', name: 'R' }), 404);
    await expectStatus(ed.publications.rename({ id: h.pub.id, name: 'Mine now' }), 404);
    await expectStatus(ed.publications.delete({ id: h.pub.id }), 404);
    await expectStatus(ed.team.unshare({ publicationId: h.pub.id }), 404);
    const edOwner = await h.insertUser({ planType: 'enterprise' });
    await expectStatus(h.caller(edOwner).team.share({ publicationId: h.pub.id }), 404);
    expect((await h.ownerApi.publications.get({ id: h.pub.id })).name).toBe('Team Digest');
  });

  it('removal, leaving, unsharing and a lapsed owner plan take access away at once', async () => {
    const h = await teamHarness();
    const eddie = await addMember(h, 'eddie@example.com', 'editor');
    const vic = await addMember(h, 'vic@example.com', 'viewer');
    await h.ownerApi.team.share({ publicationId: h.pub.id });
    const save = (u: typeof eddie) => h.caller(u).wizard.saveProgress({ publicationId: h.pub.id, currentStep: 1, workflowData: { topic: 'ai' } });
    await save(eddie);

    await h.ownerApi.team.remove({ userId: eddie.id });
    await expectStatus(save(eddie), 404, PUBLICATION_MSG.notFound);
    await expectStatus(h.caller(eddie).publications.get({ id: h.pub.id }), 404);
    expect(await h.caller(eddie).publications.list()).toEqual([]);

    await h.caller(vic).publications.get({ id: h.pub.id });
    await h.ownerApi.team.unshare({ publicationId: h.pub.id });
    await expectStatus(h.caller(vic).publications.get({ id: h.pub.id }), 404);
    await h.ownerApi.team.share({ publicationId: h.pub.id });
    await h.caller(vic).publications.get({ id: h.pub.id });

    // The owner's plan no longer includes team collaboration: shared work is out of reach (kept).
    await h.db.update(users).set({ planType: 'professional' }).where(eq(users.id, h.owner.id));
    await expectStatus(h.caller(vic).publications.get({ id: h.pub.id }), 404);
    expect((await h.caller(vic).team.overview()).memberships).toEqual([]);
    await h.db.update(users).set({ planType: 'enterprise' }).where(eq(users.id, h.owner.id));
    await h.caller(vic).publications.get({ id: h.pub.id });

    const ws = (await h.ownerApi.team.overview()).workspace!;
    await h.caller(vic).team.leave({ workspaceId: ws.id! });
    await expectStatus(h.caller(vic).publications.get({ id: h.pub.id }), 404);
    expect(
      await h.db
        .select()
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, ws.id!), eq(workspaceMembers.userId, vic.id))),
    ).toEqual([]);
  });
});

describe('REST /api/team', () => {
  it('answers 401 signed out, and serves the owner signed in', async () => {
    const h = await teamHarness();
    const anon = await h.app.request('/api/team');
    expect(anon.status).toBe(401);
    expect(await anon.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });

    const signup = await h.app.request('/api/auth/signup', jsonRequest('POST', { name: 'Rita', email: 'rita@example.com', password: 'correct horse battery' }));
    const cookie = cookieFrom(signup);
    await h.db.update(users).set({ planType: 'enterprise' }).where(eq(users.email, 'rita@example.com'));
    const bad = await h.app.request('/api/team/invitations', jsonRequest('POST', { email: 'nope', role: 'editor' }, { cookie }));
    expect(bad.status).toBe(400);
    const ok = await h.app.request('/api/team/invitations', jsonRequest('POST', { email: 'sam@example.com', role: 'viewer' }, { cookie }));
    expect(ok.status).toBe(201);
    const overview = await h.app.request('/api/team', { headers: { cookie } });
    expect(overview.status).toBe(200);
    expect((await overview.json()).workspace.invitations).toEqual([expect.objectContaining({ email: 'sam@example.com', role: 'viewer' })]);
  });
});
