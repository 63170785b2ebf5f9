// Saved themes (spec §3 Theme entity, §6 customThemes/maxCustomThemes): started from a built-in theme,
// their colours reach every part of the rendered email; colour pairs below WCAG AA are refused with the
// measured ratio; the plan's cap holds under simultaneous saves; a publication uses its owner's saved
// theme in the workflow, the preview and sends, and nobody else's.
// @postgres
import { describe, it, expect } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { customThemes } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { THEME_MSG } from '../../../src/server/themes/custom-themes';
import { themeMetaOf } from '../../../src/server/newsletter/saved-theme';
import { contrast, paletteFor } from '../../../src/server/newsletter/palette';
import { CAPABILITIES } from '../../../src/shared/plans';
import { getTheme } from '../../../src/shared/themes';
import { houseBrand } from '../../fixtures/themes';
import { buildArticle, buildChannel, expectStatus } from '../workflow/factories';
import { times, together } from '../concurrency/support';

const newsprint = getTheme('newsprint')!;

const brand = houseBrand;

async function professional() {
  const h = await harnessWithAdmin({ env: { RATE_LIMITS: 'off' } });
  const user = await h.insertUser({ planType: 'professional' });
  return { h, user, api: h.caller(user) };
}

describe('a saved theme in the renderer', () => {
  it('built from Newsprint with other colours, renders those colours and fonts in every part of the email, light and colourful', async () => {
    const { api } = await professional();
    const light = await api.themes.preview({ brand: brand(), colorTheme: 'light' });
    const html = light.html.toLowerCase();
    // Masthead (primary), page and column (background), body text, links, accent, fonts, footer line.
    for (const c of ['#123c69', '#fdfbf7', '#1b1b2f', '#0b5394', '#ac3b61']) expect(html, c).toContain(c);
    expect(light.html).toContain('Palatino');
    expect(light.html).toContain('Verdana');
    expect(light.html).toContain('Printed with care in Leeds.');
    // The plain-text part carries the footer line too.
    expect(light.text).toContain('Printed with care in Leeds.');
    // None of Newsprint's own colours is left.
    for (const c of [newsprint.primaryColor, newsprint.secondaryColor, newsprint.accentColor!]) expect(html, c).not.toContain(c.toLowerCase());
    expect(light.contrast.every((c) => c.ok)).toBe(true);
    expect(light.metadata.overGmailLimit).toBe(false);

    const colourful = await api.themes.preview({ brand: brand(), colorTheme: 'colorful' });
    expect(colourful.html.toLowerCase()).toContain('#123c69');
  });

  it('keeps text readable in dark rendering: a dark-blue link is lightened to at least 4.5:1 on the dark card', async () => {
    const { api } = await professional();
    const dark = await api.themes.preview({ brand: brand({ colors: { ...brand().colors, link: '#0b1f66' } }), colorTheme: 'dark' });
    const { card, link } = paletteFor(themeMetaOf({ id: 'custom-preview-test', brand: brand({ colors: { ...brand().colors, link: '#0b1f66' } }) })!, 'dark');
    expect(contrast('#0b1f66', card)).toBeLessThan(2);
    expect(contrast(link, card)).toBeGreaterThanOrEqual(4.5);
    expect(dark.html.toLowerCase()).toContain(link);
  });
});

describe('contrast', () => {
  it('refuses text below WCAG AA with the measured ratio, and the preview reports it without refusing', async () => {
    const { api } = await professional();
    const grey = brand({ colors: { ...brand().colors, text: '#9a9a9a', background: '#ffffff' } });
    const ratio = Math.floor(contrast('#9a9a9a', '#ffffff') * 100) / 100;
    expect(ratio).toBeLessThan(4.5);
    await expectStatus(api.themes.save({ brand: grey }), 400, THEME_MSG.contrast('Text on the background', ratio, 4.5));
    const preview = await api.themes.preview({ brand: grey, colorTheme: 'light' });
    expect(preview.contrast.find((c) => !c.ok)).toEqual({ pair: 'Text on the background', ratio, needs: 4.5, ok: false });
    expect(await api.themes.mine()).toEqual([]);
  });

  it('refuses a link colour too light on the background', async () => {
    const { api } = await professional();
    const ratio = Math.floor(contrast('#7fb3ff', '#fdfbf7') * 100) / 100;
    await expectStatus(
      api.themes.save({ brand: brand({ colors: { ...brand().colors, link: '#7fb3ff' } }) }),
      400,
      THEME_MSG.contrast('Links on the background', ratio, 4.5),
    );
  });
});

