// Article-card treatments (ThemeMeta.bodyStyle). A card renders one article; the layout places it in a
// full-width row (single) or a stacking half-width column (two-column, `narrow`).
import type { BodyStyle } from '../../shared/themes';
import type { Card } from './card-kit';
import { columnRules, kicker, numbered, minimal, editorial, letter } from './cards-print';
import { dataRows, boxed, accentBar, bubbles, postcard } from './cards-vivid';

export const CARDS: Record<BodyStyle, Card> = {
  'column-rules': columnRules,
  'data-rows': dataRows,
  kicker,
  boxed,
  'accent-bar': accentBar,
  bubbles,
  numbered,
  minimal,
  editorial,
  postcard,
  letter,
};

/** Vertical space between cards, per treatment (compact data rows, airy minimal ...). */
export const CARD_GAP: Record<BodyStyle, number> = {
  'column-rules': 22,
  'data-rows': 0,
  kicker: 22,
  boxed: 16,
  'accent-bar': 26,
  bubbles: 16,
  numbered: 18,
  minimal: 30,
  editorial: 30,
  postcard: 18,
  letter: 20,
};
