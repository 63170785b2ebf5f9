// Feed parsing: RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0 and JSON Feed 1.0/1.1 into one raw shape.
// XML goes through htmlparser2's forgiving tokenizer (stray &, unclosed tags, junk before the root)
// which never reads a DTD, so entities other than the standard ones are never expanded.
import { parseDocument, DomUtils } from 'htmlparser2';
import { decodeHTML } from 'entities';
import { plainText, safeHttpUrl } from './text';

export type FeedFormat = 'rss' | 'rdf' | 'atom' | 'json';

export interface RawItem {
  guid: string | null;
  title: string;
  link: string | null;
  /** HTML or text of the item's summary and full content (either may be empty). */
  summaryHtml: string;
  contentHtml: string;
  date: string | null;
  categories: string[];
  image: string | null;
  /** Base for resolving relative addresses inside the item's HTML. */
  base: string;
}

export interface ParsedFeed {
  format: FeedFormat;
  title: string;
  siteUrl: string | null;
  description: string;
  items: RawItem[];
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

interface XNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: XNode[];
  data?: string;
}

const localName = (n: XNode) => {
  const name = n.name ?? '';
  const i = name.indexOf(':');
  return (i >= 0 ? name.slice(i + 1) : name).toLowerCase();
};
const prefixOf = (n: XNode) => {
  const name = n.name ?? '';
  const i = name.indexOf(':');
  return i >= 0 ? name.slice(0, i).toLowerCase() : '';
};
const elements = (n: XNode) => (n.children ?? []).filter((c) => c.type === 'tag');
const attr = (n: XNode | undefined, key: string) => (n?.attribs?.[key] !== undefined ? decodeHTML(n.attribs[key]) : undefined);

/** Item fields that an unclosed tag in a description can swallow; they are not description text. */
const ITEM_FIELDS = new Set(['pubdate', 'date', 'link', 'guid', 'title', 'category', 'enclosure', 'author', 'creator', 'comments']);

/** Text of an element: entity-decoded text nodes plus raw CDATA sections, child elements included. */
function textOf(n: XNode | undefined, skip?: Set<string>): string {
  if (!n) return '';
  let out = '';
  for (const c of n.children ?? []) {
    if (c.type === 'text') out += decodeHTML(c.data ?? '');
    else if (c.type === 'cdata') out += (c.children ?? []).map((t) => t.data ?? '').join('');
    else if (c.type === 'tag' && !skip?.has(localName(c))) out += textOf(c, skip);
  }
  return out.trim();
}

/** A field that should be a child but may sit deeper when a sibling tag was left unclosed. */
function deepText(n: XNode, name: string): string {
  const direct = child(n, name);
  if (direct) return textOf(direct);
  const found = DomUtils.findOne((e) => localName(e as unknown as XNode) === name, n.children as never, true);
  return found ? textOf(found as unknown as XNode) : '';
}

/** Atom text constructs: xhtml content is markup inside a div; html and text are escaped text. */
function atomText(n: XNode | undefined): string {
  if (!n) return '';
  if (attr(n, 'type') === 'xhtml') return DomUtils.getInnerHTML(n as never, { xmlMode: false, decodeEntities: false });
  return textOf(n);
}

function child(n: XNode, name: string, prefix?: string): XNode | undefined {
  return elements(n).find((c) => localName(c) === name && (prefix === undefined || prefixOf(c) === prefix));
}
function childrenNamed(n: XNode, name: string): XNode[] {
  return elements(n).filter((c) => localName(c) === name);
}

function withBase(n: XNode, base: string): string {
  const b = attr(n, 'xml:base');
  if (!b) return base;
  try {
    return new URL(b, base).href;
  } catch {
    return base;
  }
}

function findRoot(nodes: XNode[]): XNode | undefined {
  for (const n of nodes) {
    if (n.type !== 'tag') continue;
    const l = localName(n);
    if (l === 'rss' || l === 'rdf' || l === 'feed' || l === 'channel') return n;
    // Junk or a wrapper before the real root: look one level down.
    const inner = findRoot(n.children ?? []);
    if (inner) return inner;
  }
  return undefined;
}

