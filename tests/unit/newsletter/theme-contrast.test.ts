// Every built-in theme in every colour theme reads by the product's own pre-send contrast check, in
// light rendering and under the dark-mode rules: a creator who picks any of them never gets a
// "Hard to read" finding for text the product itself coloured.
import { describe, expect, it } from 'vitest';
import { assembleNewsletter } from '../../../src/server/newsletter/assemble';
import { contrast } from '../../../src/server/newsletter/palette';
import { readHtml } from '../../../src/server/precheck/html';
import { readsInBothModes } from '../../../src/server/precheck/precheck';
import { THEMES } from '../../../src/shared/themes';
import { COLOR_THEMES, FONT_STYLES, LAYOUT_STYLES, assembleInput } from '../../../src/shared/schemas/newsletter';
import { sampleArticles } from './helpers';

const admin = { user: { role: 'admin', planType: 'free' }, env: { APP_URL: 'https://app.example.com' }, now: () => new Date('2026-11-21T09:00:00Z') };

/** An issue with every part the renderer colours: intro, images, a text block with a link, a sign-off, the reader's footer. */
function render(
  themeId: string,
  colorTheme: (typeof COLOR_THEMES)[number],
  layoutStyle: (typeof LAYOUT_STYLES)[number],
  fontStyle: (typeof FONT_STYLES)[number],
) {
  const articles = sampleArticles(5, { images: true });
  return assembleNewsletter(
    admin,
    assembleInput.parse({
      newsletterName: 'The Weekly Signal',
      themeId,
      articles,
      colorTheme,
      layoutStyle,
      fontStyle,
      intro: 'This week: rail, budgets and the long road to the new line.',
      edits: {
        order: [],
        stories: [],
        blocks: [{ id: 'b1', after: articles[1]!.id, markdown: '## A word from us\n\nRead [the full report](https://example.com/report) and\n\n- one\n- two' }],
        preheader: '',
        signOff: 'See you next week,\nThe team',
      },
    }),
    { personalized: true },
  ).html;
}

/** The text runs below AA (4.5:1, 3:1 when large), as the pre-send check measures them. */
function failures(html: string): string[] {
  const out = new Set<string>();
  for (const t of readHtml(html).texts) {
    const needs = t.large ? 3 : 4.5;
    for (const mode of ['light', 'dark'] as const) {
      const ratio = Math.floor(contrast(t[mode].fg, t[mode].bg) * 100) / 100;
      if (ratio < needs) out.add(`${mode}: ${t[mode].fg} on ${t[mode].bg} ${ratio.toFixed(2)}:1 < ${needs} ("${t.text.slice(0, 30)}")`);
    }
  }
  return [...out];
}

describe('built-in themes pass the contrast check', () => {
  it.each(THEMES.flatMap((t) => COLOR_THEMES.map((c) => [t.id, c] as const)))(
    '%s in the %s colour theme reads in light and dark mode',
    (themeId, colorTheme) => {
      for (const layout of LAYOUT_STYLES) {
        for (const font of FONT_STYLES) {
          const html = render(themeId, colorTheme, layout, font);
          expect(failures(html), `${themeId}/${colorTheme}/${layout}/${font}`).toEqual([]);
          expect(readsInBothModes(html)).toBe(true);
        }
      }
    },
  );

  it('the walk covers all 18 themes in every colour theme, and the check it uses can fail', () => {
    expect(THEMES).toHaveLength(18);
    expect(COLOR_THEMES).toEqual(['light', 'dark', 'colorful']);
    const grey =
      '<html><body><table><tr><td style="background-color:#ffffff"><p style="color:#9a9a9a;font-size:14px">Faint</p></td></tr></table></body></html>';
    expect(failures(grey)).toHaveLength(2);
    expect(readsInBothModes(grey)).toBe(false);
  });
});
