// The UI palette as named roles (WCAG 2.2 AA, 1.4.3 and 1.4.11): every text role with the grounds it is drawn on,
// in light and dark, and the ratio it must reach there. Roles marked `css` are also custom properties in
// styles.css (`--color-<role>`, utilities `text-<role>`, `border-<role>`), switched by `.dark`; the unit test
// tests/unit/ui/design-tokens.test.ts computes every pair from Tailwind's own palette and checks styles.css
// against this table, so a new role or ground cannot fail silently.

/** A Tailwind palette colour (`zinc-600`), or one at an alpha over another (`indigo-500/10` over `zinc-950`). */
export type Paint = string | { paint: string; alpha: number; over: string };

export interface Scheme<T> {
  light: T;
  dark: T;
}

/** The surfaces text sits on. */
export const GROUNDS = {
  page: { light: 'white', dark: 'zinc-950' },
  card: { light: 'white', dark: 'zinc-900' },
  subtle: { light: 'zinc-50', dark: { paint: 'zinc-900', alpha: 0.6, over: 'zinc-950' } },
  sunken: { light: 'zinc-100', dark: 'zinc-800' },
  'sunken-card': { light: 'zinc-100', dark: { paint: 'zinc-800', alpha: 0.6, over: 'zinc-900' } },
  'brand-tint': { light: 'indigo-50', dark: { paint: 'indigo-500', alpha: 0.1, over: 'zinc-950' } },
  'brand-tint-card': { light: { paint: 'indigo-50', alpha: 0.6, over: 'white' }, dark: { paint: 'indigo-500', alpha: 0.15, over: 'zinc-900' } },
  'danger-tint': { light: 'red-50', dark: { paint: 'red-500', alpha: 0.1, over: 'zinc-950' } },
  'success-tint': { light: 'emerald-50', dark: { paint: 'emerald-500', alpha: 0.1, over: 'zinc-950' } },
  'warning-tint': { light: 'amber-50', dark: { paint: 'amber-500', alpha: 0.1, over: 'zinc-950' } },
  brand: { light: 'indigo-600', dark: 'indigo-500' },
} as const satisfies Record<string, Scheme<Paint>>;

export type Ground = keyof typeof GROUNDS;

const NEUTRAL: readonly Ground[] = ['page', 'card', 'subtle', 'sunken', 'sunken-card', 'brand-tint', 'brand-tint-card'];

export interface Role extends Scheme<string> {
  /** 4.5 for text, 3 for large text and the parts of controls (borders, rings, icons that carry meaning). */
  ratio: 4.5 | 3;
  on: readonly Ground[];
  /** Also a custom property of styles.css. */
  css?: true;
}

export const ROLES = {
  /** Body text and headings. */
  fg: { light: 'zinc-900', dark: 'zinc-100', ratio: 4.5, on: NEUTRAL },
  /** Secondary text: table cells, descriptions beside a heading. */
  secondary: { light: 'zinc-700', dark: 'zinc-300', ratio: 4.5, on: NEUTRAL },
  /** Quiet text: hints, dates, counts, group labels, placeholders; also on the status tints. */
  muted: { light: 'zinc-600', dark: 'zinc-400', ratio: 4.5, on: [...NEUTRAL, 'danger-tint', 'success-tint', 'warning-tint'], css: true },
  /** A disabled control's label (exempt from 1.4.3, held to it anyway). */
  disabled: { light: 'zinc-500', dark: 'zinc-400', ratio: 4.5, on: ['page', 'card', 'subtle'] },
  link: { light: 'indigo-700', dark: 'indigo-300', ratio: 4.5, on: NEUTRAL },
  danger: { light: 'red-700', dark: 'red-300', ratio: 4.5, on: ['page', 'card', 'subtle', 'danger-tint'] },
  success: { light: 'emerald-700', dark: 'emerald-300', ratio: 4.5, on: ['page', 'card', 'subtle', 'success-tint'] },
  warning: { light: 'amber-800', dark: 'amber-200', ratio: 4.5, on: ['page', 'card', 'subtle', 'warning-tint'] },
  /** Text on a filled brand button. */
  'on-brand': { light: 'white', dark: 'white', ratio: 4.5, on: ['brand'] },
  /** A text field's, checkbox's or switch's edge against its ground. */
  field: { light: 'zinc-500', dark: 'zinc-500', ratio: 3, on: ['page', 'card', 'subtle'], css: true },
  /** The focus ring (2.4.7 and 2.4.13's contrast). */
  focus: { light: 'indigo-600', dark: 'indigo-400', ratio: 3, on: ['page', 'card', 'subtle', 'sunken', 'brand-tint'] },
} as const satisfies Record<string, Role>;

export type RoleName = keyof typeof ROLES;
