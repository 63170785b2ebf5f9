// Newsletter engine benchmark: render 20 and 100 articles, all 108 theme combinations, each export
// format, and MJML (the alternative measured before choosing React Email) on a bare one-column layout.
import { houseBrand } from '../../tests/fixtures/themes';
import mjml2html from 'mjml';
import { assembleNewsletter } from '../../src/server/newsletter/assemble';
import { renderIssue } from '../../src/server/newsletter/render';
import { buildIssue, normalizeArticles } from '../../src/server/newsletter/issue';
import { exportDocFrom } from '../../src/server/newsletter/exports/document';
import { toTxt, toMarkdown, toHtml } from '../../src/server/newsletter/exports/text-formats';
import { toPdf } from '../../src/server/newsletter/exports/pdf';
import { toDocx } from '../../src/server/newsletter/exports/docx';
import { toEpub } from '../../src/server/newsletter/exports/epub';
import { THEMES, getTheme } from '../../src/shared/themes';
import { assembleInput, COLOR_THEMES, LAYOUT_STYLES, GMAIL_CLIP_BYTES } from '../../src/shared/schemas/newsletter';
import type { NewsletterRow } from '../../db/schema';
import { timeMedian, report, ms, kb, median } from './report';
import { savedThemeMeta } from '../../src/shared/schemas/themes';

function articles(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `b-${i}`,
    title: `Story ${i + 1}: regulators approve the new regional rail link after years of debate`,
    summary:
      'Policy makers said the plan would cut journey times by a third and bring two new stations to the valley, with construction starting next spring and the first trains running in 2029.',
    url: `https://news.example.com/stories/${i + 1}`,
    imageUrl: i % 3 === 0 ? `https://img.example.com/${i}.jpg` : undefined,
    source: `Source ${i % 5}`,
    category: ['Transport', 'Economy', 'Local'][i % 3],
    readTime: '4 min',
    publishDate: '2026-11-20T08:00:00Z',
  }));
}

const ctx = { user: { role: 'admin' }, env: { APP_URL: 'https://curated.example.com' } };
const input = (n: number, themeId = 'newsprint', extra: Record<string, unknown> = {}) =>
  assembleInput.parse({ newsletterName: 'Bench Weekly', themeId, articles: articles(n), ...extra });

