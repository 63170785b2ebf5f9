// Feed parsing: RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0 and JSON Feed 1.0/1.1 into one raw shape.
// XML is read in one streaming pass over htmlparser2's forgiving tokenizer (stray &, unclosed tags,
// junk before the root), keeping only the fields we use; it never reads a DTD, so no entity other
// than the standard ones is ever expanded.
import { Parser } from 'htmlparser2';
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

const NOT_A_FEED = 'The document is not an RSS, Atom or JSON feed';

interface Frame {
  local: string;
  prefix: string;
  base: string;
  explicitBase: boolean;
}

interface Capture {
  field: string;
  depth: number;
  parts: string[];
  /** Atom type="xhtml": the inner markup is kept as HTML. */
  xhtml: boolean;
  attrs: Record<string, string>;
}

interface ItemDraft {
  fields: Map<string, { text: string; attrs: Record<string, string> }>;
  links: Record<string, string>[];
  categories: string[];
  image: string | null;
  about: string | null;
  base: string;
  contentBase: string | null;
}

/** Direct children of an item or entry whose text we keep, by local name (prefix-qualified where it matters). */
const ITEM_TEXT = new Set([
  'title',
  'link',
  'guid',
  'id',
  'description',
  'summary',
  'content:encoded',
  'content',
  'pubdate',
  'date',
  'published',
  'updated',
  'issued',
  'modified',
  'category',
  'subject',
]);
const CHANNEL_TEXT = new Set(['title', 'link', 'description', 'subtitle', 'tagline']);
const IMAGE_EXT = /\.(jpe?g|png|gif|webp|avif)(\?|$)/i;

const key = (f: Frame) => (f.prefix === 'content' && f.local === 'encoded' ? 'content:encoded' : f.local);

function resolve(href: string | undefined, base: string): string {
  if (!href) return base;
  try {
    return new URL(href, base).href;
  } catch {
    return base;
  }
}

function serializeOpen(name: string, attrs: Record<string, string>): string {
  let s = `<${name}`;
  for (const [k, v] of Object.entries(attrs)) s += ` ${k}="${v.replace(/"/g, '&quot;')}"`;
  return `${s}>`;
}

/** An image from an enclosure, media:content/thumbnail (also inside media:group), or itunes:image. */
function mediaImage(local: string, prefix: string, a: Record<string, string>, base: string): string | null {
  const type = (a.type ?? '').toLowerCase();
  if (local === 'enclosure' && (type.startsWith('image/') || (!type && IMAGE_EXT.test(a.url ?? '')))) return safeHttpUrl(a.url, base);
  if (local === 'link' && a.rel === 'enclosure' && type.startsWith('image/')) return safeHttpUrl(a.href, base);
  if (prefix === 'media' && local === 'content' && (a.medium === 'image' || type.startsWith('image/') || (!type && !a.medium && IMAGE_EXT.test(a.url ?? ''))))
    return safeHttpUrl(a.url, base);
  if (prefix === 'media' && local === 'thumbnail') return safeHttpUrl(a.url, base);
  if (prefix === 'itunes' && local === 'image') return safeHttpUrl(a.href, base);
  return null;
}

