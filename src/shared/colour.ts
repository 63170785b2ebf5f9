// Colour arithmetic on #rrggbb strings (WCAG 2 relative luminance and contrast), shared by the e-mail palettes,
// the reader pages' brand and the client's theme swatches.

export type Rgb = [number, number, number];

export function rgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

export function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes a toward b by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * t) as Rgb);
}

export function luminance(c: string): number {
  const [r, g, b] = rgb(c).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Moves fg toward black or white (whichever is away from bg) until it reaches the ratio. */
export function readable(fg: string, bg: string, ratio = 4.5): string {
  if (contrast(fg, bg) >= ratio) return fg;
  const target = luminance(bg) > 0.4 ? '#000000' : '#ffffff';
  for (let t = 0.1; t <= 1; t += 0.1) {
    const c = mix(fg, target, t);
    if (contrast(c, bg) >= ratio) return c;
  }
  return target;
}

/** The first of fg's steps toward black or white that reads on every one of `bgs` (text drawn on more than one ground). */
export function readableOn(fg: string, bgs: readonly string[], ratio = 4.5): string {
  let c = fg;
  for (const bg of bgs) c = readable(c, bg, ratio);
  return bgs.every((bg) => contrast(c, bg) >= ratio) ? c : readable(fg, bgs[0]!, ratio);
}

/** fg nudged until it reads on bg; black or white, whichever reads better, when no step of fg does. */
export function readableOrInk(fg: string, bg: string, ratio = 4.5): string {
  const c = readable(fg, bg, ratio);
  if (contrast(c, bg) >= ratio) return c;
  return contrast('#000000', bg) > contrast('#ffffff', bg) ? '#000000' : '#ffffff';
}
