import { describe, it, expect } from 'vitest';
import { parseFeedDate } from '../../../src/server/feeds/dates';
import { cutSummary, plainText, readTimeOf, safeHttpUrl } from '../../../src/server/feeds/text';
import { canonicalLink, dedupeArticles, inDateRange, normalizeItem, toArticle, type StoredItem } from '../../../src/server/feeds/normalize';
import { frequencyOf, qualityOf } from '../../../src/server/feeds/quality';
import type { Article } from '../../../src/shared/schemas/content';

const NOW = Date.parse('2025-06-10T00:00:00Z');
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

describe('parseFeedDate', () => {
  it.each([
    ['Mon, 02 Jun 2025 10:00:00 GMT', '2025-06-02T10:00:00.000Z'],
    ['Mon, 2 Jun 2025 10:00:00 +0200', '2025-06-02T08:00:00.000Z'],
    ['02 Jun 2025 10:00 EST', '2025-06-02T15:00:00.000Z'],
    ['Mon, 02 Jun 25 10:00:00 PDT', '2025-06-02T17:00:00.000Z'],
    ['Monday, 2 June 2025 10:00:00 UT', '2025-06-02T10:00:00.000Z'],
    ['2025-06-02T10:00:00Z', '2025-06-02T10:00:00.000Z'],
    ['2025-06-02T10:00:00.123+05:30', '2025-06-02T04:30:00.000Z'],
    ['2025-06-02 10:00:00', '2025-06-02T10:00:00.000Z'],
    ['2025-06-02', '2025-06-02T00:00:00.000Z'],
    ['20250602T100000Z', '2025-06-02T10:00:00.000Z'],
    ['June 2nd, 2025', '2025-06-02T00:00:00.000Z'],
    ['02.06.2025 10:00', '2025-06-02T10:00:00.000Z'],
  ])('parses %s', (raw, expected) => {
    expect(iso(parseFeedDate(raw, NOW))).toBe(expected);
  });

  it('rejects junk and implausibly old dates, and pulls far-future dates back to now', () => {
    expect(parseFeedDate('yesterday-ish', NOW)).toBeNull();
    expect(parseFeedDate('', NOW)).toBeNull();
    expect(parseFeedDate('Thu, 01 Jan 1970 00:00:00 GMT', NOW)).toBeNull();
    expect(parseFeedDate('2031-01-01T00:00:00Z', NOW)).toBe(NOW);
  });
});

