// Feed parsing: RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0 and JSON Feed 1.0/1.1 into one raw shape.
// XML is read by parse-xml.ts; the shape they share is raw-feed.ts.
import { plainText, safeHttpUrl } from './text';
import { FeedParseError, NOT_A_FEED, type ParsedFeed } from './raw-feed';
import { parseXml } from './parse-xml';

export { FeedParseError, type FeedFormat, type ParsedFeed, type RawItem } from './raw-feed';

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