/** Image from an enclosure, media:content, media:thumbnail or media:group of an item element. */
function mediaImage(item: XNode, base: string): string | null {
  for (const c of elements(item)) {
    const l = localName(c);
    const p = prefixOf(c);
    const type = (attr(c, 'type') ?? '').toLowerCase();
    if (l === 'enclosure' && type.startsWith('image/')) return safeHttpUrl(attr(c, 'url'), base);
    if (l === 'link' && attr(c, 'rel') === 'enclosure' && type.startsWith('image/')) return safeHttpUrl(attr(c, 'href'), base);
    if (p === 'media' && l === 'content' && (attr(c, 'medium') === 'image' || type.startsWith('image/') || (!type && /\.(jpe?g|png|gif|webp|avif)(\?|$)/i.test(attr(c, 'url') ?? '')))) return safeHttpUrl(attr(c, 'url'), base);
    if (p === 'media' && l === 'thumbnail') return safeHttpUrl(attr(c, 'url'), base);
    if (p === 'media' && l === 'group') {
      const inner = mediaImage(c, base);
      if (inner) return inner;
    }
    if (l === 'image' && p === 'itunes') return safeHttpUrl(attr(c, 'href'), base);
  }
  return null;
}

function rssItem(item: XNode, feedBase: string): RawItem {
  const base = withBase(item, feedBase);
  const plainLink = elements(item).find((c) => c.name?.toLowerCase() === 'link' && textOf(c));
  const atomLink = childrenNamed(item, 'link').find((c) => attr(c, 'href') && (!attr(c, 'rel') || attr(c, 'rel') === 'alternate'));
  const guidEl = child(item, 'guid');
  const guid = textOf(guidEl) || attr(item, 'rdf:about') || null;
  let link = safeHttpUrl(plainLink ? textOf(plainLink) : attr(atomLink, 'href'), base);
  if (!link && guid && attr(guidEl, 'isPermaLink') !== 'false') link = safeHttpUrl(guid, base);
  const date = deepText(item, 'pubdate') || deepText(item, 'date') || textOf(child(item, 'published')) || textOf(child(item, 'updated')) || null;
  const categories = childrenNamed(item, 'category')
    .map((c) => textOf(c) || attr(c, 'term') || '')
    .concat(childrenNamed(item, 'subject').map((c) => textOf(c)))
    .filter(Boolean);
  return {
    guid,
    title: textOf(child(item, 'title')),
    link,
    summaryHtml: textOf(child(item, 'description'), ITEM_FIELDS) || textOf(child(item, 'summary'), ITEM_FIELDS),
    contentHtml: textOf(child(item, 'encoded', 'content')),
    date,
    categories,
    image: mediaImage(item, base),
    base,
  };
}

function atomLinkHref(n: XNode, base: string): string | null {
  const links = childrenNamed(n, 'link');
  const alt = links.find((l) => (attr(l, 'rel') ?? 'alternate') === 'alternate' && (!attr(l, 'type') || /html/i.test(attr(l, 'type') ?? ''))) ?? links.find((l) => (attr(l, 'rel') ?? 'alternate') === 'alternate');
  return safeHttpUrl(attr(alt, 'href'), base);
}

function atomEntry(entry: XNode, feedBase: string): RawItem {
  const base = withBase(entry, feedBase);
  const content = child(entry, 'content');
  const summary = child(entry, 'summary');
  return {
    guid: textOf(child(entry, 'id')) || null,
    title: atomText(child(entry, 'title')),
    link: atomLinkHref(entry, base),
    summaryHtml: atomText(summary),
    contentHtml: content ? atomText(content) : '',
    date: textOf(child(entry, 'published')) || textOf(child(entry, 'updated')) || textOf(child(entry, 'issued')) || textOf(child(entry, 'modified')) || null,
    categories: childrenNamed(entry, 'category')
      .map((c) => attr(c, 'label') || attr(c, 'term') || '')
      .filter(Boolean),
    image: mediaImage(entry, base),
    base: content ? withBase(content, base) : base,
  };
}

