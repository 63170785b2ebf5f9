// Sharing the owner's publications with their workspace (publications.workspace_id), and the read-only
// preview a member (viewers included) gets of a shared publication.
import { eq } from 'drizzle-orm';
import { publications } from '../../../db/schema';
import type { AuthedContext } from '../context';
import { tx } from '../db';
import { locks } from '../locks';
import { findAccessible, findOwned } from '../publications/publications';
import { assembleInputFrom } from '../publications/assemble-input';
import { assembleForOwner } from '../newsletter/assemble';
import { audit, ensureWorkspace, findOwnWorkspace, requireOwnerPlan, type TeamCtx } from './workspace';

export async function sharePublication(ctx: TeamCtx, input: { publicationId: string }) {
  requireOwnerPlan(ctx.user);
  return tx(ctx.db, async (t) => {
    await locks.workspaceOf(t, ctx.user.id);
    const row = await findOwned(t, ctx.user.id, input.publicationId);
    const ws = await ensureWorkspace(ctx, t);
    if (row.workspaceId !== ws.id) {
      await t.update(publications).set({ workspaceId: ws.id }).where(eq(publications.id, row.id));
      await audit(ctx, t, 'team.share', null, { publicationId: row.id, name: row.name, workspaceId: ws.id });
    }
    return { id: row.id, shared: true };
  });
}

/** Unsharing needs no plan: taking access away is always allowed. */
export async function unsharePublication(ctx: TeamCtx, input: { publicationId: string }) {
  return tx(ctx.db, async (t) => {
    const row = await findOwned(t, ctx.user.id, input.publicationId);
    if (row.workspaceId !== null) {
      await t.update(publications).set({ workspaceId: null }).where(eq(publications.id, row.id));
      const ws = await findOwnWorkspace(t, ctx.user.id);
      await audit(ctx, t, 'team.unshare', null, { publicationId: row.id, name: row.name, workspaceId: ws?.id ?? null });
    }
    return { id: row.id, shared: false };
  });
}

/**
 * The newsletter as its last saved workflow data assembles it, for anyone who may view the
 * publication. Rendered under the owner's plan (the publication, its theme included, is theirs).
 */
export async function previewShared(ctx: TeamCtx & Pick<AuthedContext, 'env'>, input: { publicationId: string }) {
  const access = await findAccessible(ctx.db, ctx.user.id, input.publicationId, 'view');
  const data = await assembleForOwner({ db: ctx.db, user: access.owner, env: ctx.env, now: ctx.now }, access.row.userId, assembleInputFrom({}, access.row));
  return { name: access.row.name, ownerName: access.owner.name, role: access.role, data };
}
