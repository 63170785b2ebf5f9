// The accent a reader's page draws links and buttons in: whatever colour a theme has (near-white,
// yellow, mid-grey, near-black), it reads at WCAG AA on the page and its cards in light and dark, and the
// text on a button filled with it reads too.
import { describe, it, expect } from 'vitest';
import { accentColors } from '../../../src/server/readers/pages/reader-brand';
import { contrast } from '../../../src/server/newsletter/palette';
import { READER_GROUNDS } from '../../../src/shared/schemas/readers';

describe('reader accent', () => {
  it.each(['#ffd400', '#f4efe1', '#808080', '#777777', '#1a1a1a', '#0b3d2e', '#ff6f61', '#4338ca', '#ffffff', '#000000'])(
    '%s reads as text and as a button in light and dark',
    (color) => {
      const { light, dark } = accentColors(color);
      for (const ground of READER_GROUNDS.light) expect(contrast(light.accent, ground), `light on ${ground}`).toBeGreaterThanOrEqual(4.5);
      for (const ground of READER_GROUNDS.dark) expect(contrast(dark.accent, ground), `dark on ${ground}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light.onAccent, light.accent)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark.onAccent, dark.accent)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a colour that already reads as it is', () => {
    expect(accentColors('#0b5394').light).toEqual({ accent: '#0b5394', onAccent: '#ffffff' });
    expect(accentColors('#a5b4fc').dark.accent).toBe('#a5b4fc');
  });
});
