// The fonts of email: the stacks every mail client has (the built-in themes use them), and the fonts a
// saved theme may choose among them, three web fonts with their fallback included.

export const SERIF = "Georgia, 'Times New Roman', Times, serif";
export const TIMES = "'Times New Roman', Times, Georgia, serif";
export const PALATINO = "'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif";
export const SANS = 'Arial, Helvetica, sans-serif';
export const HELVETICA = "'Helvetica Neue', Helvetica, Arial, sans-serif";
export const VERDANA = 'Verdana, Geneva, Tahoma, sans-serif';
export const TREBUCHET = "'Trebuchet MS', 'Lucida Grande', Tahoma, sans-serif";
export const MONO = "'Courier New', Courier, monospace";
export const IMPACT = "Impact, 'Arial Black', 'Arial Narrow', sans-serif";
export const BLACK = "'Arial Black', Arial, Helvetica, sans-serif";

/**
 * A web font a saved theme may use: loaded by clients that support @font-face (Apple Mail, iOS Mail,
 * Thunderbird, Outlook for Mac), from the product's own /fonts/<slug>-latin-<weight>-normal.woff2;
 * every other client shows the fallback stack (Outlook for Windows is told so explicitly).
 */
export interface WebFont {
  family: string;
  slug: string;
  fallback: string;
}

const webFont = (label: string, family: string, slug: string, fallback: string) => ({
  label,
  stack: `'${family}', ${fallback}`,
  web: { family, slug, fallback } satisfies WebFont,
});

/** The fonts a saved theme may use: stacks every mail client has, and three web fonts with their fallback. */
export const EMAIL_FONTS = {
  georgia: { label: 'Georgia (serif)', stack: SERIF },
  times: { label: 'Times New Roman (serif)', stack: TIMES },
  palatino: { label: 'Palatino (serif)', stack: PALATINO },
  arial: { label: 'Arial (sans-serif)', stack: SANS },
  helvetica: { label: 'Helvetica (sans-serif)', stack: HELVETICA },
  verdana: { label: 'Verdana (sans-serif)', stack: VERDANA },
  trebuchet: { label: 'Trebuchet MS (sans-serif)', stack: TREBUCHET },
  courier: { label: 'Courier New (monospace)', stack: MONO },
  impact: { label: 'Impact (display)', stack: IMPACT },
  'arial-black': { label: 'Arial Black (display)', stack: BLACK },
  merriweather: webFont('Merriweather (web font; Georgia where not supported)', 'Merriweather', 'merriweather', SERIF),
  lora: webFont('Lora (web font; Georgia where not supported)', 'Lora', 'lora', SERIF),
  'source-sans': webFont('Source Sans 3 (web font; Arial where not supported)', 'Source Sans 3', 'source-sans-3', SANS),
} as const;

/** The web fonts a font stack starts with (a saved theme's title or body font). */
export function webFontOf(stack: string | undefined): WebFont | null {
  if (!stack) return null;
  for (const f of Object.values(EMAIL_FONTS) as { stack: string; web?: WebFont }[]) if (f.web && f.stack === stack) return f.web;
  return null;
}
export type EmailFont = keyof typeof EMAIL_FONTS;
export const EMAIL_FONT_KEYS = Object.keys(EMAIL_FONTS) as [EmailFont, ...EmailFont[]];