describe('plans', () => {
  it('Basic cannot save or preview a theme; Professional cannot start from a Business theme', async () => {
    const h = await harnessWithAdmin();
    const basic = h.caller(await h.insertUser({ planType: 'basic' }));
    await expectStatus(basic.themes.save({ brand: brand() }), 403, THEME_MSG.needsPlan);
    await expectStatus(basic.themes.preview({ brand: brand(), colorTheme: 'light' }), 403, THEME_MSG.needsPlan);
    const pro = h.caller(await h.insertUser({ planType: 'professional' }));
    const businessTheme = (await import('../../../src/shared/themes')).THEMES.find((t) => t.subscription === 'business')!;
    await expectStatus(pro.themes.save({ brand: brand({ baseThemeId: businessTheme.id }) }), 403);
  });

  it(`Professional keeps ${CAPABILITIES.professional.maxCustomThemes}: of 12 simultaneous saves at 8 kept, exactly 2 succeed (five rounds)`, async () => {
    const cap = CAPABILITIES.professional.maxCustomThemes;
    expect(cap).toBe(10);
    for (let round = 0; round < 5; round++) {
      const { h, user, api } = await professional();
      for (let i = 0; i < cap - 2; i++) await api.themes.save({ brand: brand({ name: `Earlier ${i}` }) });
      const { ok, refused } = await together(Array.from({ length: 12 }, (_, i) => api.themes.save({ brand: brand({ name: `Racing ${i}` }) })));
      expect(ok).toHaveLength(2);
      expect(refused).toEqual(times(10, { status: 403, message: THEME_MSG.cap(cap) }));
      const [kept] = await h.db.select({ n: count() }).from(customThemes).where(eq(customThemes.userId, user.id));
      expect(kept?.n).toBe(cap);
    }
  });

  it('Business is not capped; an update never counts as a new theme', async () => {
    const h = await harnessWithAdmin({ env: { RATE_LIMITS: 'off' } });
    const api = h.caller(await h.insertUser({ planType: 'business' }));
    for (let i = 0; i < 12; i++) await api.themes.save({ brand: brand({ name: `Theme ${i}` }) });
    const [first] = await api.themes.mine();
    const updated = await api.themes.save({ id: first!.id, brand: brand({ name: 'Renamed' }) });
    expect(updated.brand.name).toBe('Renamed');
    expect(await api.themes.mine()).toHaveLength(12);
  });
});

describe('a saved theme in the workflow', () => {
  it("is picked in step 2, assembles the issue, and stays its owner's: another account cannot pick, preview or delete it", async () => {
    const { h, api } = await professional();
    const theme = await api.themes.save({ brand: brand() });
    const pub = await api.publications.create({ name: 'Field Notes' });
    const channel = buildChannel();
    await api.wizard.saveProgress({
      publicationId: pub.id,
      currentStep: 2,
      workflowData: { newsletterName: 'Field Notes', selectedTheme: theme.id, colorTheme: 'light' },
    });
    await api.wizard.saveProgress({
      publicationId: pub.id,
      currentStep: 5,
      workflowData: { selectedChannels: [channel], selectedArticles: [buildArticle({ channelUrl: channel.url })] },
    });
    const { data } = await api.wizard.assemble({ publicationId: pub.id });
    expect(data.metadata.theme).toBe(theme.id);
    expect(data.metadata.themeName).toBe('House Style');
    expect(data.html.toLowerCase()).toContain('#123c69');

    const stranger = h.caller(await h.insertUser({ planType: 'business' }));
    const own = await stranger.publications.create({ name: 'Elsewhere' });
    await expectStatus(
      stranger.wizard.saveProgress({ publicationId: own.id, currentStep: 2, workflowData: { newsletterName: 'Elsewhere', selectedTheme: theme.id } }),
      400,
    );
    await expectStatus(stranger.wizard.assemble({ newsletterName: 'Elsewhere', themeId: theme.id, articles: [buildArticle()] }), 400, THEME_MSG.gone);
    await expectStatus(stranger.themes.remove({ id: theme.id }), 404, THEME_MSG.notFound);

    // Deleted, the publication's issue says so instead of failing obscurely.
    await api.themes.remove({ id: theme.id });
    await expectStatus(api.wizard.assemble({ publicationId: pub.id }), 400, THEME_MSG.gone);
  });
});

describe('a saved theme in exports', () => {
  it("re-renders an issue saved with it in the theme's colours, and falls back to the saved HTML once it is deleted", async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await h.insertUser({ planType: 'enterprise' }));
    const theme = await api.themes.save({ brand: brand() });
    const pub = await api.publications.create({ name: 'Field Notes' });
    const saved = await api.drafts.saveIssue({
      publicationId: pub.id,
      title: 'Field Notes #1',
      subject: 'Field Notes: the first issue',
      content: 'plain text body',
      htmlContent: '<p>saved html</p>',
      contentSources: { channels: [], articles: [buildArticle(), buildArticle()], theme: theme.id, colorTheme: 'light' },
    });
    const html = async () => Buffer.from((await api.drafts.export({ id: saved.id, format: 'html' })).base64, 'base64').toString('utf8');
    const themed = await html();
    expect(themed.toLowerCase()).toContain('#123c69');
    expect(themed).toContain('Printed with care in Leeds.');
    await api.themes.remove({ id: theme.id });
    expect(await html()).toBe('<p>saved html</p>');
  });
});
