import { describe, it, expect } from 'vitest';
import { DIRECTORY, searchDirectory, siteWords } from '../../../src/server/feeds/directory';
import { queryTerms, rankedIndex } from '../../../src/server/feeds/directory-index';
import { NICHE_SYNONYMS } from '../../../src/server/feeds/directory-synonyms';
import ranking from '../../fixtures/directory-search-ranking.json';
import niches from '../../fixtures/directory-niches.json';
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

  it('covers at least 40 niches outside and inside technology, each with at least 4 channels', () => {
    const primary = [...new Set(DIRECTORY.map((d) => d.niches[0]))];
    const covered = primary.filter((n) => DIRECTORY.filter((d) => d.niches.includes(n)).length >= 4);
    expect(covered.length).toBeGreaterThanOrEqual(40);
    for (const n of ['boating', 'gardening', 'food', 'parenting', 'crafts', 'birds', 'drinks', 'coffee', 'farming', 'religion', 'law', 'pets'])
      expect(covered, n).toContain(n);
    // Every synonym list belongs to a niche some channel carries.
    const carried = new Set(DIRECTORY.flatMap((d) => d.niches));
    for (const n of Object.keys(NICHE_SYNONYMS)) expect(carried.has(n), n).toBe(true);
  });
});

describe('topic search beyond technology', () => {
  it.each(niches)('finds channels of the niche for "$topic"', ({ topic, niches: expected }) => {
    const page = searchDirectory(topic, 1);
    const fits = (tags: string) => tags.split(' ').some((t) => expected.includes(t));
    expect(page.total, topic).toBeGreaterThanOrEqual(4);
    // The best four are all of the niche, not merely something.
    expect(
      page.rows.slice(0, 4).map((r) => [r.id, fits(r.tags)]),
      topic,
    ).toEqual(page.rows.slice(0, 4).map((r) => [r.id, true]));
  });

  it('matches synonyms and stems of a niche, not only its name', () => {
    const boating = (topic: string) =>
      searchDirectory(topic, 1)
        .rows.filter((r) => r.tags.split(' ').includes('boating'))
        .map((r) => r.id)
        .sort();
    const all = DIRECTORY.filter((d) => d.niches.includes('boating'))
      .map((d) => d.id)
      .sort();
    for (const topic of ['sailing', 'boats', 'boat', 'yacht', 'marine', 'boating']) expect(boating(topic), topic).toEqual(all);
    // "recipes" finds the food channels that never say "recipe" (their niche's synonyms do).
    const recipes = searchDirectory('recipes', 1).rows.map((r) => r.id);
    expect(recipes).toContain('dir-eater');
    expect(searchDirectory('hiking', 1).rows[0].tags.split(' ')).toContain('outdoors');
    expect(
      searchDirectory('gardeners', 1)
        .rows.slice(0, 4)
        .every((r) => r.tags.includes('gardening')),
    ).toBe(true);
  });

  it('matches the words of the site address', () => {
    expect(siteWords('https://www.yachtingmonthly.com')).toBe('yachtingmonthly');
    expect(siteWords('https://www.pbo.co.uk/feed')).toBe('pbo');
    expect(siteWords('https://blog.tincanknits.com')).toBe('tincanknits');
    expect(searchDirectory('tincanknits', 1).rows.map((r) => r.id)).toEqual(['dir-tin-can-knits']);
  });

  it("adds the titles of a fetched channel's recent items to its score", () => {
    const titles = rankedIndex(
      ['https://daringfireball.net/feeds/main'],
      () => ['Quokka sightings on Rottnest Island'],
      [1],
      () => 0,
    );
    expect(searchDirectory('quokkas', 1).total).toBe(0);
    expect(searchDirectory('quokkas', 1, titles).rows.map((r) => r.id)).toEqual(['dir-daring-fireball']);
  });

  it('finds nothing for nonsense', () => {
    expect(searchDirectory('qwzxv', 1)).toEqual({ rows: [], total: 0, page: 1, totalPages: 0 });
  });
});

describe('directory search (in memory)', () => {
  it('keeps its recorded ranking (totals and first pages of 15 topics)', () => {
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
