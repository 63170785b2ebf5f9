// A saved theme while it is being built: the real renderer with a sample issue.
import { AppError } from '../errors';
import { capabilitiesFor, type PlanHolder } from '../../shared/plans';
import type { Article } from '../../shared/schemas/content';
import { assembleInput, type AssembledNewsletter, type ColorTheme } from '../../shared/schemas/newsletter';
import type { ContrastCheck, ThemeBrand } from '../../shared/schemas/themes';
import { assembleNewsletter } from '../newsletter/assemble';
import { brandContrast } from '../newsletter/palette';
import { CUSTOM_THEME_PREFIX, themeMetaOf } from '../newsletter/saved-theme';
import { THEME_MSG } from './custom-themes';

/** The issue a theme is previewed with while it is being built: three stories of the kinds newsletters carry. */
function previewArticles(now: Date): Article[] {
  const at = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const story = (n: number, title: string, summary: string, category: string): Article => ({
    id: `theme-preview-${n}`,
    title,
    summary,
    url: `https://example.com/stories/${n}`,
    publishDate: at(n * 5),
    source: 'Your sources',
    channelUrl: 'https://example.com/feed.xml',
    category,
    readTime: `${2 + n} min`,
    aiEnhanced: false,
    imageUrl: null,
  });
  return [
    story(
      1,
      'The lead story sits here, in your title font',
      'A short summary under every headline shows your body font, text colour and link colour as readers will see them.',
      'Lead',
    ),
    story(
      2,
      'A second story shows how cards follow each other',
      'Cards take your chosen design; the masthead above takes yours too, with your primary and accent colours.',
      'News',
    ),
    story(
      3,
      'Dark mode and small screens matter',
      'Switch the preview to dark and to mobile: the theme keeps its contrast in every mail client that honours it.',
      'Tips',
    ),
  ];
}

/**
 * The theme being built, rendered by the real renderer with a sample issue: the email and web HTML,
 * its size against Gmail's clip, and the measured contrast of its colour pairs. It is shown while the
 * creator edits, so pairs below AA are reported here and refused only on save.
 */
export function previewCustomTheme(
  ctx: { user: PlanHolder; env?: { APP_URL: string }; now?: () => Date },
  input: { brand: ThemeBrand; colorTheme: ColorTheme },
): AssembledNewsletter & { contrast: ContrastCheck[] } {
  if (!capabilitiesFor(ctx.user).customThemes) throw new AppError('FORBIDDEN', THEME_MSG.needsPlan);
  const theme = themeMetaOf({ id: `${CUSTOM_THEME_PREFIX}preview`, brand: input.brand });
  if (!theme) throw new AppError('BAD_REQUEST', THEME_MSG.unknownBase);
  const now = ctx.now?.() ?? new Date();
  const assembled = assembleNewsletter(
    ctx,
    assembleInput.parse({ newsletterName: input.brand.name, themeId: theme.id, articles: previewArticles(now), colorTheme: input.colorTheme }),
    { theme },
  );
  return { ...assembled, contrast: brandContrast(input.brand.colors) };
}
