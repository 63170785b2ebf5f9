// Colour palettes for a theme in each colour theme (light, dark, colorful), with contrast kept at
// WCAG AA for body text: headings and links are nudged toward black or white until they read.
import type { ColorTheme } from '../../shared/schemas/newsletter';
import type { BrandColors, ThemeMeta } from '../../shared/themes';
import { contrast, mix, readable, readableOn } from '../../shared/colour';

export interface Palette {
  /** Page background around the 600 px column. */
  page: string;
  /** The column's own background. */
  surface: string;
  /** Card background (tinted in colorful). */
  card: string;
  text: string;
  muted: string;
  heading: string;
  link: string;
  border: string;
  accent: string;
  /** The accent as small text on the surface (WCAG AA). */
  accentText: string;
  /** Text drawn on an accent background. */
  onAccent: string;
  /** Solid masthead block colours (themes with an inverse masthead). */
  band: string;
  onBand: string;
  primary: string;
  /** The secondary brand colour: the page tint around the column and the footer's band (darkened in dark mode). */
  secondary: string;
  /** Footer text on the secondary band (WCAG AA). */
  onSecondary: string;
  dark: boolean;
  mode: ColorTheme;
}

export { contrast, mix, readable, readableOn };

/**
 * The solid block of the primary colour (mastheads, buttons, the colourful footer) that small text reads
 * on at 4.5:1: a light primary keeps near-black text; a mid-tone that white text was meant for (3:1 or
 * more, e.g. a coral) is darkened until white reads.
 */
function bandOf(primary: string): string {
  const white = contrast('#ffffff', primary);
  if (white >= 4.5 || white < 3) return primary;
  for (let t = 0.05; t < 1; t += 0.05) {
    const d = mix(primary, '#000000', t);
    if (contrast('#ffffff', d) >= 4.5) return d;
  }
  return '#000000';
}

/** Best text colour on a solid background; white wins once it reaches `whiteAt` (3 suits large text). */
export function onColor(bg: string, whiteAt = Number.POSITIVE_INFINITY): string {
  const white = contrast('#ffffff', bg);
  return white >= whiteAt || white >= contrast('#111111', bg) ? '#ffffff' : '#111111';
}

const PAPER = new Set(['newsprint', 'the-capitol-digest', 'finance', 'lifestyle']);

const cache = new Map<string, Palette>();

