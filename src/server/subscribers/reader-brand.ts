// What a publication's readers' pages carry of their account: nothing of the product for white-label
// (Enterprise) accounts, and then the publication's own look — the logo and main colour of the saved
// theme its issues use, when it has one.
import type { DbOrTx } from '../db';
import type { PublicationRow } from '../../../db/schema';
import { whiteLabelOf } from '../user/plan';
import { isCustomThemeId, resolveTheme } from '../themes/custom-themes';

export interface ReaderBrand {
  whiteLabel: boolean;
  /** Path of the logo image and its display size; null without one. */
  logo: { src: string; width: number; height: number } | null;
  /** The theme's main colour (#rrggbb); null without a saved theme. */
  color: string | null;
}

export async function readerBrandOf(db: Pick<DbOrTx, 'select'>, pub: Pick<PublicationRow, 'userId' | 'workflowData'>, now: Date): Promise<ReaderBrand> {
  const whiteLabel = await whiteLabelOf(db, pub.userId, now);
  const themeId = (pub.workflowData as { selectedTheme?: unknown } | null)?.selectedTheme;
  if (!whiteLabel || typeof themeId !== 'string' || !isCustomThemeId(themeId)) return { whiteLabel, logo: null, color: null };
  const theme = await resolveTheme(db, pub.userId, themeId);
  const logo = theme?.brand?.logo;
  return {
    whiteLabel,
    logo: logo ? { src: `/media/${logo.id}.png`, width: Math.round(logo.width / 2), height: Math.round(logo.height / 2) } : null,
    color: theme?.primaryColor ?? null,
  };
}
