// Sharing the owner's publications with their workspace (publications.workspace_id), and the read-only
// preview a member (viewers included) gets of a shared publication.
import { eq } from 'drizzle-orm';
import { publications } from '../../../db/schema';
import type { AuthedContext } from '../context';
import { findAccessible, findOwned } from '../publications/publications';
import { assembleInputFrom } from '../publications/assemble-input';
import { assembleNewsletter } from '../newsletter/assemble';
import { audit, ensureWorkspace, findOwnWorkspace, requireOwnerPlan, type TeamCtx } from './workspace';

export function sharePublication(ctx: TeamCtx, input: { publicationId: string }) {
  requireOwnerPlan(ctx.user);
  return ctx.db.transaction((tx) => {
    const row = findOwned(tx, ctx.user.id, input.publicationId);
    const ws = ensureWorkspace(ctx, tx);
    if (row.workspaceId !== ws.id) {
      tx.update(publications).set({ workspaceId: ws.id }).where(eq(publications.id, row.id)).run();
      audit(ctx, tx, 'team.share', null, { publicationId: row.id, name: row.name, workspaceId: ws.id });
    }
    return { id: row.id, shared: true };
  });
}

/** Unsharing needs no plan: taking access away is always allowed. */
export function unsharePublication(ctx: TeamCtx, input: { publicationId: string }) {
  return ctx.db.transaction((tx) => {
    const row = findOwned(tx, ctx.user.id, input.publicationId);
    if (row.workspaceId !== null) {
      tx.update(publications).set({ workspaceId: null }).where(eq(publications.id, row.id)).run();
      audit(ctx, tx, 'team.unshare', null, { publicationId: row.id, name: row.name, workspaceId: findOwnWorkspace(tx, ctx.user.id)?.id ?? null });
    }
    return { id: row.id, shared: false };
  });
}

/**
 * The newsletter as its last saved workflow data assembles it, for anyone who may view the
 * publication. Rendered under the owner's plan (the publication, its theme included, is theirs).
 */
export function previewShared(ctx: TeamCtx & Pick<AuthedContext, 'env'>, input: { publicationId: string }) {
  const access = findAccessible(ctx.db, ctx.user.id, input.publicationId, 'view');
  const data = assembleNewsletter({ user: access.owner, env: ctx.env, now: ctx.now }, assembleInputFrom({}, access.row));
  return { name: access.row.name, ownerName: access.owner.name, role: access.role, data };
}
