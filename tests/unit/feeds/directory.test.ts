import { describe, it, expect } from 'vitest';
import { openDb } from '../../../src/server/db';
import { DIRECTORY, ftsQuery, searchDirectory, seedDirectory } from '../../../src/server/feeds/directory';
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

describe('directory search (FTS5)', () => {
  const db = openDb(':memory:');
  seedDirectory(db);

  it('seeds idempotently', () => {
    seedDirectory(db);
    const n = db.$client.prepare('SELECT count(*) AS n FROM directory_channels').get() as { n: number };
    const f = db.$client.prepare('SELECT count(*) AS n FROM directory_fts').get() as { n: number };
    expect(n.n).toBe(DIRECTORY.length);
    expect(f.n).toBe(DIRECTORY.length);
  });

  it('writes nothing on a restart when the data file is unchanged, and repairs drift', () => {
    const changes = () => (db.$client.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    const before = changes();
    seedDirectory(db);
    expect(changes() - before).toBe(0);

    const first = DIRECTORY[0];
    db.$client.prepare('UPDATE directory_channels SET name = ? WHERE id = ?').run('Renamed by hand', first.id);
    seedDirectory(db);
    const row = db.$client.prepare('SELECT name FROM directory_channels WHERE id = ?').get(first.id) as { name: string };
    expect(row.name).toBe(first.name);
  });

  it('ranks by relevance: tag and name matches first', () => {
    const ai = searchDirectory(db, 'AI', 1);
    expect(ai.rows.slice(0, 12).every((r) => r.tags.split(' ').includes('ai') || /\bAI\b/.test(r.name))).toBe(true);
    const sports = searchDirectory(db, 'football', 1);
    expect(sports.rows[0].tags).toContain('football');
    const local = searchDirectory(db, 'local news', 1);
    expect(local.rows[0].tags).toContain('local-news');
  });

  it('pages by 12, at most 5 pages', () => {
    const p1 = searchDirectory(db, 'news', 1);
    expect(p1.rows).toHaveLength(12);
    expect(p1.total).toBeLessThanOrEqual(60);
    expect(p1.totalPages).toBe(Math.ceil(p1.total / 12));
    const p2 = searchDirectory(db, 'news', 2);
    expect(p2.rows.map((r) => r.id)).not.toContain(p1.rows[0].id);
    expect(searchDirectory(db, 'technology science business health sports', 5).rows.length).toBeGreaterThan(0);
  });

  it('treats FTS syntax in the topic as words and finds nothing for nonsense', () => {
    expect(ftsQuery('"AND OR* NEAR(')).toBe('"and"* OR "or" OR "near"*');
    expect(ftsQuery('!!!')).toBeNull();
    expect(searchDirectory(db, 'zzqxv', 1).total).toBe(0);
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
