// Saved themes (spec §3 Theme entity, §6 customThemes / maxCustomThemes): a creator starts from a
// built-in theme their plan allows and keeps their own colours, fonts, masthead and card designs and
// footer line. Saving refuses colour pairs below WCAG AA (computed) and counts against the plan's cap
// under the owner's lock. A saved theme renders through the same renderer as the built-in ones: its
// `ThemeMeta` carries the brand fields, never raw CSS.
import crypto from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { contentImages, customThemes, type CustomThemeRow } from '../../../db/schema';
import { tx, type Db } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import { capabilitiesFor, canUseThemeTier, PLAN_LABELS, type PlanHolder } from '../../shared/plans';
import { getTheme, themeLockedMessage } from '../../shared/themes';
import type { CustomThemeDto, ThemeBrand } from '../../shared/schemas/themes';
import { brandContrast } from '../newsletter/palette';
import { CUSTOM_THEME_PREFIX, isCustomThemeId, resolveTheme, SAVED_THEME_GONE } from '../newsletter/saved-theme';

// The renderer reads saved themes itself (newsletter/saved-theme.ts); the features that resolve one name them here.
export { isCustomThemeId, resolveTheme };

export const THEME_MSG = {
  notFound: 'Theme not found',
  gone: SAVED_THEME_GONE,
  unknownBase: 'Start from one of the themes in the picker.',
  /** Spec §6: custom themes come with the Professional plan. */
  needsPlan: `Saved themes come with the ${PLAN_LABELS.professional} plan. Upgrade to ${PLAN_LABELS.professional} to build your own.`,
  cap: (n: number) => `Your plan keeps ${n} saved themes. Upgrade to ${PLAN_LABELS.business} for unlimited themes, or delete one first.`,
  logoGone: 'This logo is no longer available. Upload it again.',
  contrast: (pair: string, ratio: number, needs: number) =>
    `${pair} has a contrast of ${ratio.toFixed(2)}:1; readers need at least ${needs}:1 (WCAG AA). Pick a darker or lighter colour.`,
} as const;

type Ctx = { db: Db; user: PlanHolder & { id: string }; now?: () => Date };

function toDto(row: CustomThemeRow): CustomThemeDto {
  return { id: row.id, brand: row.brand, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Refuses what the plan does not allow and what would not read: a locked starting theme, colour pairs below AA. */
export function checkBrand(user: PlanHolder, brand: ThemeBrand): void {
  if (!capabilitiesFor(user).customThemes) throw new AppError('FORBIDDEN', THEME_MSG.needsPlan);
  const base = getTheme(brand.baseThemeId);
  if (!base) throw new AppError('BAD_REQUEST', THEME_MSG.unknownBase);
  if (!canUseThemeTier(user, base.subscription)) {
    throw new AppError('FORBIDDEN', themeLockedMessage(base), { requiredTier: base.subscription });
  }
  const failed = brandContrast(brand.colors).find((c) => !c.ok);
  if (failed) throw new AppError('BAD_REQUEST', THEME_MSG.contrast(failed.pair, failed.ratio, failed.needs), { contrast: failed });
}

export async function listCustomThemes(ctx: Ctx): Promise<CustomThemeDto[]> {
  const rows = await ctx.db.select().from(customThemes).where(eq(customThemes.userId, ctx.user.id)).orderBy(asc(customThemes.createdAt), asc(customThemes.id));
  return rows.map(toDto);
}

/** Creates a theme (under the plan's cap) or, with an id, updates the caller's own. */
export async function saveCustomTheme(ctx: Ctx, input: { id?: string; brand: ThemeBrand }): Promise<CustomThemeDto> {
  checkBrand(ctx.user, input.brand);
  // A saved theme may only carry a logo its owner uploaded (themes.uploadLogo).
  if (input.brand.logo) {
    const [own] = await ctx.db
      .select({ id: contentImages.id })
      .from(contentImages)
      .where(and(eq(contentImages.id, input.brand.logo.id), eq(contentImages.uploadedBy, ctx.user.id)));
    if (!own) throw new AppError('BAD_REQUEST', THEME_MSG.logoGone);
  }
  const now = ctx.now?.() ?? new Date();
  return tx(ctx.db, async (t) => {
    if (input.id) {
      const [row] = await t
        .update(customThemes)
        .set({ brand: input.brand, updatedAt: now })
        .where(and(eq(customThemes.id, input.id), eq(customThemes.userId, ctx.user.id)))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', THEME_MSG.notFound);
      return toDto(row);
    }
    // Two saves at once must not both pass the count.
    await locks.customThemesOf(t, ctx.user.id);
    const cap = capabilitiesFor(ctx.user).maxCustomThemes;
    const [{ n }] = await t.select({ n: count() }).from(customThemes).where(eq(customThemes.userId, ctx.user.id));
    if (n >= cap) throw new AppError('FORBIDDEN', THEME_MSG.cap(cap), { limit: cap });
    const [row] = await t
      .insert(customThemes)
      .values({ id: `${CUSTOM_THEME_PREFIX}${crypto.randomUUID()}`, userId: ctx.user.id, brand: input.brand, createdAt: now, updatedAt: now })
      .returning();
    return toDto(row!);
  });
}

export async function deleteCustomTheme(ctx: Ctx, id: string): Promise<{ success: true; id: string }> {
  const removed = await ctx.db
    .delete(customThemes)
    .where(and(eq(customThemes.id, id), eq(customThemes.userId, ctx.user.id)))
    .returning({ id: customThemes.id });
  if (!removed.length) throw new AppError('NOT_FOUND', THEME_MSG.notFound);
  return { success: true, id };
}
