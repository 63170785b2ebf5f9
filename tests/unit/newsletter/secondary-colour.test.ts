// The secondary brand colour is what the theme card and the builder show it as: the page tint around
// the issue and the band the footer sits on (so it shows on phones, where the column fills the screen),
// darkened under the dark-mode rules; its text stays readable on it. Built-in themes and saved
// themes alike.
import { describe, expect, it } from 'vitest';
import { assembleNewsletter } from '../../../src/server/newsletter/assemble';
import { contrast, paletteFor } from '../../../src/server/newsletter/palette';
import { readHtml } from '../../../src/server/precheck/html';
import { readsInBothModes } from '../../../src/server/precheck/precheck';
import { getTheme } from '../../../src/shared/themes';
import { savedThemeMeta, type ThemeBrand } from '../../../src/shared/schemas/themes';
import { assembleInput, type ColorTheme } from '../../../src/shared/schemas/newsletter';
import { inspect, sampleArticles } from './helpers';

const ctx = { user: { role: 'user', planType: 'enterprise' }, env: { APP_URL: 'https://app.example.com' }, now: () => new Date('2026-11-21T09:00:00Z') };

const brand: ThemeBrand = {
  name: 'Field Notes',
  baseThemeId: 'modern',
  colors: { primary: '#123c69', secondary: '#ffe3b3', accent: '#0e7490', background: '#ffffff', text: '#1b1b2f', link: '#123c69' },
  titleFont: 'georgia',
  bodyFont: 'arial',
  headerStyle: 'minimal',
  cardStyle: 'minimal',
  footerText: 'Written in Leeds',
  kicker: '',
  logo: null,
};

function render(themeId: string, colorTheme: ColorTheme, theme = getTheme(themeId)) {
  return assembleNewsletter(ctx, assembleInput.parse({ newsletterName: 'Field Notes', themeId, articles: sampleArticles(3), colorTheme }), {
    personalized: true,
    theme,
  }).html;
}

/** The background the footer's text sits on, in light rendering and under the dark rules. */
function footerGround(html: string) {
  const run = readHtml(html).texts.find((t) => t.text.startsWith('You are receiving this email'));
  expect(run).toBeTruthy();
  return run!;
}

describe('the secondary colour in the issue', () => {
  it("a saved theme's secondary colour tints the page and carries the footer, light and dark", () => {
    const meta = savedThemeMeta('custom-fieldnotes1', brand)!;
    const html = render(meta.id, 'light', meta);
    const { all } = inspect(html);
    const body = all.find((e) => e.name === 'body')!;
    expect(body.attribs.style).toContain('background-color:#ffe3b3');
    const footer = footerGround(html);
    expect(footer.light.bg).toBe('#ffe3b3');
    // Under the dark rules the band is the secondary colour darkened, not the page's or the column's.
    const dark = paletteFor(meta, 'dark');
    expect(footer.dark.bg).toBe(dark.secondary);
    expect(dark.secondary).not.toBe(dark.page);
    expect(dark.secondary).not.toBe(dark.surface);
    expect(contrast(footer.light.fg, footer.light.bg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(footer.dark.fg, footer.dark.bg)).toBeGreaterThanOrEqual(4.5);
    expect(readsInBothModes(html)).toBe(true);
    // The stories keep the chosen background.
    expect(html).toContain('background-color:#ffffff');
  });

  it('a different secondary colour changes the rendered issue (the field is used, not only stored)', () => {
    const a = savedThemeMeta('custom-fieldnotes1', brand)!;
    const b = savedThemeMeta('custom-fieldnotes1', { ...brand, colors: { ...brand.colors, secondary: '#d8f3e6' } })!;
    for (const mode of ['light', 'dark'] as const) expect(render(a.id, mode, a)).not.toBe(render(b.id, mode, b));
    expect(render(b.id, 'light', b)).toContain('#d8f3e6');
  });

  it("built-in themes close on their own secondary colour's band, readable on phones and in dark mode", () => {
    for (const id of ['newsprint', 'modern', 'morning-brief']) {
      const theme = getTheme(id)!;
      const light = footerGround(render(id, 'light'));
      expect(light.light.bg, id).toBe(paletteFor(theme, 'light').secondary);
      expect(paletteFor(theme, 'light').secondary).toBe(theme.secondaryColor);
      const dark = footerGround(render(id, 'dark'));
      expect(dark.dark.bg, id).toBe(paletteFor(theme, 'dark').secondary);
      expect(dark.light.bg, `${id} in the dark colour theme`).toBe(paletteFor(theme, 'dark').secondary);
    }
  });
});
