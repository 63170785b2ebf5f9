// A miniature newsletter drawn from a theme's own colours and fonts: the picker's "sample preview".
import { readableOrInk } from '../../../shared/colour';
import type { ThemeMeta } from '../../../shared/themes';

/** The first family of a CSS font stack, without quotes: "'Helvetica Neue', Arial" -> "Helvetica Neue". */
export function fontName(stack: string): string {
  return (stack.split(',')[0] ?? stack).trim().replace(/^['"]|['"]$/g, '');
}

export function ThemeSwatch({ theme }: { theme: ThemeMeta }) {
  const accent = theme.accentColor ?? theme.primaryColor;
  const titleFont = theme.titleFontFamily ?? theme.fontFamily;
  // As the e-mail does (newsletter/palette.ts): each colour nudged until it reads on the other at 4.5:1.
  const onPrimary = readableOrInk(theme.secondaryColor, theme.primaryColor);
  const onSecondary = readableOrInk(theme.primaryColor, theme.secondaryColor);
  return (
    <div
      aria-hidden
      className="h-36 overflow-hidden rounded-lg border border-black/5"
      style={{ background: theme.secondaryColor, fontFamily: theme.fontFamily }}
    >
      <div className="flex items-center justify-between px-3 py-2" style={{ background: theme.primaryColor, color: onPrimary }}>
        <span className="truncate text-sm font-bold" style={{ fontFamily: titleFont }}>
          {theme.name}
        </span>
        <span className="shrink-0 text-[10px]">Issue #1</span>
      </div>
      <div className="h-1" style={{ background: accent }} />
      <div className="space-y-1.5 px-3 py-2.5" style={{ color: onSecondary }}>
        <p className="line-clamp-2 text-xs leading-snug font-semibold" style={{ fontFamily: titleFont }}>
          {theme.preview}
        </p>
        <div className="flex gap-2">
          <div className="h-9 w-12 shrink-0 rounded" style={{ background: accent, opacity: 0.35 }} />
          <div className="flex-1 space-y-1 pt-0.5">
            <div className="h-1.5 w-full rounded-full" style={{ background: theme.primaryColor, opacity: 0.25 }} />
            <div className="h-1.5 w-4/5 rounded-full" style={{ background: theme.primaryColor, opacity: 0.25 }} />
            <div className="h-1.5 w-3/5 rounded-full" style={{ background: theme.primaryColor, opacity: 0.25 }} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** Colour dots with the hex values as their accessible description. */
export function ColourDots({ theme }: { theme: ThemeMeta }) {
  const colours = [theme.primaryColor, theme.secondaryColor, ...(theme.accentColor ? [theme.accentColor] : [])];
  return (
    <span className="flex items-center gap-1" role="img" aria-label={`Colours ${colours.join(', ')}`}>
      {colours.map((c) => (
        <span key={c} title={c} className="size-4 rounded-full ring-1 ring-inset ring-black/15 dark:ring-white/20" style={{ background: c }} />
      ))}
    </span>
  );
}
