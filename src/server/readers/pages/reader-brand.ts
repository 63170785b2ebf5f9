// What a publication's readers' pages carry of it, on every plan: its name, the logo of the saved theme
// its issues use, its accent (the theme's main colour, made readable as text and as a button in light and
// dark), its signup page and archive, and whether the product may sign the page. White-label (Enterprise)
// accounts' pages carry nothing of the product. The one model of the client's reader pages (through
// their public procedures) and of the pages the server writes (the web version, the form's thank-you
// page, the app shell's head).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { issueSends, type PublicationRow } from '../../../../db/schema';
import { whiteLabelOf } from '../../plans/account-plan';
import { isCustomThemeId, resolveTheme } from '../../themes/custom-themes';
import { getTheme } from '../../../shared/themes';
import { contrast, readableOn } from '../../newsletter/palette';
import { READER_GROUNDS, type ReaderBrand } from '../../../shared/schemas/readers';

export type { ReaderBrand };

/** The accent of a publication with no theme chosen yet: the product's indigo. */
export const DEFAULT_ACCENT = '#4338ca';
/** Statuses of the sends its archive lists (delivery/archive.ts). */
const PUBLIC_STATUSES = ['sending', 'sent'] as const;

const hexColor = (c: unknown): string | null => (typeof c === 'string' && /^#[0-9a-f]{6}$/i.test(c) ? c.toLowerCase() : null);

/**
 * The accent as the pages draw it: on light grounds moved toward black until it reads at 4.5:1 (then white
 * reads on it as a button), on dark grounds toward white (then the dark page colour reads on it).
 */
export function accentColors(color: string): Pick<ReaderBrand, 'light' | 'dark'> {
  const light = readableOn(color, READER_GROUNDS.light);
  const dark = readableOn(color, READER_GROUNDS.dark);
  const on = (fill: string, a: string, b: string) => (contrast(a, fill) >= contrast(b, fill) ? a : b);
  return { light: { accent: light, onAccent: on(light, '#ffffff', '#000000') }, dark: { accent: dark, onAccent: on(dark, READER_GROUNDS.dark[0], '#ffffff') } };
}

type BrandPub = Pick<PublicationRow, 'id' | 'name' | 'slug' | 'userId' | 'workflowData'>;

async function hasSentIssue(db: Pick<DbOrTx, 'select'>, publicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: issueSends.id })
    .from(issueSends)
    .where(and(eq(issueSends.publicationId, publicationId), inArray(issueSends.status, [...PUBLIC_STATUSES]), isNull(issueSends.rollupOf)))
    .limit(1);
  return !!row;
}

export async function readerBrandOf(db: Pick<DbOrTx, 'select'>, pub: BrandPub, now: Date): Promise<ReaderBrand> {
  const themeId = (pub.workflowData as { selectedTheme?: unknown } | null)?.selectedTheme;
  const whiteLabel = await whiteLabelOf(db, pub.userId, now);
  const theme = typeof themeId !== 'string' ? undefined : isCustomThemeId(themeId) ? await resolveTheme(db, pub.userId, themeId) : getTheme(themeId);
  const sent = await hasSentIssue(db, pub.id);
  const logo = theme?.brand?.logo;
  const color = hexColor(theme?.primaryColor) ?? DEFAULT_ACCENT;
  const home = pub.slug ? `/p/${encodeURIComponent(pub.slug)}` : null;
  return {
    name: pub.name,
    home,
    archiveUrl: home && sent ? home : null,
    // Shown at half the stored size (sharp on high-density screens).
    logo: logo ? { src: `/media/${logo.id}.png`, width: Math.round(logo.width / 2), height: Math.round(logo.height / 2) } : null,
    color,
    ...accentColors(color),
    whiteLabel,
  };
}
