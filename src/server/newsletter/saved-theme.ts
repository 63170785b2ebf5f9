// A saved theme as the renderer reads it: its id names it among the built-in ones, and its stored brand
// becomes a `ThemeMeta` like theirs. Saving and listing saved themes is themes/custom-themes.ts.
import { and, eq } from 'drizzle-orm';
import { customThemes, type CustomThemeRow } from '../../../db/schema';
import type { Db } from '../db';
import { getTheme, type ThemeMeta } from '../../shared/themes';
import { savedThemeMeta } from '../../shared/schemas/themes';

export const CUSTOM_THEME_PREFIX = 'custom-';
export const isCustomThemeId = (id: string) => id.startsWith(CUSTOM_THEME_PREFIX);

/** The answer to an issue whose saved theme was deleted. */
export const SAVED_THEME_GONE = 'This saved theme no longer exists. Pick another theme in step 2.';

/** The renderer's view of a saved theme row. */
export const themeMetaOf = (row: Pick<CustomThemeRow, 'id' | 'brand'>): ThemeMeta | undefined => savedThemeMeta(row.id, row.brand);

/**
 * A theme id as a publication's owner may use it: a built-in theme, or one of the owner's saved themes
 * (another account's saved theme is unknown, like any id that names nothing).
 */
export async function resolveTheme(db: Pick<Db, 'select'>, ownerId: string, themeId: string): Promise<ThemeMeta | undefined> {
  if (!isCustomThemeId(themeId)) return getTheme(themeId);
  const [row] = await db
    .select({ id: customThemes.id, brand: customThemes.brand })
    .from(customThemes)
    .where(and(eq(customThemes.id, themeId), eq(customThemes.userId, ownerId)))
    .limit(1);
  return row ? themeMetaOf(row) : undefined;
}
