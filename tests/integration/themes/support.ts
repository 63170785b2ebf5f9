// Shared by the saved-theme tests: an issue rendered with a saved theme for a Professional creator.
import { assembleNewsletter } from '../../../src/server/newsletter/assemble';
import type { ThemeMeta } from '../../../src/shared/themes';
import { buildArticle } from '../workflow/factories';

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