export default async function run() {
  const in20 = input(20);
  const r20 = assembleNewsletter(ctx, in20);
  const s20 = await timeMedian(() => assembleNewsletter(ctx, in20), 60, 40);
  report('assemble 20 articles (median, newsprint single)', ms(s20), { ok: s20 < 30, text: 'budget 30 ms' });
  const two20 = input(20, 'rainbow-vibes', { layoutStyle: 'two-column', colorTheme: 'colorful' });
  const t20 = await timeMedian(() => assembleNewsletter(ctx, two20), 60, 40);
  report('assemble 20 articles (median, rainbow two-column)', ms(t20), { ok: t20 < 30, text: 'budget 30 ms' });
  let maxBytes = 0;
  for (const t of THEMES)
    for (const l of LAYOUT_STYLES) maxBytes = Math.max(maxBytes, assembleNewsletter(ctx, input(20, t.id, { layoutStyle: l })).metadata.htmlBytes);
  report('email HTML, 20 articles (newsprint / largest theme)', `${kb(r20.metadata.htmlBytes)} / ${kb(maxBytes)}`, {
    ok: maxBytes < GMAIL_CLIP_BYTES,
    text: 'budget 102 KB',
  });
  // A saved theme (Newsprint with the creator's colours, fonts and footer) against Newsprint itself,
  // the same 20 articles, alternating so both meet the same machine state.
  const saved = savedThemeMeta('custom-bench', houseBrand())!;

  const inSaved = input(20, saved.id, { colorTheme: 'light' });
  const inBuiltIn = input(20, 'newsprint', { colorTheme: 'light' });
  const builtIn: number[] = [];
  const custom: number[] = [];
  for (let round = 0; round < 5; round++) {
    builtIn.push(await timeMedian(() => assembleNewsletter(ctx, inBuiltIn), 30, 10));
    custom.push(await timeMedian(() => assembleNewsletter(ctx, inSaved, { theme: saved }), 30, 10));
  }
  const [b, c] = [median(builtIn), median(custom)];
  const savedBytes = assembleNewsletter(ctx, inSaved, { theme: saved }).metadata.htmlBytes;
  report('assemble 20 articles, saved theme vs Newsprint (median, light)', `${ms(c)} vs ${ms(b)} (${((c / b - 1) * 100).toFixed(1)}%)`, {
    ok: c <= b * 1.1,
    text: 'within 10%',
  });
  report('email HTML, 20 articles, saved theme', kb(savedBytes), { ok: savedBytes < GMAIL_CLIP_BYTES, text: 'budget 102 KB' });

  const in100 = input(100);
  const r100 = assembleNewsletter(ctx, in100);
  report(
    'assemble 100 articles (median)',
    `${ms(await timeMedian(() => assembleNewsletter(ctx, in100), 15, 3))}  (${kb(r100.metadata.htmlBytes)}, overGmailLimit=${r100.metadata.overGmailLimit})`,
  );
  const combos = () => {
    for (const t of THEMES)
      for (const c of COLOR_THEMES) for (const l of LAYOUT_STYLES) assembleNewsletter(ctx, input(6, t.id, { colorTheme: c, layoutStyle: l }));
  };
  report('all 108 combinations, 6 articles each (median)', ms(await timeMedian(combos, 5, 1)));

  // Renderer comparison (the measurement behind the choice): same 20 articles, plain one-column layout.
  const arts = normalizeArticles(articles(20), new Date());
  const issue = buildIssue('Bench Weekly', arts, new Date());
  const theme = getTheme('modern')!;
  const opts = { layoutStyle: 'single', fontStyle: 'normal', colorTheme: 'light', includeBranding: true, appUrl: 'https://x.example' } as const;
  report('renderer: React Email via renderToStaticMarkup (chosen)', ms(await timeMedian(() => renderIssue(issue, theme, opts), 50, 10)));
  const mj = `<mjml><mj-head><mj-preview>${issue.preheader}</mj-preview></mj-head><mj-body width="600px"><mj-section><mj-column><mj-text font-size="32px">Bench Weekly</mj-text></mj-column></mj-section>${arts.map((a) => `<mj-section><mj-column><mj-text font-size="20px"><a href="${a.url}">${a.title}</a></mj-text><mj-text>${a.summary}</mj-text><mj-text color="#666">${a.source}</mj-text></mj-column></mj-section>`).join('')}</mj-body></mjml>`;
  const mjOut = await mjml2html(mj, { validationLevel: 'skip' });
  report(
    'renderer: MJML, bare one-column layout',
    `${ms(await timeMedian(() => mjml2html(mj, { validationLevel: 'skip' }), 30, 5))}  (${kb(mjOut.html.length)} unthemed)`,
  );

  const now = new Date('2026-11-21T08:00:00Z');
  const row: NewsletterRow = {
    id: 'bench',
    userId: 'u',
    title: 'Bench Weekly',
    subject: r20.subject,
    content: r20.text,
    htmlContent: r20.html,
    status: 'draft',
    contentSources: { channels: [], articles: articles(20), theme: 'newsprint' },
    publicationId: null,
    currentIssueOf: null,
    createdAt: now,
    updatedAt: now,
  };
  const doc = exportDocFrom(row);
  const formats: [string, () => unknown][] = [
    ['txt', () => toTxt(doc, 'https://x.example')],
    ['md', () => toMarkdown(doc)],
    ['html', () => toHtml(doc, 'https://x.example')],
    ['pdf', () => toPdf(doc)],
    ['docx', () => toDocx(doc)],
    ['epub', () => toEpub(doc, 'bench', now)],
  ];
  for (const [name, fn] of formats) report(`export ${name}, 20 articles (median)`, ms(await timeMedian(fn, 15, 3)));
}