export function paletteFor(theme: ThemeMeta, mode: ColorTheme): Palette {
  // A saved theme can change at any time: its palette is worked out on each render (microseconds).
  if (theme.brand) return withBrand(derive(theme, mode), theme.brand, mode, !!theme.inkTitles);
  const key = `${theme.id}:${mode}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const p = derive(theme, mode);
  cache.set(key, p);
  return p;
}

/**
 * A saved theme's own colours: in light rendering its background, text and link are used as chosen
 * (saving refuses pairs below WCAG AA, `brandContrast`); in colourful rendering the cards stay white and
 * take its text and link; in dark rendering the page stays dark and its link is lightened until it reads.
 */
function withBrand(p: Palette, brand: BrandColors, mode: ColorTheme, ink: boolean): Palette {
  if (mode === 'dark') return { ...p, link: readable(mix(brand.link, '#ffffff', 0.2), p.card) };
  if (mode === 'colorful') {
    const text = readable(brand.text, p.card);
    return { ...p, text, link: readable(brand.link, p.card), heading: ink ? text : p.heading };
  }
  // The page around the column keeps the secondary colour (the builder's "page tint around the issue").
  return {
    ...p,
    surface: brand.background,
    card: brand.background,
    text: brand.text,
    link: brand.link,
    heading: ink ? brand.text : readable(p.primary, brand.background),
  };
}

/** The WCAG 2.1 contrast of a saved theme's chosen pairs in light rendering (text and links need 4.5:1, headings 3:1). */
export function brandContrast(colors: { primary: string; background: string; text: string; link: string }) {
  const pairs: [string, string, string, number][] = [
    ['Text on the background', colors.text, colors.background, 4.5],
    ['Links on the background', colors.link, colors.background, 4.5],
    ['Headings (primary colour) on the background', colors.primary, colors.background, 3],
  ];
  return pairs.map(([pair, fg, bg, needs]) => {
    // Rounded down, so a pair shown as 4.50:1 really reaches 4.5.
    const ratio = Math.floor(contrast(fg, bg) * 100) / 100;
    return { pair, ratio, needs, ok: ratio >= needs };
  });
}

/**
 * A theme with `inkTitles` draws its titles at full contrast: in the text colour (or darker) on light
 * grounds, lighter than the text on dark ones, so no title reads fainter than the summary under it.
 */
function withInkTitles(p: Palette): Palette {
  return { ...p, heading: p.dark ? mix(p.text, '#ffffff', 0.6) : p.text };
}

function derive(theme: ThemeMeta, mode: ColorTheme): Palette {
  const p = deriveColors(theme, mode);
  return theme.inkTitles ? withInkTitles(p) : p;
}

function deriveColors(theme: ThemeMeta, mode: ColorTheme): Palette {
  const primary = theme.primaryColor;
  const secondary = theme.secondaryColor;
  const accent = theme.accentColor ?? primary;
  // The light modes' footer band and brand colours, the same in both.
  const lightBand = {
    band: bandOf(primary),
    onBand: onColor(bandOf(primary), 4.5),
    primary,
    secondary,
    onSecondary: readable('#5d6673', secondary),
    dark: false,
    mode,
  };
  let p: Palette;
  if (mode === 'dark') {
    const page = mix(primary, '#05070a', 0.86);
    const surface = mix(primary, '#0d1117', 0.82);
    const card = mix(primary, '#161b22', 0.78);
    const band = mix(primary, '#000000', 0.35);
    p = {
      page,
      surface,
      card,
      text: '#e6e8eb',
      // Light enough to read on the tinted dark cards too (bubbles), not only the plain one.
      muted: '#b4bcc6',
      // Titles keep the primary's tint but never read fainter than the text under them.
      heading: readable(mix(primary, '#ffffff', 0.55), card, Math.max(7, contrast('#e6e8eb', card))),
      link: readable(mix(accent, '#ffffff', 0.2), card),
      border: mix(primary, '#3a4350', 0.7),
      accent: readable(accent, surface, 3),
      onAccent: onColor(readable(accent, surface, 3)),
      accentText: readableOn(accent, [card, surface]),
      band: bandOf(band),
      onBand: onColor(bandOf(band), 4.5),
      primary,
      secondary: mix(secondary, '#0d1117', 0.85),
      onSecondary: readable('#b4bcc6', mix(secondary, '#0d1117', 0.85)),
      dark: true,
      mode,
    };
  } else if (mode === 'colorful') {
    // Colorful: tinted column, white cards that pop, a stronger page tint and a coloured footer band.
    const surface = mix(secondary, '#ffffff', 0.15);
    const card = '#ffffff';
    p = {
      page: mix(primary, '#ffffff', 0.7),
      surface,
      card,
      text: '#1f2328',
      // Cards are white but mastheads and kickers sit on the tinted column: text reads on both.
      muted: readableOn(mix(primary, '#6b7280', 0.6), [card, surface]),
      heading: readableOn(primary, [card, surface]),
      link: readableOn(primary, [card, surface]),
      border: mix(accent, '#ffffff', 0.55),
      accent,
      onAccent: onColor(accent),
      accentText: readableOn(accent, [card, surface]),
      ...lightBand,
    };
  } else {
    // Print-inspired themes sit on warm paper rather than white.
    const paper = PAPER.has(theme.id);
    const surface = paper ? mix(secondary, '#ffffff', 0.45) : '#ffffff';
    p = {
      page: paper ? mix(secondary, '#000000', 0.07) : secondary,
      surface,
      card: surface,
      text: '#1f2328',
      muted: '#5d6673',
      heading: readable(primary, surface),
      link: readable(primary, surface),
      border: mix(primary, '#ffffff', 0.82),
      accent,
      onAccent: onColor(accent),
      accentText: readable(accent, surface, 4.5),
      ...lightBand,
    };
  }
  return p;
}