describe('text', () => {
  it('folds markup, entities and whitespace into plain text', () => {
    expect(plainText('<p>Hello&nbsp;&amp;\n\n <b>world</b></p><script>x()</script><style>p{}</style>')).toBe('Hello & world');
  });

  it('cuts summaries near 300 characters at a sentence, else at a word', () => {
    const sentences = `${'Alpha beta gamma delta. '.repeat(20)}`.trim();
    const cut = cutSummary(sentences);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut.endsWith('.')).toBe(true);
    const words = 'word '.repeat(100).trim();
    const w = cutSummary(words);
    expect(w.endsWith('word…')).toBe(true);
    expect(w.length).toBeLessThanOrEqual(301);
    expect(cutSummary('short')).toBe('short');
  });

  it('accepts only absolute http(s) links', () => {
    expect(safeHttpUrl('/a?b=1', 'https://x.example/feed')).toBe('https://x.example/a?b=1');
    expect(safeHttpUrl('javascript:alert(1)', 'https://x.example/')).toBeNull();
    expect(safeHttpUrl(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,<script>', 'https://x.example/')).toBeNull();
    expect(safeHttpUrl('mailto:a@b.c')).toBeNull();
    expect(safeHttpUrl('https://user:pw@x.example/')).toBeNull();
  });

  it('computes read time from the word count', () => {
    expect(readTimeOf(0)).toBe('1 min');
    expect(readTimeOf(1000)).toBe('5 min');
  });
});

const raw = (o: Partial<Parameters<typeof normalizeItem>[0]>) => ({
  guid: null,
  title: 'T',
  link: 'https://a.example/1',
  summaryHtml: '',
  contentHtml: '',
  date: null,
  categories: [],
  image: null,
  base: 'https://a.example/',
  ...o,
});

describe('normalizeItem and articles', () => {
  it('applies the spec defaults and drop rules', () => {
    expect(normalizeItem(raw({ title: '' }), NOW)).toBeNull();
    expect(normalizeItem(raw({ link: null }), NOW)).toBeNull();
    for (const t of ['Breaking: x', 'An Expert Analysis: y', 'Market Report: z']) expect(normalizeItem(raw({ title: t }), NOW)).toBeNull();
    const item = normalizeItem(raw({}), NOW)!;
    expect(item.summary).toBe('No summary available');
    expect(item.id).toMatch(/^a-[\w-]{22}$/);
    const a = toArticle(item, { source: '', channelUrl: 'https://a.example/feed', niche: 'general' });
    expect(a).toMatchObject({ source: 'Unknown Source', category: 'General', readTime: '1 min', aiEnhanced: false, publishDate: new Date(NOW).toISOString() });
    expect(toArticle(item, { source: 'S', channelUrl: 'u', niche: 'local news' }).category).toBe('Local News');
  });

  it("keeps the words the feed's HTML gives the item's picture (alt, else title), and only for that picture", () => {
    const alt = (o: Parameters<typeof raw>[0]) => normalizeItem(raw(o), NOW)!;
    const body = '<p><img title="ignored" alt="A dredger &amp; its crew at low tide" src="/img/dredger.jpg"> Two dredgers arrived.</p>';
    const inBody = alt({ contentHtml: body });
    expect([inBody.imageUrl, inBody.imageAlt]).toEqual(['https://a.example/img/dredger.jpg', 'A dredger & its crew at low tide']);
    expect(toArticle(inBody, { source: 'S', channelUrl: 'c', niche: 'local' }).imageAlt).toBe('A dredger & its crew at low tide');
    expect(alt({ summaryHtml: "<img src='https://a.example/q.png' title='Quay Street at dawn'>" }).imageAlt).toBe('Quay Street at dawn');
    // The feed's media image is another picture: the body's words are not its words.
    const media = alt({ contentHtml: body, image: 'https://cdn.example/hero.jpg' });
    expect([media.imageUrl, media.imageAlt]).toEqual(['https://cdn.example/hero.jpg', null]);
    expect(alt({ contentHtml: body, image: 'https://a.example/img/dredger.jpg' }).imageAlt).toBe('A dredger & its crew at low tide');
    expect(alt({ contentHtml: '<img src="https://a.example/x.jpg" alt="">' }).imageAlt).toBeNull();
  });

  const art = (o: Partial<Article>): Article => ({
    id: 'x',
    title: 'T',
    summary: 's',
    url: 'https://a.example/1',
    publishDate: '2025-06-01T00:00:00.000Z',
    source: 'S',
    channelUrl: 'c1',
    category: 'General',
    readTime: '1 min',
    aiEnhanced: false,
    ...o,
  });

  it('collapses duplicates by canonical link or by title across channels, newest first', () => {
    const list = [
      art({ id: '1', title: 'Old', url: 'https://www.a.example/post/?utm_source=x#frag', publishDate: '2025-06-01T00:00:00Z' }),
      art({ id: '2', title: 'New', url: 'https://a.example/post', publishDate: '2025-06-02T00:00:00Z', channelUrl: 'c2' }),
      art({ id: '3', title: 'Same Title!', url: 'https://b.example/x', publishDate: '2025-06-03T00:00:00Z', channelUrl: 'c1' }),
      art({ id: '4', title: 'same title', url: 'https://c.example/y', publishDate: '2025-06-02T12:00:00Z', channelUrl: 'c2' }),
      art({ id: '5', title: 'same title', url: 'https://b.example/z', publishDate: '2025-06-01T12:00:00Z', channelUrl: 'c1' }),
    ];
    expect(canonicalLink('https://www.a.example/post/?utm_source=x#frag')).toBe(canonicalLink('https://a.example/post'));
    expect(dedupeArticles(list).map((a) => a.id)).toEqual(['3', '2', '5']);
  });

  it('filters by an inclusive date range', () => {
    const list = [
      art({ id: 'a', publishDate: '2025-06-01T00:00:00.000Z' }),
      art({ id: 'b', publishDate: '2025-06-02T00:00:00.000Z' }),
      art({ id: 'c', publishDate: '2025-06-03T00:00:00.000Z' }),
    ];
    const r = inDateRange(list, { start: Date.parse('2025-06-01T00:00:00Z'), end: Date.parse('2025-06-02T00:00:00Z') });
    expect(r.map((a) => a.id)).toEqual(['a', 'b']);
    expect(inDateRange(list, null)).toHaveLength(3);
  });
});

describe('quality and frequency', () => {
  const item = (o: Partial<StoredItem>): StoredItem => ({
    id: 'i',
    title: 't',
    summary: 'A real summary that is long enough to count as a proper description of the item.',
    body: '',
    url: 'https://a.example/',
    publishedAt: NOW,
    dated: true,
    imageUrl: 'https://a.example/i.png',
    imageAlt: null,
    category: null,
    wordCount: 100,
    ...o,
  });
  const every = (ms: number, n: number, o: Partial<StoredItem> = {}) =>
    Array.from({ length: n }, (_, i) => item({ id: String(i), publishedAt: NOW - i * ms, ...o }));
  const H = 3_600_000;

  it('measures frequency from the median gap of dated items', () => {
    expect(frequencyOf(every(3 * H, 10))).toBe('Multiple times a day');
    expect(frequencyOf(every(24 * H, 10))).toBe('Daily');
    expect(frequencyOf(every(7 * 24 * H, 10))).toBe('Weekly');
    expect(frequencyOf(every(30 * 24 * H, 10))).toBe('Monthly');
    expect(frequencyOf(every(120 * 24 * H, 10))).toBe('Rarely');
    expect(frequencyOf(every(H, 10, { dated: false }))).toBe('Unknown');
  });

  it('rates complete, recent feeds high and bare or stale ones low', () => {
    expect(qualityOf(every(H, 10), NOW)).toBe('high');
    expect(qualityOf(every(H, 10, { imageUrl: null, url: 'http://a.example/' }), NOW)).toBe('medium');
    expect(qualityOf(every(H, 10, { summary: 'No summary available', imageUrl: null, dated: false, publishedAt: NOW - 400 * 24 * H }), NOW)).toBe('low');
    expect(qualityOf([], NOW)).toBe('low');
  });
});
