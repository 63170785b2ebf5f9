// Saved themes (spec §3 Theme entity, §6 customThemes): a creator's own theme, started from a built-in
// one, with its colours, fonts, masthead and card designs and footer line. Only these fields reach the
// renderer: the Theme entity's customCSS is never raw CSS from a user.
import { z } from 'zod';
import { BODY_STYLES, getTheme, HEADER_STYLES, type ThemeMeta } from '../themes';
import { EMAIL_FONT_KEYS, EMAIL_FONTS } from '../email-fonts';
import { themeRankOf, type ThemeTier } from '../plans';
import { assembledNewsletter, COLOR_THEMES } from './newsletter';
import { noInput, removedResult } from './common';
import { mutation, query, type RouterContract } from '../contract';

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1a2b3c.')
  .transform((c) => c.toLowerCase());

export const brandColors = z.object({
  primary: hexColor,
  secondary: hexColor,
  accent: hexColor,
  background: hexColor,
  text: hexColor,
  link: hexColor,
});
export type BrandColorSet = z.infer<typeof brandColors>;

/** The box a logo is resized to fit (pixels); it is shown at half that size. */
export const LOGO_BOX = { width: 480, height: 160 } as const;

/** An uploaded logo (themes.uploadLogo) as a saved theme keeps it. */
export const themeLogo = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
  width: z.number().int().min(1).max(LOGO_BOX.width),
  height: z.number().int().min(1).max(LOGO_BOX.height),
});
export type ThemeLogo = z.infer<typeof themeLogo>;

export const themeBrand = z.object({
  name: z.string().trim().min(1, 'Give the theme a name.').max(60, 'A theme name has at most 60 characters.'),
  baseThemeId: z.string().min(1).max(100),
  colors: brandColors,
  titleFont: z.enum(EMAIL_FONT_KEYS),
  bodyFont: z.enum(EMAIL_FONT_KEYS),
  headerStyle: z.enum(HEADER_STYLES),
  cardStyle: z.enum(BODY_STYLES),
  footerText: z.string().trim().max(300, 'The footer line has at most 300 characters.').default(''),
  /** The masthead's own line (kicker or tagline) where the design has one; none when empty. */
  kicker: z.string().trim().max(80, 'The masthead line has at most 80 characters.').default(''),
  logo: themeLogo.nullable().default(null),
});
export type ThemeBrand = z.infer<typeof themeBrand>;

export const customThemeId = z.string().regex(/^custom-[A-Za-z0-9_-]{8,64}$/, 'Unknown theme.');

export const saveThemeInput = z.object({ id: customThemeId.optional(), brand: themeBrand });
export const themeIdInput = z.object({ id: customThemeId });

/** A saved theme as the API returns it. */
export const customThemeDto = z.object({
  id: z.string(),
  brand: themeBrand,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomThemeDto = z.infer<typeof customThemeDto>;

/** One colour pair a saved theme was measured on (WCAG 2.1 contrast). */
export const contrastCheck = z.object({ pair: z.string(), ratio: z.number(), needs: z.number(), ok: z.boolean() });
export type ContrastCheck = z.infer<typeof contrastCheck>;

export const previewThemeInput = z.object({ brand: themeBrand, colorTheme: z.enum(COLOR_THEMES).default('light') });
export const themePreview = assembledNewsletter.extend({ contrast: z.array(contrastCheck) });
export type ThemePreview = z.infer<typeof themePreview>;

/** The tiers a built-in theme is sold at (spec §5). */
export const THEME_TIERS = ['free', 'basic', 'professional', 'business', 'admin'] as const satisfies readonly ThemeTier[];

/** A theme of the catalogue as themes.list answers it: its metadata and whether the caller's plan locks it. */
export const themeForUser = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string().optional(),
  fontFamily: z.string(),
  titleFontFamily: z.string().optional(),
  headerStyle: z.enum(HEADER_STYLES),
  bodyStyle: z.enum(BODY_STYLES),
  preview: z.string(),
  subscription: z.enum(THEME_TIERS),
  customCSS: z.string().optional(),
  inkTitles: z.boolean().optional(),
  brand: z
    .object({
      background: z.string(),
      text: z.string(),
      link: z.string(),
      footerText: z.string(),
      kicker: z.string().optional(),
      logo: z.object({ id: z.string(), width: z.number(), height: z.number() }).nullable().optional(),
    })
    .optional(),
  locked: z.boolean(),
});

export const LOGO_MSG = {
  empty: 'Choose an image file for the logo.',
  tooLarge: 'A logo can be at most 2 MB.',
  type: 'A logo must be a PNG, JPEG, WebP or GIF image.',
  unreadable: 'This image could not be read. Try saving it again as PNG.',
} as const;

/** A logo's image as uploaded (the REST path passes the raw body's bytes). */
export const uploadLogoInput = z.object({ bytes: z.instanceof(Uint8Array, { message: LOGO_MSG.empty }) });

/** A saved theme is usable on a plan whose tier reaches both Professional (the feature) and its starting theme. */
function tierOf(base: ThemeMeta): ThemeTier {
  return themeRankOf(base.subscription) > themeRankOf('professional') ? base.subscription : 'professional';
}

/** How the renderer and the picker see a saved theme: the starting theme with the creator's fields in place. */
export function savedThemeMeta(id: string, b: ThemeBrand): ThemeMeta | undefined {
  const base = getTheme(b.baseThemeId);
  if (!base) return undefined;
  return {
    ...base,
    id,
    name: b.name,
    description: `Your theme, started from ${base.name}.`,
    primaryColor: b.colors.primary,
    secondaryColor: b.colors.secondary,
    accentColor: b.colors.accent,
    fontFamily: EMAIL_FONTS[b.bodyFont].stack,
    titleFontFamily: EMAIL_FONTS[b.titleFont].stack,
    headerStyle: b.headerStyle,
    bodyStyle: b.cardStyle,
    subscription: tierOf(base),
    customCSS: undefined,
    brand: { background: b.colors.background, text: b.colors.text, link: b.colors.link, footerText: b.footerText, kicker: b.kicker, logo: b.logo ?? null },
  };
}

/** The themes router: what each procedure takes and answers. */
export const themesContract = {
  list: query(noInput, z.array(themeForUser), 'public'),
  mine: query(noInput, z.array(customThemeDto)),
  preview: query(previewThemeInput, themePreview),
  save: mutation(saveThemeInput, customThemeDto),
  /** A logo for a saved theme (also POST /api/uploads/theme-logo with the raw image). */
  uploadLogo: mutation(uploadLogoInput, themeLogo),
  remove: mutation(themeIdInput, removedResult),
} satisfies RouterContract;
