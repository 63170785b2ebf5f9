import { describe, it, expect } from 'vitest';
import { assembleNewsletter } from '../../../src/server/newsletter/assemble';
import { THEMES } from '../../../src/shared/themes';
import { COLOR_THEMES, LAYOUT_STYLES, GMAIL_CLIP_BYTES, assembleInput, type AssembleInput } from '../../../src/shared/schemas/newsletter';
import { MSG } from '../../../src/shared/messages';
import { type AppError } from '../../../src/server/errors';
import { sampleArticles, inspect } from './helpers';

const admin = { user: { role: 'admin', planType: 'free' }, env: { APP_URL: 'https://app.example.com' }, now: () => new Date('2026-11-21T09:00:00Z') };
const input = (o: Partial<AssembleInput> & Record<string, unknown>): AssembleInput =>
  assembleInput.parse({ newsletterName: 'The Weekly Signal', themeId: 'newsprint', articles: sampleArticles(6, { images: true }), ...o });

function checkEmail(html: string, label: string, layout: string) {
  const { byTag, all } = inspect(html);
  expect(byTag('script'), label).toHaveLength(0);
  expect(byTag('link'), label).toHaveLength(0);
  expect(
    all.some((e) => Object.keys(e.attribs).some((k) => k.startsWith('on'))),
    label,
  ).toBe(false);
  expect(byTag('table').length, label).toBeGreaterThan(5);
  expect(
    byTag('table').some((t) => t.attribs.width === '600' && /max-width:600px/.test(t.attribs.style ?? '')),
    label,
  ).toBe(true);
  for (const a of byTag('a')) expect(a.attribs.href, label).toMatch(/^https?:\/\//);
  // A story's picture without words from the feed is decoration beside its headline.
  for (const img of byTag('img')) expect(img.attribs.alt, label).toBe('');
  for (const tag of ['p', 'h1', 'h2', 'a']) for (const e of byTag(tag)) expect(e.attribs.style, `${label} <${tag}> inline style`).toBeTruthy();
  const styles = byTag('style');
  expect(styles, label).toHaveLength(1);
  const css = inspect(html)
    .byTag('style')[0]
    .children.map((c) => ('data' in c ? c.data : ''))
    .join('');
  expect(css).toContain('prefers-color-scheme:dark');
  expect(css).toContain('[data-ogsc]');
  expect(css).not.toMatch(/@import|@font-face|url\(/);
  const metas = byTag('meta').map((m) => m.attribs.name);
  expect(metas).toEqual(expect.arrayContaining(['color-scheme', 'supported-color-schemes']));
  const pre = all.find((e) => e.attribs['data-preheader'] !== undefined);
  expect(pre?.attribs.style, label).toMatch(/display:none/);
  expect(html).toContain('<!--[if mso]>');
  if (layout === 'two-column') {
    expect(html, label).toMatch(/<!--\[if mso\]><table role="presentation" width="\d+"[^>]*><tr><td width="\d+" valign="top"><!\[endif\]-->/);
    expect(all.filter((e) => (e.attribs.class ?? '').includes('nl-col')).every((e) => /display:inline-block/.test(e.attribs.style ?? ''))).toBe(true);
  } else {
    expect(all.some((e) => (e.attribs.class ?? '').includes('nl-col'))).toBe(false);
  }
}

describe('email rendering', () => {
  it('renders every theme x colour theme x layout (108 combinations) as email-safe HTML', () => {
    let n = 0;
    const seen = new Set<string>();
    for (const theme of THEMES) {
      for (const colorTheme of COLOR_THEMES) {
        for (const layoutStyle of LAYOUT_STYLES) {
          const r = assembleNewsletter(admin, input({ themeId: theme.id, colorTheme, layoutStyle }));
          checkEmail(r.html, `${theme.id}/${colorTheme}/${layoutStyle}`, layoutStyle);
          expect(r.metadata.theme).toBe(theme.id);
          seen.add(r.html);
          n += 1;
        }
      }
    }
    expect(n).toBe(108);
    expect(seen.size).toBe(108);
  });

  it('keeps a 20-article issue under the Gmail clip size in every theme, and flags an issue over it', () => {
    for (const theme of THEMES) {
      for (const layoutStyle of LAYOUT_STYLES) {
        const r = assembleNewsletter(admin, input({ themeId: theme.id, layoutStyle, articles: sampleArticles(20, { images: true }) }));
        expect(r.metadata.htmlBytes, theme.id).toBe(Buffer.byteLength(r.html));
        expect(r.metadata.htmlBytes, `${theme.id} ${layoutStyle}`).toBeLessThan(GMAIL_CLIP_BYTES);
        expect(r.metadata.overGmailLimit).toBe(false);
      }
    }
    const big = assembleNewsletter(admin, input({ articles: sampleArticles(100, { summaryWords: 150 }) }));
    expect(big.metadata.htmlBytes).toBeGreaterThan(GMAIL_CLIP_BYTES);
    expect(big.metadata.overGmailLimit).toBe(true);
  });

  it('renders hostile article text inert and drops unsafe links and images', () => {
    const r = assembleNewsletter(
      admin,
      input({
        articles: [
          {
            id: 'x',
            title: '<script>alert(1)</script> Breaking',
            summary: '<img src=x onerror=alert(1)> hello',
            url: 'javascript:alert(1)',
            imageUrl: 'data:image/png;base64,AAAA',
            source: '<b>Evil</b>',
          },
          { id: 'y', title: 'Relative', summary: 's', url: '/relative/path', imageUrl: 'javascript:alert(2)' },
          { id: 'z', title: 'Good', summary: 's', url: 'https://ok.example.com/a?b=1&c=2' },
        ],
      }),
    );
    const { byTag, text } = inspect(r.html);
    expect(byTag('script')).toHaveLength(0);
    expect(byTag('img')).toHaveLength(0);
    expect(byTag('b')).toHaveLength(0);
    expect(text).toContain('<script>alert(1)</script> Breaking');
    expect(text).toContain('<img src=x onerror=alert(1)> hello');
    const hrefs = byTag('a').map((a) => a.attribs.href);
    expect(hrefs).toContain('https://ok.example.com/a?b=1&c=2');
    expect(hrefs.every((h) => /^https?:\/\//.test(h))).toBe(true);
    expect(r.html).not.toMatch(/javascript:|\/relative\/path/);
    expect(r.text).not.toMatch(/javascript:/);
  });

  it('applies the spec article defaults and drops articles with neither id nor title', () => {
    const r = assembleNewsletter(admin, input({ articles: [{ summary: 'orphan' }, { id: 'only-id' }] }));
    expect(r.metadata.articleCount).toBe(1);
    const { text } = inspect(r.html);
    expect(text).toContain('Untitled Article');
    expect(text).toContain('No summary available');
    expect(text).toContain('Unknown Source');
    expect(text).not.toContain('orphan');
  });

  it('honours font style, branding and the defaults (normal, single, light)', () => {
    const d = assembleInput.parse({ newsletterName: 'N', themeId: 'modern', articles: sampleArticles(2) });
    expect([d.fontStyle, d.layoutStyle, d.colorTheme, d.includeBranding]).toEqual(['normal', 'single', 'light', true]);
    const italic = assembleNewsletter(admin, input({ fontStyle: 'italic' }));
    const bold = assembleNewsletter(admin, input({ fontStyle: 'bold' }));
    expect(italic.html).toMatch(/font-style:italic/);
    expect(bold.html).toMatch(/font-weight:900/);
    const creator = { ...admin, user: { role: 'user', planType: 'professional' } };
    const branded = assembleNewsletter(creator, input({}));
    expect(branded.html).toContain('Made with <strong>Curated</strong>');
    expect(branded.html).toContain('href="https://app.example.com"');
    expect(branded.text).toContain('Made with Curated');
    const plain = assembleNewsletter(creator, input({ includeBranding: false }));
    expect(plain.html).not.toContain('Made with');
    expect(plain.text).not.toContain('Made with Curated');
    // White-label (Enterprise, and staff): never the product's line, even when asked for.
    for (const user of [admin.user, { role: 'user', planType: 'enterprise' }]) {
      const white = assembleNewsletter({ ...admin, user }, input({ includeBranding: true }));
      expect(white.html).not.toContain('Curated');
      expect(white.text).not.toContain('Curated');
    }
  });

  it("produces a web version without Outlook comments or preheader, and a plain-text part with each story's link under it", () => {
    const r = assembleNewsletter(admin, input({ layoutStyle: 'two-column' }));
    expect(r.webHtml).not.toContain('[if mso]');
    expect(inspect(r.webHtml).all.some((e) => e.attribs['data-preheader'] !== undefined)).toBe(false);
    expect(r.webHtml).toContain('The Weekly Signal');
    expect(r.text).toMatch(/^THE WEEKLY SIGNAL\n/);
    expect(r.text).toContain('1. Story 1: regulators approve');
    expect(r.text).toMatch(/\n1\. Story 1: regulators approve[^]*?\n {3}https:\/\/news\.example\.com\/stories\/1\n\n2\. Story 2:/);
    expect(r.text).not.toMatch(/<[a-z]/i);
    expect(r.subject).toBe('The Weekly Signal: Story 1: regulators approve the new regional rail link after years of debate');
    expect(r.preview.startsWith('In this issue: ')).toBe(true);
    expect(r.metadata.wordCount).toBeGreaterThan(6 * 40);
    expect(r.metadata.estimatedReadTime).toMatch(/^\d+ min read$/);
  });

  it('rejects missing fields, unknown themes and themes above the plan', () => {
    const err = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e as AppError;
      }
      throw new Error('expected an error');
    };
    const missing = err(() => assembleNewsletter(admin, input({ newsletterName: '  ' })));
    expect([missing.code, missing.message]).toEqual(['BAD_REQUEST', MSG.assemblyMissing]);
    expect(err(() => assembleNewsletter(admin, input({ articles: [] }))).message).toBe(MSG.assemblyMissing);
    expect(err(() => assembleNewsletter(admin, input({ themeId: undefined }))).message).toBe(MSG.assemblyMissing);
    expect(err(() => assembleNewsletter(admin, input({ themeId: 'vaporwave' }))).code).toBe('BAD_REQUEST');
    const free = { ...admin, user: { role: 'user', planType: 'free' } };
    const denied = err(() => assembleNewsletter(free, input({ themeId: 'newsprint' })));
    expect(denied.code).toBe('FORBIDDEN');
    expect(denied.message).toContain('Pro plan');
    expect(err(() => assembleNewsletter({ ...admin, user: null }, input({ themeId: 'the-capitol-digest' }))).message).toContain('Business plan');
    expect(assembleNewsletter(free, input({ themeId: 'market-watch' })).metadata.theme).toBe('market-watch');
  });
});
