// `npm run themes:sheet [-- --out DIR] [--theme ID] [--modes light,dark,colorful]`: renders every theme (light and dark, both layouts) for a sample
// issue to PNGs with Playwright + Chromium, plus overview.png (all themes' top halves side by side).
// The sample issue has no images, so nothing remote is loaded.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';
import { THEMES } from '../src/shared/themes';
import { assembleNewsletter } from '../src/server/newsletter/assemble';
import { COLOR_THEMES, LAYOUT_STYLES, type ColorTheme } from '../src/shared/schemas/newsletter';
import { chromiumLaunchOptions } from '../tests/helpers/chromium';

const OUT = path.resolve(process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : '/tmp/theme-sheet');
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const MODES = (arg('--modes')?.split(',') ?? ['light', 'dark']).filter((m): m is ColorTheme => (COLOR_THEMES as readonly string[]).includes(m));
const only = arg('--theme');

const SAMPLE = [
  [
    'Central bank holds rates steady as inflation cools',
    'Policy makers kept the benchmark rate unchanged, pointing to easing prices and a resilient labour market, while warning that risks remain.',
    'Economy',
  ],
  [
    'The small-town library that became a maker space',
    'Volunteers turned an empty reading room into a workshop with 3D printers, sewing machines and a repair café open every Saturday.',
    'Community',
  ],
  [
    'Five tools that quietly changed how teams ship software',
    'From preview deployments to typed APIs, the workflow upgrades engineers say they would never give up again.',
    'Technology',
  ],
  [
    'Underdogs clinch the title in a stoppage-time thriller',
    'A header in the 94th minute sealed a season nobody predicted, capping a remarkable run of eleven straight wins.',
    'Sports',
  ],
  [
    'A slow weekend on the coast: where to eat, walk and stay',
    'Cliff paths, a harbour market and a family-run guesthouse make the perfect two-day escape from the city.',
    'Travel',
  ],
  [
    'What the new sleep research means for your mornings',
    'Consistent wake times matter more than total hours, according to a large study tracking 60,000 adults.',
    'Health',
  ],
];

const articles = SAMPLE.map(([title, summary, category], i) => ({
  id: `sample-${i}`,
  title,
  summary,
  category,
  url: `https://example.com/stories/${i + 1}`,
  source: ['Reuters', 'The Gazette', 'Dev Weekly', 'Sport Daily', 'Wanderlust', 'Health Today'][i],
  readTime: `${3 + (i % 4)} min`,
  publishDate: '2026-11-20T08:00:00Z',
}));

const browser = await chromium.launch(chromiumLaunchOptions);
fs.mkdirSync(OUT, { recursive: true });
const page = await browser.newPage({ viewport: { width: 680, height: 900 } });
// Belt and braces: the sheet must never reach the network.
await page.route(/^https?:\/\//, (route) => route.abort());
const tops: { id: string; file: string }[] = [];
let count = 0;
for (const theme of THEMES) {
  if (only && theme.id !== only) continue;
  for (const colorTheme of MODES) {
    for (const layoutStyle of LAYOUT_STYLES) {
      const { html } = assembleNewsletter(
        { user: { role: 'admin' }, now: () => new Date('2026-11-21T09:00:00Z') },
        {
          newsletterName: `${theme.name.startsWith('The ') ? '' : 'The '}${theme.name} Weekly`,
          themeId: theme.id,
          articles,
          layoutStyle,
          fontStyle: 'normal',
          colorTheme,
          includeBranding: true,
        },
        // The sheet shows each design as the picker sells it: with its masthead's sample line.
        { sampleCopy: true },
      );
      await page.setContent(html, { waitUntil: 'load' });
      const file = path.join(OUT, `${theme.id}-${colorTheme}-${layoutStyle}.png`);
      await page.screenshot({ path: file, fullPage: true });
      if (layoutStyle === 'single') tops.push({ id: `${theme.id} · ${colorTheme}`, file });
      count += 1;
    }
  }
}

// One overview image: the top 760 px of every single-column render, six per row.
const cells = tops
  .map((t) => `<figure><img src="data:image/png;base64,${fs.readFileSync(t.file).toString('base64')}"><figcaption>${t.id}</figcaption></figure>`)
  .join('');
await page.setViewportSize({ width: 6 * 350 + 40, height: 900 });
await page.setContent(
  `<style>body{margin:10px;font:14px Arial;background:#ddd;display:flex;flex-wrap:wrap;gap:10px}figure{margin:0;width:340px;height:440px;overflow:hidden;background:#fff;position:relative}img{width:340px;display:block}figcaption{position:absolute;left:0;bottom:0;background:#000c;color:#fff;padding:2px 6px}</style>${cells}`,
  { waitUntil: 'load' },
);
await page.screenshot({ path: path.join(OUT, 'overview.png'), fullPage: true });
await browser.close();
console.log(`themes:sheet: ${count} renders and overview.png in ${OUT}`);