function parseXml(text: string, url: string): ParsedFeed {
  const doc = parseDocument(text, { xmlMode: true, decodeEntities: false, recognizeCDATA: true }) as unknown as XNode;
  const root = findRoot(doc.children ?? []);
  if (!root) throw new FeedParseError('The document is not an RSS, Atom or JSON feed');
  const rootName = localName(root);
  const rootBase = withBase(root, url);
  if (rootName === 'feed') {
    const siteUrl = atomLinkHref(root, rootBase);
    return {
      format: 'atom',
      title: plainText(atomText(child(root, 'title'))),
      siteUrl,
      description: plainText(atomText(child(root, 'subtitle')) || atomText(child(root, 'tagline'))),
      items: childrenNamed(root, 'entry').map((e) => atomEntry(e, rootBase)),
    };
  }
  const channel = rootName === 'channel' ? root : (child(root, 'channel') ?? root);
  // RSS 1.0 keeps items beside the channel; 2.0 inside it.
  const items = rootName === 'rdf' ? childrenNamed(root, 'item') : childrenNamed(channel, 'item').concat(channel === root ? [] : childrenNamed(root, 'item'));
  const siteLink = elements(channel).find((c) => c.name?.toLowerCase() === 'link' && textOf(c));
  const siteUrl = safeHttpUrl(siteLink ? textOf(siteLink) : attr(childrenNamed(channel, 'link').find((l) => attr(l, 'rel') === 'alternate'), 'href'), withBase(channel, rootBase));
  // Without xml:base, relative item links in RSS are written against the site, not the feed's host.
  const explicitBase = attr(root, 'xml:base') || attr(channel, 'xml:base');
  const chanBase = explicitBase ? withBase(channel, rootBase) : (siteUrl ?? rootBase);
  return {
    format: rootName === 'rdf' ? 'rdf' : 'rss',
    title: plainText(textOf(child(channel, 'title'))),
    siteUrl,
    description: plainText(textOf(child(channel, 'description'))),
    items: items.map((i) => rssItem(i, chanBase)),
  };
}

interface JsonFeedItem {
  id?: unknown;
  url?: unknown;
  external_url?: unknown;
  title?: unknown;
  content_html?: unknown;
  content_text?: unknown;
  summary?: unknown;
  image?: unknown;
  banner_image?: unknown;
  date_published?: unknown;
  date_modified?: unknown;
  tags?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function parseJsonFeed(text: string, url: string): ParsedFeed {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text);
  } catch {
    throw new FeedParseError('The JSON feed is not valid JSON');
  }
  if (!data || typeof data !== 'object' || !/jsonfeed\.org\/version\/1/.test(str(data.version)) || !Array.isArray(data.items)) {
    throw new FeedParseError('The document is not an RSS, Atom or JSON feed');
  }
  const base = safeHttpUrl(str(data.home_page_url), url) ?? url;
  return {
    format: 'json',
    title: plainText(str(data.title)),
    siteUrl: safeHttpUrl(str(data.home_page_url), url),
    description: plainText(str(data.description)),
    items: (data.items as JsonFeedItem[]).filter((i) => i && typeof i === 'object').map((i) => ({
      guid: str(i.id) || null,
      title: str(i.title),
      link: safeHttpUrl(str(i.url) || str(i.external_url), base),
      summaryHtml: str(i.summary),
      contentHtml: str(i.content_html) || escapeText(str(i.content_text)),
      date: str(i.date_published) || str(i.date_modified) || null,
      categories: Array.isArray(i.tags) ? i.tags.map(str).filter(Boolean) : [],
      image: safeHttpUrl(str(i.image) || str(i.banner_image), base),
      base,
    })),
  };
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Parses decoded feed text fetched from url (the base for relative links). */
export function parseFeed(text: string, url: string): ParsedFeed {
  const start = text.trimStart();
  if (start.startsWith('{')) return parseJsonFeed(start, url);
  if (!start) throw new FeedParseError('The feed is empty');
  return parseXml(text, url);
}
