// Saved themes' web fonts: an issue whose theme uses them carries @font-face rules for the product's own
// /fonts files (both weights), the font first in its stack with the fallback after it, and tells Outlook
// for Windows to use the fallback; the files are served to any origin, and only those files.
import { describe, it, expect } from 'vitest';
import { harnessWithAdmin } from '../../helpers/app';
import { savedThemeMeta } from '../../../src/shared/schemas/themes';
import { EMAIL_FONTS } from '../../../src/shared/email-fonts';
import { houseBrand } from '../../fixtures/themes';
import { renderSaved } from './support';

const theme = (titleFont: 'merriweather' | 'georgia', bodyFont: 'source-sans' | 'verdana') =>
  savedThemeMeta('custom-webfonts1', houseBrand({ titleFont, bodyFont }))!;
const render = renderSaved;

describe('web fonts in saved themes', () => {
  it('loads the chosen web fonts from the product, with the fallback for clients without them', () => {
    const issue = render(theme('merriweather', 'source-sans'));
    for (const font of ['merriweather', 'source-sans-3'])
      for (const w of [400, 700]) expect(issue.html).toContain(`src:url('https://app.example.com/fonts/${font}-latin-${w}-normal.woff2') format('woff2')`);
    expect(issue.html).toContain("font-family:'Merriweather';font-style:normal;font-weight:700");
    // Outlook for Windows gets the body font's fallback outright.
    expect(issue.html).toContain(
      `<!--[if mso]><style>body,table,td,th,p,a,span,div,h1,h2,h3,h4{font-family:${EMAIL_FONTS['source-sans'].web.fallback} !important}</style><![endif]-->`,
    );
    expect(issue.html).toMatch(/font-family:&#x27;Source Sans 3&#x27;, Arial, Helvetica, sans-serif/);
    // The web version loads them too, without Outlook's comment.
    expect(issue.webHtml).toContain('/fonts/merriweather-latin-400-normal.woff2');
    expect(issue.webHtml).not.toContain('[if mso]');
    // Stacks every client has need nothing loaded.
    expect(render(theme('georgia', 'verdana')).html).not.toContain('@font-face');
  });

  it('serves the font files to any origin, and nothing else under /fonts', async () => {
    const h = await harnessWithAdmin();
    const res = await h.app.request('/fonts/merriweather-latin-700-normal.woff2');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/woff2');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('wOF2');
    for (const bad of ['/fonts/package.json', '/fonts/merriweather-latin-300-normal.woff2', '/fonts/..%2F..%2Fpackage.json'])
      expect((await h.app.request(bad)).status).toBe(404);
  });
});
