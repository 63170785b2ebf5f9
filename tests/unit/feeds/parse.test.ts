import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import iconv from 'iconv-lite';
import { parseFeed, FeedParseError } from '../../../src/server/feeds/parse';
import { normalizeItem, type StoredItem } from '../../../src/server/feeds/normalize';
import { decodeBody } from '../../../src/server/feeds/decode';

const FIX = new URL('../../fixtures/feeds/', import.meta.url);
const read = (name: string) => fs.readFileSync(new URL(name, FIX), 'utf8');
const NOW = Date.parse('2025-06-03T00:00:00Z');
const items = (name: string, base = `https://feeds.example.com/${name}`) =>
  parseFeed(read(name), base)
    .items.map((i) => normalizeItem(i, NOW))
    .filter((i): i is StoredItem => i !== null);

describe('parseFeed formats', () => {
  it('reads RSS 2.0 with CDATA, entities, relative links, images and the drop rules', () => {
    const feed = parseFeed(read('rss2.xml'), 'https://example.com/feed.xml');
    expect(feed.format).toBe('rss');
    expect(feed.title).toBe('Example Tech & Science');
    expect(feed.description).toBe('News about technology and science');
    const out = items('rss2.xml', 'https://example.com/feed.xml');
    expect(out.map((i) => i.title)).toEqual(['Rust 2.0 & the future of systems', 'Café science: espresso & entropy', 'Telescope finds water vapour']);
    const [rust, cafe, scope] = out;
    expect(rust.url).toBe('https://example.com/posts/rust-2');
    expect(rust.summary).toBe('The Rust team announced a new edition. It brings "async closures" and more.');
    expect(rust.imageUrl).toBe('https://example.com/img/rust.png');
    expect(rust.category).toBe('Programming');
    expect(new Date(rust.publishedAt).toISOString()).toBe('2025-06-02T10:00:00.000Z');
    expect(cafe.imageUrl).toBe('https://cdn.example.com/cafe.jpg');
    expect(new Date(cafe.publishedAt).toISOString()).toBe('2025-06-01T06:30:00.000Z');
    expect(scope.imageUrl).toBe('https://cdn.example.com/telescope.jpg');
  });

  it('gives the same id for the same guid and a different one for another item', () => {
    const a = items('rss2.xml');
    const b = items('rss2.xml');
    expect(a.map((i) => i.id)).toEqual(b.map((i) => i.id));
    expect(new Set(a.map((i) => i.id)).size).toBe(a.length);
  });

  it('reads RSS 0.91 (no dates: the fetch time stands in, marked undated)', () => {
    const feed = parseFeed(read('rss091.xml'), 'http://oldschool.example.org/rss');
    expect(feed.format).toBe('rss');
    const [item] = items('rss091.xml');
    expect(item.url).toBe('http://oldschool.example.org/1999/first.html');
    expect(item.dated).toBe(false);
    expect(item.publishedAt).toBe(NOW);
  });

  it('reads RSS 1.0 (RDF) with items beside the channel and dc:date', () => {
    const feed = parseFeed(read('rdf.xml'), 'https://rdf.example.net/rss');
    expect(feed.format).toBe('rdf');
    const out = items('rdf.xml');
    expect(out.map((i) => i.title)).toEqual(['Gene editing trial results', 'New battery chemistry']);
    expect(new Date(out[0].publishedAt).toISOString()).toBe('2025-06-01T08:15:00.000Z');
    expect(out[0].category).toBe('Biology');
  });

  it('reads Atom 1.0 with xml:base, html titles, xhtml content and media thumbnails', () => {
    const feed = parseFeed(read('atom.xml'), 'https://atom.example.org/atom.xml');
    expect(feed.format).toBe('atom');
    expect(feed.siteUrl).toBe('https://atom.example.org/');
    expect(feed.description).toBe('Notes on design and code');
    const [grid, colour] = items('atom.xml');
    expect(grid.title).toBe('Grid layouts & subgrid');
    expect(grid.url).toBe('https://atom.example.org/blog/posts/grid');
    expect(grid.imageUrl).toBe('https://atom.example.org/blog/posts/grid.png');
    expect(grid.category).toBe('CSS');
    expect(new Date(grid.publishedAt).toISOString()).toBe('2025-06-02T12:00:00.000Z');
    expect(colour.imageUrl).toBe('https://cdn.atom.example.org/colour.jpg');
    expect(colour.summary).toBe('OKLCH is the colour space you want.');
  });

  it('reads JSON Feed 1.1 and 1.0', () => {
    const feed = parseFeed(read('feed.json'), 'https://json.example.com/feed.json');
    expect(feed.format).toBe('json');
    const [second, first] = items('feed.json');
    expect(second.summary).toBe('Second post body with HTML.');
    expect(second.imageUrl).toBe('https://json.example.com/second.png');
    expect(second.category).toBe('Startups');
    expect(first.url).toBe('https://json.example.com/posts/first');
    expect(first.summary).toBe('Plain text body of the first post.');
    const [one] = items('feed10.json');
    expect(one.imageUrl).toBe('https://json10.example.com/a.jpg');
    expect(one.summary).toBe('Summary of the version one item.');
  });

  it('is lenient with junk before the root, stray &, unclosed tags and broken dates', () => {
    const feed = parseFeed(read('malformed.xml'), 'https://broken.example.com/rss');
    expect(feed.title).toBe('Broken & Beautiful');
    const [tom, second] = items('malformed.xml');
    expect(tom.title.startsWith('Tom & Jerry return')).toBe(true);
    expect(tom.summary).toBe('Unclosed bold and an & ampersand');
    expect(new Date(tom.publishedAt).toISOString()).toBe('2025-06-03T19:05:00.000Z');
    expect(new Date(second.publishedAt).toISOString()).toBe('2025-06-01T00:00:00.000Z');
  });

  it('never expands DTD entities, internal or external', () => {
    const [tom] = items('malformed.xml');
    expect(tom.title).not.toContain('lollol');
    expect(tom.title).not.toContain('root:');
    expect(tom.title).toContain('&xxe;');
  });

  it('turns hostile markup into inert plain text with no script links', () => {
    const [item] = items('xss.xml', 'https://hostile.example.com/rss');
    for (const text of [item.title, item.summary]) {
      expect(text).not.toMatch(/<script|<img|onerror|onclick|<a /i);
    }
    expect(item.title).toBe('Innocent title');
    expect(item.summary.startsWith('Read this')).toBe(true);
    expect(item.url).toBe('https://hostile.example.com/post');
    expect(item.imageUrl ?? '').not.toMatch(/^javascript:/i);
  });

  it('rejects documents that are not feeds', () => {
    expect(() => parseFeed('<html><body><p>hello</p></body></html>', 'https://x.example/')).toThrow(FeedParseError);
    expect(() => parseFeed('{"hello": 1}', 'https://x.example/')).toThrow(FeedParseError);
    expect(() => parseFeed('{not json', 'https://x.example/')).toThrow(FeedParseError);
    expect(() => parseFeed('   ', 'https://x.example/')).toThrow(FeedParseError);
  });
});

