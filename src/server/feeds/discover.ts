// Feed discovery for a site or feed address: the address itself if it is a feed, else its
// <link rel="alternate"> feeds, else the usual paths; every candidate is confirmed by parsing it.
import { Parser } from 'htmlparser2';
import pLimit from 'p-limit';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { FetchError } from './fetcher';
import { FeedParseError, parseFeed } from './parse';
import { decodeBody } from './decode';
import { describeFailure, fetcherFor, storeParsed, type FeedDeps } from './load';
import { frequencyOf, qualityOf, type Quality } from './quality';
import { safeHttpUrl } from './text';

export const COMMON_FEED_PATHS = ['/feed', '/rss', '/rss.xml', '/atom.xml', '/index.xml', '/feed.json'];
const FEED_TYPES = /^(application\/(rss|atom|rdf|feed)\+(xml|json)|application\/(rss|atom|xml)|text\/xml|application\/json)$/i;
const MAX_CANDIDATES = 8;

export interface DiscoveredFeed {
  url: string;
  title: string;
  siteUrl: string | null;
  description: string;
  quality: Quality;
  frequency: string;
}

export interface Candidate {
  url: string;
  message: string;
}

/** A site or feed address as typed: a bare domain (example.com/blog) gets https://. */
export function toAddress(input: string): string {
  const s = input.trim();
  return /^[a-z][a-z0-9+.-]*:/i.test(s) && !/^[^/:]+:\d+(\/|$)/.test(s) ? s : `https://${s.replace(/^\/+/, '')}`;
}

/** True when a search topic is a site or feed address rather than words. */
export function looksLikeAddress(topic: string): boolean {
  const s = topic.trim();
  if (/\s/.test(s)) return false;
  if (/^https?:\/\//i.test(s)) return true;
  return /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(s);
}

/** <link rel="alternate"> feed addresses of an HTML page, resolved against <base href> or the page. */
export function feedLinksInHtml(html: string, pageUrl: string): string[] {
  const found: string[] = [];
  let base = pageUrl;
  const parser = new Parser(
    {
      onopentag(name, a) {
        if (name === 'base' && a.href) base = safeHttpUrl(a.href, pageUrl) ?? base;
        if (name !== 'link' || !a.href) return;
        const rel = (a.rel ?? '').toLowerCase().split(/\s+/);
        const type = (a.type ?? '').toLowerCase().split(';')[0].trim();
        if ((rel.includes('alternate') && FEED_TYPES.test(type)) || rel.includes('feed')) {
          const u = safeHttpUrl(a.href, base);
          if (u && !found.includes(u)) found.push(u);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html.slice(0, 512 * 1024));
  parser.end();
  return found;
}

function failure(err: unknown): never {
  if (err instanceof FetchError && err.kind === 'blocked') throw new AppError('BAD_REQUEST', MSG.addressNotAllowed);
  if (err instanceof FetchError && err.kind === 'timeout') throw new AppError('GATEWAY_TIMEOUT', err.message);
  throw new AppError('BAD_GATEWAY', describeFailure(err));
}

/**
 * Finds and confirms the feeds of an address. Blocked addresses answer 400 before any connection;
 * a page with no valid feed answers 422 with the candidates that failed.
 */
export async function discoverFeeds(deps: FeedDeps, input: string): Promise<DiscoveredFeed[]> {
  const fetcher = fetcherFor(deps.env);
  const address = toAddress(input);
  let page;
  try {
    page = await fetcher.fetch(address);
  } catch (err) {
    failure(err);
  }
  const text = decodeBody(page.body, page.contentType);
  const confirmed: DiscoveredFeed[] = [];
  const invalid: Candidate[] = [];
  const accept = async (url: string, body: string, res: typeof page) => {
    const feed = parseFeed(body, res.url);
    const items = await storeParsed(deps, url, feed, res);
    const now = deps.now().getTime();
    confirmed.push({
      url,
      title: feed.title,
      siteUrl: feed.siteUrl,
      description: feed.description,
      quality: qualityOf(items, now),
      frequency: frequencyOf(items),
    });
  };
  try {
    await accept(page.url, text, page);
    return confirmed;
  } catch (err) {
    if (!(err instanceof FeedParseError)) throw err;
  }

  const linked = feedLinksInHtml(text, page.url);
  const origin = new URL(page.url).origin;
  const tryAll = async (urls: string[]) => {
    const limit = pLimit(4);
    await Promise.all(
      urls.slice(0, MAX_CANDIDATES).map((url) =>
        limit(async () => {
          try {
            const res = await fetcher.fetch(url);
            await accept(url, decodeBody(res.body, res.contentType), res);
          } catch (err) {
            invalid.push({ url, message: describeFailure(err) });
          }
        }),
      ),
    );
  };
  await tryAll(linked);
  if (confirmed.length === 0) await tryAll(COMMON_FEED_PATHS.map((p) => origin + p).filter((u) => !linked.includes(u)));
  if (confirmed.length === 0) {
    // Only candidates the page itself named are worth showing; failed guesses at /feed etc. are noise.
    throw new AppError('UNPROCESSABLE_CONTENT', MSG.noFeedFound, { candidates: invalid.filter((c) => linked.includes(c.url)) });
  }
  const order = (u: string) => (linked.includes(u) ? linked.indexOf(u) : linked.length + COMMON_FEED_PATHS.findIndex((p) => u === origin + p));
  return confirmed.sort((a, b) => order(a.url) - order(b.url));
}
