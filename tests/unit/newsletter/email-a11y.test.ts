// Every newsletter theme, in every colour theme and layout, renders an accessible e-mail: language and
// direction, presentation tables, one h1 with the stories under it, alt text from the feed (never a file
// name), links that say where they go, and a plain-text part in the HTML's reading order.
import { describe, it, expect } from 'vitest';
import { DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import { assembleNewsletter } from '../../../src/server/newsletter/assemble';
import { THEMES, type ThemeMeta } from '../../../src/shared/themes';
import { COLOR_THEMES, LAYOUT_STYLES, assembleInput, type AssembleInput } from '../../../src/shared/schemas/newsletter';
import type { Article } from '../../../src/shared/schemas/content';
import { MARKERS } from '../../../src/server/newsletter/markers';
import { inspect } from './helpers';

const admin = { user: { role: 'admin', planType: 'enterprise' }, env: { APP_URL: 'https://app.example.com' }, now: () => new Date('2026-11-21T09:00:00Z') };

const STORIES: Partial<Article>[] = [
  {
    id: 'harbour',
    title: 'Harbour dredging begins after a decade of delays',
    summary: 'Two dredgers arrived on Monday to deepen the channel so that larger ferries can berth at low tide.',
    url: 'https://news.example.com/harbour-dredging',
    imageUrl: 'https://img.example.com/uploads/2026/11/dredger.jpg',
    imageAlt: 'A dredger moored beside the harbour wall at low tide',
  },
  {
    id: 'lanes',
    title: 'Council approves protected cycle lanes on Quay Street',
    summary: 'The lanes will be separated from traffic by kerbs and planters, with work starting in the spring.',
    url: 'https://news.example.com/quay-street-lanes',
    imageUrl: 'https://img.example.com/uploads/2026/11/quay.jpg',
    imageAlt: 'Cyclists riding past the fish market on Quay Street',
  },
  // A picture the feed gave no words for: decoration beside its headline.
  {
    id: 'library',
    title: 'Library to stay open late on Thursdays',
    summary: 'From December the central library opens until nine, with the study rooms bookable online.',
    url: 'https://news.example.com/library-hours',
    imageUrl: 'https://img.example.com/uploads/2026/11/library.png',
  },
  {
    id: 'market',
    title: 'Night market returns to the old fish hall',
    summary: 'Forty stalls, a brass band and the first oysters of the season.',
    url: 'https://news.example.com/night-market',
  },
  // Feeds often put the file's name where the words belong: never read out.
  {
    id: 'ferry',
    title: 'Ferry timetable changes from Monday',
    summary: 'The early sailing moves to 6:40 and the last return leaves at ten past eleven.',
    url: 'https://news.example.com/ferry-timetable',
    imageUrl: 'https://img.example.com/uploads/2026/11/IMG_2041.JPG',
    imageAlt: 'IMG_2041.JPG',
  },
].map((s) => ({ source: 'Harbour Gazette', category: 'Local', readTime: '3 min', publishDate: '2026-11-20T08:00:00Z', ...s }));

const FEED_ALT: Record<string, string> = {
  'https://img.example.com/uploads/2026/11/dredger.jpg': 'A dredger moored beside the harbour wall at low tide',
  'https://img.example.com/uploads/2026/11/quay.jpg': 'Cyclists riding past the fish market on Quay Street',
  'https://img.example.com/uploads/2026/11/library.png': '',
  'https://img.example.com/uploads/2026/11/IMG_2041.JPG': '',
};

const NAME = 'Harbour Weekly';
const INTRO = 'Good morning. This week the harbour gets deeper, Quay Street gets safer and the library stays open later.';
const SIGN_OFF = 'See you next Saturday,\nMara';

const input = (o: Partial<AssembleInput>): AssembleInput =>
  assembleInput.parse({
    newsletterName: NAME,
    themeId: 'newsprint',
    articles: STORIES,
    intro: INTRO,
    edits: {
      order: [],
      stories: [],
      // A creator's block whose headings were picked by their size: they must not break the outline.
      blocks: [
        {
          id: 'whats-on',
          after: 'lanes',
          markdown: "## What's on\n\nThe night market is back on Friday.\n\n#### Saturday\n\nGuided walks of the harbour at ten.",
        },
      ],
      preheader: '',
      signOff: SIGN_OFF,
    },
    ...o,
  });

const MEANINGLESS = new Set([
  '',
  'read more',
  'more',
  'open',
  'click here',
  'here',
  'link',
  'read',
  'read it',
  'continue reading',
  'learn more',
  'take a look',
  'discover more',
]);
const FILE_OR_URL = /^(https?:|www\.)|\/|\.(jpe?g|png|gif|webp|avif|svg|bmp|tiff?)\b|^(img|dsc|image|photo)[_-]?\d+/i;
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
/** What a screen reader says for a link: its text and the alt of any image inside. */
const linkName = (a: Element) =>
  norm(
    DomUtils.findAll(() => true, a.children)
      .filter((e) => e.name === 'img')
      .reduce((s, img) => `${s} ${img.attribs.alt ?? ''}`, DomUtils.textContent(a)),
  );
const bare = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function checkHtml(html: string, label: string, stories = STORIES) {
  const { byTag, all } = inspect(html);
  const [root] = byTag('html');
  expect(root?.attribs.lang, `${label}: <html lang>`).toBe('en');
  expect(root?.attribs.dir, `${label}: <html dir>`).toBe('ltr');

  for (const table of byTag('table')) {
    const data = DomUtils.findAll((e) => e.name === 'th', table.children).length > 0;
    if (!data) expect(table.attribs.role, `${label}: a layout table is role="presentation"`).toBe('presentation');
  }

  const headings = all.filter((e) => /^h[1-6]$/.test(e.name));
  const levels = headings.map((h) => Number(h.name[1]));
  expect(
    levels.filter((l) => l === 1),
    `${label}: exactly one h1`,
  ).toHaveLength(1);
  expect(levels[0], `${label}: the h1 comes first`).toBe(1);
  levels.forEach((l, i) => i && expect(l, `${label}: heading ${i} (h${l} after h${levels[i - 1]}) skips no level`).toBeLessThanOrEqual(levels[i - 1]! + 1));
  expect(norm(DomUtils.textContent(headings[0]!)), `${label}: the h1 is the nameplate`).toContain(NAME);
  for (const h of headings) expect(norm(DomUtils.textContent(h)), `${label}: an empty heading`).not.toBe('');
  const h2s = headings.filter((h) => h.name === 'h2').map((h) => norm(DomUtils.textContent(h)));
  const titles = stories.map((s) => s.title!);
  expect(
    h2s.filter((t) => titles.includes(t)),
    `${label}: each story is an h2, in order`,
  ).toEqual(titles);

  for (const img of byTag('img')) {
    expect(img.attribs.alt, `${label}: ${img.attribs.src} has an alt`).toBeDefined();
    expect(img.attribs.alt, `${label}: alt of ${img.attribs.src} is no file name or address`).not.toMatch(FILE_OR_URL);
    if (img.attribs.src! in FEED_ALT) expect(img.attribs.alt, `${label}: alt of ${img.attribs.src}`).toBe(FEED_ALT[img.attribs.src!]);
  }

  for (const a of byTag('a')) {
    const name = linkName(a);
    expect(MEANINGLESS.has(bare(name)), `${label}: link "${name}" (${a.attribs.href}) says nothing alone`).toBe(false);
    const story = stories.find((s) => s.url === a.attribs.href);
    if (story) expect(name, `${label}: a link to "${story.title}" names it`).toContain(story.title);
  }
  return h2s.filter((t) => titles.includes(t));
}

function checkText(text: string, label: string, stories = STORIES) {
  const at = (needle: string, from: number) => {
    const i = text.indexOf(needle, from);
    expect(i, `${label}: the plain text has "${needle.slice(0, 40)}" after position ${from}`).toBeGreaterThanOrEqual(from);
    return i + needle.length;
  };
  let pos = at(NAME.toUpperCase(), 0);
  pos = at(MARKERS.greeting, pos);
  pos = at(INTRO.slice(0, 40), pos);
  for (const s of stories) {
    pos = at(s.title!, pos);
    pos = at(s.summary!.slice(0, 40), pos);
    pos = at(s.url!, pos);
  }
  pos = at('See you next Saturday,', pos);
  at(MARKERS.unsubscribeUrl, pos);
}

describe('accessible e-mail', () => {
  it('every theme x colour theme x layout: lang and dir, presentation tables, one h1, alt text, named links, text in reading order', () => {
    let n = 0;
    for (const theme of THEMES)
      for (const colorTheme of COLOR_THEMES)
        for (const layoutStyle of LAYOUT_STYLES) {
          const label = `${theme.id}/${colorTheme}/${layoutStyle}`;
          const r = assembleNewsletter(admin, input({ themeId: theme.id, colorTheme, layoutStyle }), { personalized: true });
          const order = checkHtml(r.html, label);
          checkHtml(r.webHtml, `${label} (web)`);
          checkText(r.text, label);
          const inText = order.map((t) => r.text.indexOf(t));
          expect(inText, `${label}: the text lists the stories in the HTML's order`).toEqual([...inText].sort((x, y) => x - y));
          n++;
        }
    expect(n).toBe(THEMES.length * COLOR_THEMES.length * LAYOUT_STYLES.length);
  });

  it("a saved theme's logo, masthead line and footer line: the logo is decoration beside the nameplate, the line no heading", () => {
    const base = THEMES.find((t) => t.headerStyle === 'community')!;
    const theme: ThemeMeta = {
      ...base,
      id: 'custom-harbour',
      brand: {
        background: '#ffffff',
        text: '#1f2937',
        link: '#1d4ed8',
        footerText: 'Harbour Weekly, 4 Quay Street',
        kicker: 'Since 1894',
        logo: { id: 'logo1', width: 320, height: 120 },
      },
    };
    const r = assembleNewsletter(admin, input({ themeId: theme.id }), { personalized: true, theme });
    checkHtml(r.html, 'saved theme');
    const { byTag } = inspect(r.html);
    expect(byTag('img').find((i) => i.attribs.src?.includes('/media/logo1'))?.attribs.alt).toBe('');
    const headings = inspect(r.html).all.filter((e) => /^h[1-6]$/.test(e.name));
    expect(headings.some((h) => DomUtils.textContent(h).includes('Since 1894'))).toBe(false);
    expect(r.text.indexOf('Harbour Weekly, 4 Quay Street')).toBeGreaterThan(r.text.indexOf(SIGN_OFF.split('\n')[0]!));
  });

  it('a test send keeps the outline; a long title is whole in its headline and cut, still naming the story, in its other links', () => {
    const long = { ...STORIES[0]!, title: `${'Harbour dredging begins after a decade of delays, '.repeat(4)}and more` };
    const r = assembleNewsletter(admin, input({ themeId: 'morning-brief', articles: [long, ...STORIES.slice(1)] }), { test: true });
    checkHtml(r.html, 'test send', STORIES.slice(1));
    const links = inspect(r.html)
      .byTag('a')
      .filter((a) => a.attribs.href === long.url)
      .map(linkName);
    expect(links).toContain(long.title);
    for (const t of links) expect(t, 'every link to the story names it').toContain('Harbour dredging begins after a decade of delays');
    expect(Math.max(...links.filter((t) => t !== long.title).map((t) => t.length))).toBeLessThan(100);
  });
});
