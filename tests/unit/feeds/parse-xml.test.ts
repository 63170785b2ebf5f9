// The XML feed pass one step at a time: a tag's frame, opening and closing tags, the whole pass, and the
// Atom and RSS shapes built from it.
import { describe, expect, it } from 'vitest';
import { atomFeed, closeTag, collectXml, frameOf, newPass, openTag, rssFeed, type XmlPass } from '../../../src/server/feeds/parse-xml';

const URL_ = 'https://feeds.example/blog/feed.xml';

/** Feeds a pass step by step: [name, attrs] opens a tag, '/name' closes it, any other string is text. */
function walk(pass: XmlPass, steps: ([string, Record<string, string>?] | string)[]) {
  for (const step of steps) {
    if (typeof step === 'string') {
      if (step.startsWith('/')) closeTag(pass, step.slice(1));
      else pass.captures[pass.captures.length - 1]?.parts.push(step);
    } else openTag(pass, step[0], step[1] ?? {});
  }
}

describe('frameOf', () => {
  it('splits the prefix, lower-cases, decodes attributes and resolves xml:base against the parent', () => {
    const root = frameOf('Feed', { 'xml:base': 'https://site.example/a/' }, undefined, URL_).frame;
    expect(root).toEqual({ local: 'feed', prefix: '', base: 'https://site.example/a/', explicitBase: true });
    const { frame, attrs } = frameOf('Media:Content', { url: 'x.jpg?a=1&amp;b=2' }, root, URL_);
    expect(frame).toEqual({ local: 'content', prefix: 'media', base: 'https://site.example/a/', explicitBase: true });
    expect(attrs.url).toBe('x.jpg?a=1&b=2');
    expect(frameOf('title', {}, undefined, URL_).frame).toEqual({ local: 'title', prefix: '', base: URL_, explicitBase: false });
  });
});

describe('openTag and closeTag', () => {
  it('the root names the format; the channel and its first title are kept', () => {
    const pass = newPass(URL_);
    walk(pass, [['rss'], ['channel'], ['title'], 'First', '/title', ['title'], 'Second', '/title']);
    expect(pass.format).toBe('rss');
    expect(pass.channelDepth).toBe(1);
    expect(pass.channel.get('title')?.text).toBe('First');
  });

  it('an item keeps its fields, categories, links and image, and is done when it closes', () => {
    const pass = newPass(URL_);
    walk(pass, [
      ['feed'],
      ['entry'],
      ['title'],
      ' A story ',
      '/title',
      ['category', { term: 'tech' }],
      '/category',
      ['link', { rel: 'alternate', href: '/a' }],
      '/link',
      ['media:thumbnail', { url: 'https://img.example/t.png' }],
      '/media:thumbnail',
    ]);
    expect(pass.drafts).toHaveLength(0);
    closeTag(pass, 'entry');
    expect(pass.drafts).toHaveLength(1);
    const [d] = pass.drafts;
    expect(d!.fields.get('title')?.text).toBe('A story');
    expect(d!.categories).toEqual(['tech']);
    expect(d!.links).toEqual([{ rel: 'alternate', href: '/a', base: URL_ }]);
    expect(d!.image).toBe('https://img.example/t.png');
    expect(pass.item).toBeNull();
  });

  it('inside type="xhtml" content, tags are kept as markup', () => {
    const pass = newPass(URL_);
    walk(pass, [['feed'], ['entry'], ['content', { type: 'xhtml' }], ['div'], ['b'], 'bold', '/b', '/div', '/content', '/entry']);
    expect(pass.drafts[0]!.fields.get('content')?.text).toBe('<div><b>bold</b></div>');
  });

  it('before a root, nothing is kept', () => {
    const pass = newPass(URL_);
    walk(pass, [['html'], ['title'], 'Not a feed', '/title', '/html']);
    expect(pass.format).toBeNull();
    expect(pass.channel.size).toBe(0);
  });
});

describe('collectXml', () => {
  it('reads a whole document: CDATA as is, entities decoded elsewhere', () => {
    const pass = collectXml('<rss><channel><title>A &amp; B</title><item><title><![CDATA[x &amp; y]]></title></item></channel></rss>', URL_);
    expect(pass.channel.get('title')?.text).toBe('A & B');
    expect(pass.drafts[0]!.fields.get('title')?.text).toBe('x &amp; y');
  });
});

describe('atomFeed', () => {
  it('takes the alternate HTML link, the published date first, and the content base', () => {
    const pass = collectXml(
      `<feed><title>T</title><link rel="self" href="/feed"/><link href="https://site.example/"/>
       <entry><id>urn:1</id><title>E</title><link rel="alternate" type="text/html" href="/e"/><updated>2026-01-02</updated><published>2026-01-01</published>
       <content xml:base="https://cdn.example/">C</content></entry></feed>`,
      URL_,
    );
    const feed = atomFeed(pass);
    expect(feed).toMatchObject({ format: 'atom', title: 'T', siteUrl: 'https://site.example/' });
    expect(feed.items[0]).toMatchObject({ guid: 'urn:1', link: 'https://feeds.example/e', date: '2026-01-01', contentHtml: 'C', base: 'https://cdn.example/' });
  });
});

describe('rssFeed', () => {
  it('resolves relative item links against the site, and links a permalink guid when there is no link', () => {
    const pass = collectXml(
      `<rss><channel><title>T</title><link>https://site.example/</link><description>D</description>
       <item><title>A</title><link>/a</link></item>
       <item><title>B</title><guid>https://site.example/b</guid></item>
       <item><title>C</title><guid isPermaLink="false">https://site.example/c</guid></item></channel></rss>`,
      URL_,
    );
    const feed = rssFeed(pass, 'rss');
    expect(feed).toMatchObject({ format: 'rss', title: 'T', siteUrl: 'https://site.example/', description: 'D' });
    expect(feed.items.map((i) => i.link)).toEqual(['https://site.example/a', 'https://site.example/b', null]);
  });
});
