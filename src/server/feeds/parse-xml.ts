// XML feeds (RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0) read in one streaming pass over htmlparser2's
// forgiving tokenizer (stray &, unclosed tags, junk before the root), keeping only the fields we use; it
// never reads a DTD, so no entity other than the standard ones is ever expanded.
import { Parser } from 'htmlparser2';
import { decodeHTML } from 'entities';
import { plainText, safeHttpUrl } from './text';
import { FeedParseError, NOT_A_FEED, type FeedFormat, type ParsedFeed } from './raw-feed';

export interface Frame {
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

type Field = { text: string; attrs: Record<string, string> };

/** One streaming pass over a feed's XML: where it is, and what it kept so far. */
export interface XmlPass {
  /** The feed's address: the base of relative links without xml:base. */
  url: string;
  format: Exclude<FeedFormat, 'json'> | null;
  stack: Frame[];
  rootDepth: number;
  itemDepth: number;
  item: ItemDraft | null;
  captures: Capture[];
  inCdata: boolean;
  channel: Map<string, Field>;
  channelLinks: Record<string, string>[];
  channelDepth: number;
  channelBase: string;
  channelExplicitBase: boolean;
  drafts: ItemDraft[];
}

export function newPass(url: string): XmlPass {
  return {
    url,
    format: null,
    stack: [],
    rootDepth: -1,
    itemDepth: -1,
    item: null,
    captures: [],
    inCdata: false,
    channel: new Map(),
    channelLinks: [],
    channelDepth: -1,
    channelBase: url,
    channelExplicitBase: false,
    drafts: [],
  };
}

/** An opened tag as a frame: its prefix and local name (lower case), its decoded attributes and its base (xml:base). */
export function frameOf(name: string, raw: Record<string, string>, parent: Frame | undefined, url: string): { frame: Frame; attrs: Record<string, string> } {
  const i = name.indexOf(':');
  const prefix = i >= 0 ? name.slice(0, i).toLowerCase() : '';
  const local = (i >= 0 ? name.slice(i + 1) : name).toLowerCase();
  const attrs: Record<string, string> = {};
  for (const k in raw) attrs[k] = decodeHTML(raw[k]);
  const base = attrs['xml:base'] ? resolve(attrs['xml:base'], parent?.base ?? url) : (parent?.base ?? url);
  return { frame: { local, prefix, base, explicitBase: !!attrs['xml:base'] || !!parent?.explicitBase }, attrs };
}

function enterChannel(pass: XmlPass, frame: Frame, depth: number) {
  pass.channelDepth = depth;
  pass.channelBase = frame.base;
  pass.channelExplicitBase = frame.explicitBase;
}

/** A tag inside an item: its image, links and categories, and the start of a text field we keep. */
function openInItem(pass: XmlPass, item: ItemDraft, frame: Frame, attrs: Record<string, string>, depth: number) {
  const top = pass.captures[pass.captures.length - 1];
  const image = item.image ? null : mediaImage(frame.local, frame.prefix, attrs, frame.base);
  if (image) item.image = image;
  const child = depth === pass.itemDepth + 1;
  if (frame.local === 'link' && (attrs.href || attrs.rel) && child) item.links.push({ ...attrs, base: frame.base });
  if (frame.local === 'category' && child && (attrs.term || attrs.label)) item.categories.push(attrs.label || attrs.term);
  const k = key(frame);
  // Direct children, or fields swallowed by an unclosed tag inside a text field.
  if (ITEM_TEXT.has(k) && (child || (top && !top.xhtml))) {
    pass.captures.push({ field: k, depth, parts: [], xhtml: attrs.type === 'xhtml', attrs });
    if (k === 'content') item.contentBase = frame.base;
  }
}

/** An opened tag: the root names the format; then the channel, an item, or a field of either. */
export function openTag(pass: XmlPass, name: string, raw: Record<string, string>) {
  const { frame, attrs } = frameOf(name, raw, pass.stack[pass.stack.length - 1], pass.url);
  pass.stack.push(frame);
  const depth = pass.stack.length - 1;
  const { local } = frame;
  const top = pass.captures[pass.captures.length - 1];
  if (top?.xhtml) {
    top.parts.push(serializeOpen(name, raw));
    return;
  }
  if (pass.format === null) {
    if (local === 'rss' || local === 'channel') pass.format = 'rss';
    else if (local === 'rdf') pass.format = 'rdf';
    else if (local === 'feed') pass.format = 'atom';
    if (pass.format) {
      pass.rootDepth = depth;
      if (local === 'channel' || local === 'feed') enterChannel(pass, frame, depth);
    }
    return;
  }
  if (local === 'channel' && pass.channelDepth < 0 && depth === pass.rootDepth + 1) return enterChannel(pass, frame, depth);
  if (!pass.item && (local === 'item' || local === 'entry')) {
    pass.item = { fields: new Map(), links: [], categories: [], image: null, about: attrs['rdf:about'] ?? null, base: frame.base, contentBase: null };
    pass.itemDepth = depth;
    return;
  }
  if (pass.item) return openInItem(pass, pass.item, frame, attrs, depth);
  if (pass.channelDepth >= 0 && depth === pass.channelDepth + 1) {
    if (local === 'link' && attrs.href) pass.channelLinks.push(attrs);
    if (CHANNEL_TEXT.has(local) && !(local === 'link' && attrs.href))
      pass.captures.push({ field: local, depth, parts: [], xhtml: attrs.type === 'xhtml', attrs });
  }
}

/** A closed tag: a text field is kept (the first of its name), an item is done. */
export function closeTag(pass: XmlPass, name: string) {
  const depth = pass.stack.length - 1;
  const frame = pass.stack.pop();
  if (!frame) return;
  const top = pass.captures[pass.captures.length - 1];
  if (top && top.depth === depth) {
    pass.captures.pop();
    const value = { text: top.parts.join('').trim(), attrs: top.attrs };
    const item = pass.item;
    if (item) {
      if (top.field === 'category' || top.field === 'subject') {
        if (value.text) item.categories.push(value.text);
      } else if (!item.fields.has(top.field) || (top.field === 'link' && !item.fields.get('link')!.text)) item.fields.set(top.field, value);
    } else if (!pass.channel.has(top.field)) pass.channel.set(top.field, value);
    return;
  }
  if (top?.xhtml) {
    top.parts.push(`</${name}>`);
    return;
  }
  if (pass.item && depth === pass.itemDepth) {
    pass.drafts.push(pass.item);
    pass.item = null;
    pass.itemDepth = -1;
  }
}

/** Reads the XML in one pass over htmlparser2's tokenizer. */
export function collectXml(text: string, url: string): XmlPass {
  const pass = newPass(url);
  const parser = new Parser(
    {
      onopentag: (name, raw) => openTag(pass, name, raw),
      ontext(data) {
        const top = pass.captures[pass.captures.length - 1];
        if (top) top.parts.push(pass.inCdata || top.xhtml ? data : decodeHTML(data));
      },
      oncdatastart() {
        pass.inCdata = true;
      },
      oncdataend() {
        pass.inCdata = false;
      },
      onclosetag: (name) => closeTag(pass, name),
    },
    { xmlMode: true, decodeEntities: false, recognizeCDATA: true, recognizeSelfClosing: true },
  );
  parser.write(text);
  parser.end();
  return pass;
}

const text$ = (m: Map<string, { text: string }>, k: string) => m.get(k)?.text ?? '';

/** An Atom feed from its pass: links are the alternate ones (HTML first), dates the published one first. */
export function atomFeed(pass: XmlPass): ParsedFeed {
  const { channel, channelLinks, channelBase, drafts } = pass;
  const alt = (links: Record<string, string>[]) =>
    links.find((l) => (l.rel ?? 'alternate') === 'alternate' && (!l.type || /html/i.test(l.type))) ?? links.find((l) => (l.rel ?? 'alternate') === 'alternate');
  return {
    format: 'atom',
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

/** An RSS (or RDF) feed from its pass: an item without a link links to its permalink guid. */
export function rssFeed(pass: XmlPass, format: 'rss' | 'rdf'): ParsedFeed {
  const { channel, channelLinks, channelBase, channelExplicitBase, drafts } = pass;
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

export function parseXml(text: string, url: string): ParsedFeed {
  const pass = collectXml(text, url);
  if (!pass.format) throw new FeedParseError(NOT_A_FEED);
  return pass.format === 'atom' ? atomFeed(pass) : rssFeed(pass, pass.format);
}
