// Team test helpers: an enterprise owner with a publication, invitations read from the outbox.
import { eq } from 'drizzle-orm';
import { auditLog, outbox } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import type { SessionUser } from '../../../src/server/auth/service';

export async function teamHarness(opts?: Parameters<typeof harnessWithAdmin>[0]) {
  const h = await harnessWithAdmin(opts);
  const owner = await h.insertUser({ name: 'Olive Owner', email: 'olive@example.com', planType: 'enterprise', verified: true });
  const ownerApi = h.caller(owner);
  const pub = await ownerApi.publications.create({ name: 'Team Digest', id: 'pub-team-digest-1' });
  return { ...h, owner, ownerApi, pub };
}

type H = Awaited<ReturnType<typeof teamHarness>>;

/** The token of the newest invitation mailed to the address (from the link in the outbox). */
export async function tokenFor(h: Pick<H, 'db'>, address: string): Promise<string> {
  // Outbox ids sort in the order the messages were written: the last is the newest.
  const rows = await h.db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(outbox.id);
  const last = rows[rows.length - 1];
  const m = last ? /\/team\/join\?token=([A-Za-z0-9_-]+)/.exec(last.text) : null;
  if (!m) throw new Error(`no invitation mailed to ${address}`);
  return m[1];
}

/** Invites the address, creates its (verified) account and accepts: a member with that role. */
export async function addMember(h: H, email: string, role: 'editor' | 'viewer', o: { name?: string } = {}): Promise<SessionUser> {
  await h.ownerApi.team.invite({ email, role });
  const user = await h.insertUser({ email, name: o.name ?? email.split('@')[0], verified: true });
  await h.caller(user).team.accept({ token: await tokenFor(h, email) });
  return user;
}

export async function auditActions(h: Pick<H, 'db'>, actorId: string) {
  const rows = await h.db.select().from(auditLog).where(eq(auditLog.actorId, actorId));
  return rows.filter((a) => a.action.startsWith('team.'));
}
