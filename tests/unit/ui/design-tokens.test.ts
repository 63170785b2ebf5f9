// Every text/ground pair of the UI palette reaches its WCAG ratio in light and dark, computed from Tailwind's own
// palette (node_modules/tailwindcss/theme.css, OKLCH converted to sRGB); styles.css declares the table's tokens.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GROUNDS, ROLES, type Paint } from '../../../src/client/lib/design-tokens';
import { contrast, hex } from '../../../src/shared/colour';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const THEME_CSS = fs.readFileSync(path.join(ROOT, 'node_modules/tailwindcss/theme.css'), 'utf8');
const STYLES = fs.readFileSync(path.join(ROOT, 'src/client/styles.css'), 'utf8');

type Rgb = [number, number, number];

/** OKLCH to gamma-encoded sRGB in 0..1 (clipped to the gamut, as a browser shows it). */
function oklchToRgb(l: number, c: number, hDeg: number): Rgb {
  const h = (hDeg * Math.PI) / 180;
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const lin = [
    4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
    -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
    -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3,
  ];
  return lin.map((v) => {
    const x = Math.min(1, Math.max(0, v));
    return x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
  }) as Rgb;
}

/** A palette name (`zinc-600`, `white`) as sRGB, read from Tailwind's theme. */
function shade(name: string): Rgb {
  const m = new RegExp(`--color-${name}:\\s*([^;]+);`).exec(THEME_CSS);
  if (!m) throw new Error(`--color-${name} is not in Tailwind's palette`);
  const value = m[1]!.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as Rgb;
  }
  const ok = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+|none)\)$/.exec(value);
  if (!ok) throw new Error(`--color-${name}: cannot read ${value}`);
  return oklchToRgb(Number(ok[1]) / 100, Number(ok[2]), ok[3] === 'none' ? 0 : Number(ok[3]));
}

function paint(p: Paint): Rgb {
  if (typeof p === 'string') return shade(p);
  const [top, under] = [shade(p.paint), shade(p.over)];
  return top.map((v, i) => v * p.alpha + under[i]! * (1 - p.alpha)) as Rgb;
}

/** The WCAG ratio of two colours as the screen draws them (8 bits a channel). */
function ratio(a: Rgb, b: Rgb) {
  const toHex = (c: Rgb) => hex(c.map((v) => v * 255) as Rgb);
  return contrast(toHex(a), toHex(b));
}

describe('the UI palette', () => {
  it('reads Tailwind colours the way a browser shows them', () => {
    // Known sRGB renderings of Tailwind 4's zinc, as axe-core reports them in the browser.
    expect(ratio(shade('zinc-400'), shade('white'))).toBeCloseTo(2.62, 1);
    expect(ratio(shade('zinc-500'), paint({ paint: 'zinc-900', alpha: 0.6, over: 'zinc-950' }))).toBeCloseTo(3.87, 1);
  });

  const pairs = Object.entries(ROLES).flatMap(([role, r]) =>
    (['light', 'dark'] as const).flatMap((scheme) => r.on.map((ground) => ({ role, scheme, ground, need: r.ratio, fg: r[scheme] }))),
  );

  it.each(pairs)('$role on $ground in $scheme reaches $need:1', ({ scheme, ground, need, fg }) => {
    const got = ratio(shade(fg), paint(GROUNDS[ground][scheme]));
    expect(Math.round(got * 100) / 100, `${fg} on ${JSON.stringify(GROUNDS[ground][scheme])}`).toBeGreaterThanOrEqual(need);
  });

  it('styles.css declares every css token with the table values, light in @theme and dark under .dark', () => {
    const theme = /@theme \{([\s\S]*?)\n\}/.exec(STYLES)?.[1] ?? '';
    const dark = /\n\.dark \{([^}]*)\}/.exec(STYLES)?.[1] ?? '';
    for (const [name, r] of Object.entries(ROLES)) {
      if (!('css' in r)) continue;
      expect(theme, `--color-${name} in @theme`).toContain(`--color-${name}: var(--color-${r.light});`);
      expect(dark, `--color-${name} under .dark`).toContain(`--color-${name}: var(--color-${r.dark});`);
    }
    // The focus ring (styles.css's accessibility block) is the table's focus role in each scheme.
    expect(STYLES).toMatch(new RegExp(`:root \\{\\s*--focus-ring: var\\(--color-${ROLES.focus.light}\\);`));
    expect(STYLES).toMatch(new RegExp(`\\.dark \\{\\s*--focus-ring: var\\(--color-${ROLES.focus.dark}\\);`));
  });
});
