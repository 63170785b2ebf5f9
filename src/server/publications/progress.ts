// Saving workflow progress: merge a partial update into the stored publication after checking the
// workflow's rules (the same ones that disable the Continue buttons) and the plan's limits, in one
// transaction so a rejected save changes nothing.
import { eq } from 'drizzle-orm';
import { publications, type PublicationWorkflowData } from '../../../db/schema';
import type { AuthedContext } from '../context';
import { tx } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { canUseThemeTier, channelLimitFor } from '../../shared/plans';
import { getTheme, themeLockedMessage, type ThemeMeta } from '../../shared/themes';
import { isCustomThemeId, resolveTheme } from '../newsletter/saved-theme';
import { endIssue } from '../newsletter/drafts';
import { normalizeWorkflowData, toPublicationDto } from './dto';
import { editsFor, NO_EDITS } from '../../shared/schemas/issue-edits';
import { findAccessible } from './publications';
import type { PublicationStatus } from '../../shared/schemas/publications';
import type { SaveProgressInput } from '../../shared/schemas/wizard-progress';

type Ctx = Pick<AuthedContext, 'db' | 'now' | 'user'>;

export const PROGRESS_MSG = {
  nameRequired: 'Name your newsletter before moving past step 1',
  channelRequired: 'Select at least one content channel before moving past step 3',
  articleRequired: 'Select at least one article before moving to step 5',
  unknownTheme: (id: string) => `Unknown theme: ${id}`,
  /** Worded as the assembly step words it, so the user reads one message for one rule. */
  themeLocked: themeLockedMessage,
} as const;

type Merged = Omit<PublicationWorkflowData, 'lastSaved'>;

/** Step rules: moving past a step needs what that step's Continue button needs (spec §2, §5). */
export function checkStepRules(step: number, data: Merged): void {
  if (step > 1 && !data.newsletterName.trim()) throw new AppError('BAD_REQUEST', PROGRESS_MSG.nameRequired);
  if (step > 3 && data.selectedChannels.length === 0) throw new AppError('BAD_REQUEST', PROGRESS_MSG.channelRequired);
  if (step > 4 && data.selectedArticles.length === 0) throw new AppError('BAD_REQUEST', PROGRESS_MSG.articleRequired);
}

/**
 * Plan limits apply to what the user adds: a channel list that grows past the plan's limit, or a newly
 * picked theme above the plan. Removing channels is always allowed, so a user whose plan went down can
 * still trim an older selection one channel at a time.
 */
export function checkPlanLimits(user: { role?: unknown; planType?: unknown }, before: Merged, after: Merged, savedTheme?: ThemeMeta): void {
  const limit = channelLimitFor(user);
  if (after.selectedChannels.length > limit) {
    const had = new Set(before.selectedChannels.map((c) => c.url));
    const adds = after.selectedChannels.some((c) => !had.has(c.url));
    if (adds) throw new AppError('FORBIDDEN', MSG.channelLimit(limit), { limit });
  }
  const themeId = after.selectedTheme;
  if (themeId !== null && themeId !== before.selectedTheme) {
    const theme = savedTheme?.id === themeId ? savedTheme : getTheme(themeId);
    if (!theme) throw new AppError('BAD_REQUEST', PROGRESS_MSG.unknownTheme(themeId));
    if (!canUseThemeTier(user, theme.subscription)) throw new AppError('FORBIDDEN', PROGRESS_MSG.themeLocked(theme), { requiredTier: theme.subscription });
  }
}

/** 'ready' once every step is complete and the user is on the last one; otherwise 'draft'. */
export function statusOf(step: number, data: Merged): PublicationStatus {
  const complete = !!data.newsletterName.trim() && !!data.selectedTheme && data.selectedChannels.length > 0 && data.selectedArticles.length > 0;
  return step === 5 && complete ? 'ready' : 'draft';
}

/** Keeps the first of each key, so a repeated toggle cannot count one channel or article twice. */
function uniqueBy<T>(list: T[], key: (x: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((x) => !seen.has(key(x)) && !!seen.add(key(x)));
}

export function saveProgress(ctx: Ctx, input: SaveProgressInput) {
  return tx(ctx.db, async (t) => {
    // The plan checks compare with what is stored (a list over a lowered limit may be kept, not grown),
    // so the stored workflow must not change between the read and the write.
    await locks.publication(t, input.publicationId);
    // Editors of a shared publication save too; its limits are the owner's plan (the publication is theirs).
    const access = await findAccessible(t, ctx.user.id, input.publicationId, 'edit');
    const row = access.row;
    const before = normalizeWorkflowData(row.workflowData, row);
    const patch = Object.fromEntries(Object.entries(input.workflowData).filter(([, v]) => v !== undefined));
    const merged: Merged = { ...before, ...patch };
    merged.selectedChannels = uniqueBy(merged.selectedChannels, (c) => c.url);
    merged.selectedArticles = uniqueBy(merged.selectedArticles, (a) => a.id);
    // Edits are keyed by article id: a story taken out of the issue takes its edits with it.
    merged.edits = editsFor(
      merged.edits ?? NO_EDITS,
      merged.selectedArticles.map((a) => a.id),
    );

    checkStepRules(input.currentStep, merged);
    // A saved theme is one of the publication owner's.
    const picked = merged.selectedTheme;
    const savedTheme = picked && picked !== before.selectedTheme && isCustomThemeId(picked) ? await resolveTheme(t, row.userId, picked) : undefined;
    checkPlanLimits(access.role === 'owner' ? ctx.user : access.owner, before, merged, savedTheme);

    const now = ctx.now();
    const workflowData: PublicationWorkflowData = { ...merged, lastSaved: now.toISOString() };
    // The publication is listed under the newsletter's name; a blank name mid-typing keeps the old one.
    const name = merged.newsletterName.trim() || row.name;
    const next = { name, status: statusOf(input.currentStep, merged), currentStep: input.currentStep, workflowData, updatedAt: now };
    await t.update(publications).set(next).where(eq(publications.id, row.id));
    if (input.newIssue) await endIssue(t, row.id);
    return toPublicationDto({ ...row, ...next }, access.role === 'owner' ? undefined : { name: access.owner.name, email: access.owner.email, role: 'editor' });
  });
}