describe('decodeBody encodings', () => {
  const template = read('latin1-template.xml');
  const title = (text: string) => parseFeed(text, 'https://enc.example.com/').items[0].title;

  it('uses the XML declaration (ISO-8859-1 read as windows-1252)', () => {
    const buf = iconv.encode(template.replace('ENCODING', 'ISO-8859-1'), 'windows-1252');
    expect(title(decodeBody(buf, 'application/rss+xml'))).toBe('Café crème – “quotes” for €5');
  });

  it('lets the HTTP charset win over the declaration', () => {
    const buf = iconv.encode(template.replace('ENCODING', 'utf-8'), 'windows-1252');
    expect(title(decodeBody(buf, 'application/rss+xml; charset=windows-1252'))).toBe('Café crème – “quotes” for €5');
  });

  it('lets the byte-order mark win over everything (UTF-8, UTF-16LE, UTF-16BE)', () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(template.replace('ENCODING', 'UTF-8'))]);
    expect(title(decodeBody(utf8, 'text/xml; charset=iso-8859-1'))).toBe('Café crème – “quotes” for €5');
    for (const enc of ['utf-16le', 'utf-16be']) {
      const buf = iconv.encode(template.replace('ENCODING', 'UTF-16'), enc, { addBOM: true });
      expect(title(decodeBody(buf, 'application/xml'))).toBe('Café crème – “quotes” for €5');
    }
  });

  it('defaults to UTF-8', () => {
    expect(title(decodeBody(Buffer.from(template.replace(' encoding="ENCODING"', '')), ''))).toBe('Café crème – “quotes” for €5');
  });
});
