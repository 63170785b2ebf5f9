// Shared by the saved-theme tests: a house style started from Newsprint, and an issue rendered with a
// saved theme for a Professional creator.
import { assembleNewsletter } from '../../../src/server/newsletter/assemble';
import type { ThemeMeta } from '../../../src/shared/themes';
import type { ThemeBrand } from '../../../src/shared/schemas/themes';
import { buildArticle } from '../workflow/factories';

export const houseBrand = (o: Partial<ThemeBrand> = {}): ThemeBrand => ({
  name: 'House Style',
  baseThemeId: 'newsprint',
  colors: { primary: '#123c69', secondary: '#eee2dc', accent: '#ac3b61', background: '#fdfbf7', text: '#1b1b2f', link: '#0b5394' },
  titleFont: 'palatino',
  bodyFont: 'verdana',
  headerStyle: 'broadsheet',
  cardStyle: 'column-rules',
  footerText: '',
  ...o,
  logo: o.logo ?? null,
});

export const renderSaved = (meta: ThemeMeta) =>
  assembleNewsletter(
    { user: { role: 'user', planType: 'professional' }, env: { APP_URL: 'https://app.example.com' } },
    {
      newsletterName: 'Field Notes',
      themeId: meta.id,
      articles: [buildArticle()],
      layoutStyle: 'single',
      fontStyle: 'normal',
      colorTheme: 'light',
      includeBranding: true,
    },
    { theme: meta },
  );