function parseXml(text: string, url: string): ParsedFeed {
  let format: FeedFormat | null = null;
  const stack: Frame[] = [];
  let rootDepth = -1;
  let itemDepth = -1;
  let item: ItemDraft | null = null;
  const captures: Capture[] = [];
  let inCdata = false;
  const channel = new Map<string, { text: string; attrs: Record<string, string> }>();
  const channelLinks: Record<string, string>[] = [];
  let channelDepth = -1;
  let channelBase = url;
  let channelExplicitBase = false;
  const drafts: ItemDraft[] = [];

  const parser = new Parser(
    {
      onopentag(name, raw) {
        const i = name.indexOf(':');
        const prefix = i >= 0 ? name.slice(0, i).toLowerCase() : '';
        const local = (i >= 0 ? name.slice(i + 1) : name).toLowerCase();
        const attrs: Record<string, string> = {};
        for (const k in raw) attrs[k] = decodeHTML(raw[k]);
        const parent = stack[stack.length - 1];
        const base = attrs['xml:base'] ? resolve(attrs['xml:base'], parent?.base ?? url) : (parent?.base ?? url);
        const frame: Frame = { local, prefix, base, explicitBase: !!attrs['xml:base'] || !!parent?.explicitBase };
        stack.push(frame);
        const depth = stack.length - 1;
        const top = captures[captures.length - 1];
        if (top?.xhtml) {
          top.parts.push(serializeOpen(name, raw));
          return;
        }
        if (format === null) {
          if (local === 'rss' || local === 'channel') format = 'rss';
          else if (local === 'rdf') format = 'rdf';
          else if (local === 'feed') format = 'atom';
          if (format) {
            rootDepth = depth;
            if (local === 'channel' || local === 'feed') {
              channelDepth = depth;
              channelBase = base;
              channelExplicitBase = frame.explicitBase;
            }
          }
          return;
        }
        if (local === 'channel' && channelDepth < 0 && depth === rootDepth + 1) {
          channelDepth = depth;
          channelBase = base;
          channelExplicitBase = frame.explicitBase;
          return;
        }
        if (!item && (local === 'item' || local === 'entry')) {
          item = { fields: new Map(), links: [], categories: [], image: null, about: attrs['rdf:about'] ?? null, base, contentBase: null };
          itemDepth = depth;
          return;
        }
        if (item) {
          const image = item.image ? null : mediaImage(local, prefix, attrs, base);
          if (image) item.image = image;
          if (local === 'link' && (attrs.href || attrs.rel) && depth === itemDepth + 1) item.links.push({ ...attrs, base });
          if (local === 'category' && depth === itemDepth + 1 && (attrs.term || attrs.label)) item.categories.push(attrs.label || attrs.term);
          const k = key(frame);
          // Direct children, or fields swallowed by an unclosed tag inside a text field.
          if (ITEM_TEXT.has(k) && (depth === itemDepth + 1 || (top && !top.xhtml))) {
            captures.push({ field: k, depth, parts: [], xhtml: attrs.type === 'xhtml', attrs });
            if (k === 'content') item.contentBase = base;
          }
          return;
        }
        if (channelDepth >= 0 && depth === channelDepth + 1) {
          if (local === 'link' && attrs.href) channelLinks.push(attrs);
          if (CHANNEL_TEXT.has(local) && !(local === 'link' && attrs.href))
            captures.push({ field: local, depth, parts: [], xhtml: attrs.type === 'xhtml', attrs });
        }
      },
      ontext(data) {
        const top = captures[captures.length - 1];
        if (top) top.parts.push(inCdata || top.xhtml ? data : decodeHTML(data));
      },
      oncdatastart() {
        inCdata = true;
      },
      oncdataend() {
        inCdata = false;
      },
      onclosetag(name) {
        const depth = stack.length - 1;
        const frame = stack.pop();
        if (!frame) return;
        const top = captures[captures.length - 1];
        if (top && top.depth === depth) {
          captures.pop();
          const value = { text: top.parts.join('').trim(), attrs: top.attrs };
          if (item) {
            if (top.field === 'category' || top.field === 'subject') {
              if (value.text) item.categories.push(value.text);
            } else if (!item.fields.has(top.field) || (top.field === 'link' && !item.fields.get('link')!.text)) item.fields.set(top.field, value);
          } else if (!channel.has(top.field)) channel.set(top.field, value);
          return;
        }
        if (top?.xhtml) {
          top.parts.push(`</${name}>`);
          return;
        }
        if (item && depth === itemDepth) {
          drafts.push(item);
          item = null;
          itemDepth = -1;
        }
      },
    },
    { xmlMode: true, decodeEntities: false, recognizeCDATA: true, recognizeSelfClosing: true },
  );
  parser.write(text);
  parser.end();
  if (!format) throw new FeedParseError(NOT_A_FEED);

  const text$ = (m: Map<string, { text: string }>, k: string) => m.get(k)?.text ?? '';
  if (format === 'atom') {
    const alt = (links: Record<string, string>[]) =>
      links.find((l) => (l.rel ?? 'alternate') === 'alternate' && (!l.type || /html/i.test(l.type))) ??
      links.find((l) => (l.rel ?? 'alternate') === 'alternate');
    return {
      format,
      title: plainText(text$(channel, 'title')),
      siteUrl: safeHttpUrl(alt(channelLinks)?.href, channelBase),
      description: plainText(text$(channel, 'subtitle') || text$(channel, 'tagline')),
      items: drafts.map((d) => {
        const link = alt(d.links);
        return {
          guid: text$(d.fields, 'id') || null,
          title: text$(d.fields, 'title'),
          link: safeHttpUrl(link?.href, link?.base ?? d.base),
          summaryHtml: text$(d.fields, 'summary'),
          contentHtml: text$(d.fields, 'content'),
          date: text$(d.fields, 'published') || text$(d.fields, 'updated') || text$(d.fields, 'issued') || text$(d.fields, 'modified') || null,
          categories: d.categories,
          image: d.image,
          base: d.contentBase ?? d.base,
        };
      }),
    };
  }
  const siteRaw = text$(channel, 'link') || channelLinks.find((l) => l.rel === 'alternate')?.href;
  const siteUrl = safeHttpUrl(siteRaw, channelBase);
  // Without xml:base, relative item links in RSS are written against the site, not the feed's host.
  const itemBase = (d: ItemDraft) => (channelExplicitBase || d.base !== channelBase ? d.base : (siteUrl ?? d.base));
  return {
    format,
    title: plainText(text$(channel, 'title')),
    siteUrl,
    description: plainText(text$(channel, 'description')),
    items: drafts.map((d) => {
      const base = itemBase(d);
      const guidField = d.fields.get('guid');
      const guid = guidField?.text || d.about || null;
      const atomLink = d.links.find((l) => l.href && (!l.rel || l.rel === 'alternate'));
      let link = safeHttpUrl(text$(d.fields, 'link') || atomLink?.href, base);
      if (!link && guid && guidField?.attrs.isPermaLink !== 'false') link = safeHttpUrl(guid, base);
      return {
        guid,
        title: text$(d.fields, 'title'),
        link,
        summaryHtml: text$(d.fields, 'description') || text$(d.fields, 'summary'),
        contentHtml: text$(d.fields, 'content:encoded'),
        date: text$(d.fields, 'pubdate') || text$(d.fields, 'date') || text$(d.fields, 'published') || text$(d.fields, 'updated') || null,
        categories: d.categories,
        image: d.image,
        base,
      };
    }),
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
    throw new FeedParseError(NOT_A_FEED);
  }
  const base = safeHttpUrl(str(data.home_page_url), url) ?? url;
  return {
    format: 'json',
    title: plainText(str(data.title)),
    siteUrl: safeHttpUrl(str(data.home_page_url), url),
    description: plainText(str(data.description)),
    items: (data.items as JsonFeedItem[])
      .filter((i) => i && typeof i === 'object')
      .map((i) => ({
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
