import { describe, it, expect } from 'vitest';
import { DIRECTORY, searchDirectory } from '../../../src/server/feeds/directory';
import { queryTerms } from '../../../src/server/feeds/directory-index';
import ranking from '../../fixtures/directory-search-ranking.json';
import { buildOpml, parseOpml } from '../../../src/server/feeds/opml';
import { looksLikeAddress, toAddress, feedLinksInHtml } from '../../../src/server/feeds/discover';
import { sampleChannelsFor } from '../../../src/server/feeds/samples';

describe('channel directory data', () => {
  it('has at least 150 distinct feeds across at least 15 niches, each complete', () => {
    expect(DIRECTORY.length).toBeGreaterThanOrEqual(150);
    expect(new Set(DIRECTORY.map((d) => d.niches[0])).size).toBeGreaterThanOrEqual(15);
    expect(new Set(DIRECTORY.map((d) => d.feedUrl)).size).toBe(DIRECTORY.length);
    expect(new Set(DIRECTORY.map((d) => d.id)).size).toBe(DIRECTORY.length);
    for (const d of DIRECTORY) {
      expect(d.feedUrl).toMatch(/^https?:\/\//);
      expect(d.siteUrl).toMatch(/^https?:\/\//);
      expect(d.description.length).toBeGreaterThan(10);
    }
    for (const niche of [
      'technology',
      'ai',
      'startups',
      'business',
      'finance',
      'markets',
      'marketing',
      'science',
      'health',
      'sports',
      'travel',
      'education',
      'lifestyle',
      'politics',
      'local-news',
      'entertainment',
    ]) {
      expect(DIRECTORY.filter((d) => d.niches.includes(niche)).length, niche).toBeGreaterThanOrEqual(5);
    }
  });
});

describe('directory search (in memory)', () => {
  it('keeps the ranking the FTS5 index gave (totals and first pages recorded from it)', () => {
    for (const [topic, expected] of Object.entries(ranking)) {
      const page = searchDirectory(topic, 1);
      expect({ total: page.total, firstPage: page.rows.map((r) => r.id) }, topic).toEqual(expected);
    }
  });

  it('matches stems, prefixes of longer words and folded accents; short words only exactly', () => {
    expect(queryTerms('Startups')).toEqual([{ token: 'startup', prefix: true }]);
    const startups = searchDirectory('startup', 1).rows.map((r) => r.id);
    expect(searchDirectory('startups', 1).rows.map((r) => r.id)).toEqual(startups);
    expect(searchDirectory('STÀRTUPS', 1).rows.map((r) => r.id)).toEqual(startups);
    expect(searchDirectory('AI', 1).rows.every((r) => r.tags.split(' ').includes('ai') || /\bAI\b/i.test(`${r.name} ${r.description}`))).toBe(true);
  });

  it('ranks by relevance: tag and name matches first', () => {
    const ai = searchDirectory('AI', 1);
    expect(ai.rows.slice(0, 12).every((r) => r.tags.split(' ').includes('ai') || /\bAI\b/.test(r.name))).toBe(true);
    const sports = searchDirectory('football', 1);
    expect(sports.rows[0].tags).toContain('football');
    const local = searchDirectory('local news', 1);
    expect(local.rows[0].tags).toContain('local-news');
  });

  it('pages by 12, at most 5 pages', () => {
    const p1 = searchDirectory('news', 1);
    expect(p1.rows).toHaveLength(12);
    expect(p1.total).toBeLessThanOrEqual(60);
    expect(p1.totalPages).toBe(Math.ceil(p1.total / 12));
    const p2 = searchDirectory('news', 2);
    expect(p2.rows.map((r) => r.id)).not.toContain(p1.rows[0].id);
    expect(searchDirectory('technology science business health sports', 5).rows.length).toBeGreaterThan(0);
  });

  it('treats query syntax in the topic as words and finds nothing for nonsense', () => {
    expect(queryTerms('"AND OR* NEAR(')).toEqual([
      { token: 'and', prefix: true },
      { token: 'or', prefix: false },
      { token: 'near', prefix: true },
    ]);
    expect(queryTerms('!!!')).toEqual([]);
    expect(searchDirectory('!!!', 1).total).toBe(0);
    expect(searchDirectory('zzqxv', 1).total).toBe(0);
  });
});

describe('samples, addresses and OPML', () => {
  it('filters sample channels by topic, all three when none match', () => {
    expect(sampleChannelsFor('science news').map((c) => c.niche)).toEqual(['science']);
    expect(sampleChannelsFor('knitting')).toHaveLength(3);
    expect(sampleChannelsFor('knitting').every((c) => c.isSample)).toBe(true);
  });

  it('tells addresses from topics', () => {
    for (const a of ['example.com', 'https://example.com/blog', 'blog.example.co.uk/feed', 'http://127.0.0.1:8080/x'])
      expect(looksLikeAddress(a), a).toBe(true);
    for (const t of ['artificial intelligence', 'AI', 'node.js tips', 'local news']) expect(looksLikeAddress(t), t).toBe(false);
    expect(toAddress('example.com/feed')).toBe('https://example.com/feed');
    expect(toAddress('http://example.com')).toBe('http://example.com');
  });

  it('finds <link rel="alternate"> feeds, resolved against <base>', () => {
    const html =
      '<html><head><base href="https://cdn.example.com/site/"><link rel="alternate" type="application/rss+xml" href="rss.xml"><link rel="alternate" type="text/html" href="/fr"><link rel="alternate" type="application/feed+json" href="https://example.com/feed.json"></head></html>';
    expect(feedLinksInHtml(html, 'https://example.com/')).toEqual(['https://cdn.example.com/site/rss.xml', 'https://example.com/feed.json']);
  });

  it('round-trips OPML, escaping names and reading folders as niches', () => {
    const opml = buildOpml(
      'Mine',
      [{ name: 'A & "B"', url: 'https://a.example/feed?x=1&y=2', siteUrl: 'https://a.example/', niche: 'science' }],
      new Date('2025-06-01T00:00:00Z'),
    );
    expect(parseOpml(opml)).toEqual([{ url: 'https://a.example/feed?x=1&y=2', title: 'A & "B"', siteUrl: 'https://a.example/', category: 'science' }]);
    const nested =
      '<opml version="1.0"><body><outline text="Tech"><outline text="HN" xmlUrl="https://hnrss.org/frontpage"/></outline><outline text="Loose" xmlUrl="https://l.example/rss"/></body></opml>';
    expect(parseOpml(nested).map((o) => [o.title, o.category])).toEqual([
      ['HN', 'Tech'],
      ['Loose', null],
    ]);
  });
});
