// The one raw shape every feed format is parsed into (parse.ts), and the error of a document that is none.
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

export const NOT_A_FEED = 'The document is not an RSS, Atom or JSON feed';
