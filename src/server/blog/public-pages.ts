// What crawlers and feed readers get without running the client: the RSS feed of the newest posts, the
// sitemap (fixed public pages plus every published post), and the app shell of /blog and /blog/<slug>
// with the page's own title, description and Open Graph tags (every value escaped).
import type { Deps } from '../context';
import { escapeXml } from '../xml';
import { latestPublished, publishedAddresses, publishedBySlug, autoExcerpt } from './posts';
import { AppError } from '../errors';

const PRODUCT = 'Curated';
export const BLOG_TITLE = `${PRODUCT} Blog`;
export const BLOG_DESCRIPTION = 'Guides and news about newsletters from the Curated team.';
export const FEED_SIZE = 20;

type Db = Deps['db'];

const postUrl = (appUrl: string, slug: string) => `${appUrl}/blog/${encodeURIComponent(slug)}`;

/** RSS 2.0 of the 20 newest published posts; guid is the post's id, stable when its slug changes. */
export async function blogFeedXml(db: Db, appUrl: string, now: Date): Promise<string> {
  const posts = await latestPublished(db, FEED_SIZE);
  const items = posts.map((p) =>
    [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(postUrl(appUrl, p.slug))}</link>`,
      `      <guid isPermaLink="false">urn:uuid:${escapeXml(p.id)}</guid>`,
      p.publishedAt ? `      <pubDate>${p.publishedAt.toUTCString()}</pubDate>` : '',
      // Readers render <description> as HTML and the excerpt is plain text: escaped for HTML, then for XML.
      `      <description>${escapeXml(escapeXml(p.excerpt || autoExcerpt(p.markdown)))}</description>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  const built = posts[0]?.publishedAt ?? now;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(BLOG_TITLE)}</title>`,
    `    <link>${escapeXml(`${appUrl}/blog`)}</link>`,
    `    <description>${escapeXml(BLOG_DESCRIPTION)}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${escapeXml(`${appUrl}/blog/feed.xml`)}" rel="self" type="application/rss+xml" />`,
    `    <lastBuildDate>${built.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The sitemap: the given public pages, then every published post with its last change. */
export async function sitemapXml(db: Db, appUrl: string, pages: readonly string[]): Promise<string> {
  const fixed = pages.map((p) => `  <url><loc>${escapeXml(appUrl + p)}</loc></url>`);
  const posts = (await publishedAddresses(db)).map(
    (p) => `  <url><loc>${escapeXml(postUrl(appUrl, p.slug))}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...fixed, ...posts].join('\n')}\n</urlset>\n`;
}

interface ShellMeta {
  title: string;
  description: string;
  url: string;
  image?: string;
  type: 'website' | 'article';
  feed?: boolean;
}

function withMeta(indexHtml: string, m: ShellMeta): string {
  const tags = [
    `<meta property="og:type" content="${escapeXml(m.type)}" />`,
    `<meta property="og:title" content="${escapeXml(m.title)}" />`,
    `<meta property="og:description" content="${escapeXml(m.description)}" />`,
    `<meta property="og:url" content="${escapeXml(m.url)}" />`,
    m.image ? `<meta property="og:image" content="${escapeXml(m.image)}" />` : '',
    `<meta name="twitter:card" content="${m.image ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="canonical" href="${escapeXml(m.url)}" />`,
    m.feed ? `<link rel="alternate" type="application/rss+xml" title="${escapeXml(BLOG_TITLE)}" href="/blog/feed.xml" />` : '',
  ].filter(Boolean);
  // Replacement functions, not strings: a `$&` in a title must stay literal text.
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeXml(m.title)} · ${PRODUCT}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeXml(m.description)}" />`)
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

export interface ShellPage {
  html: string;
  status: 200 | 404;
}

/**
 * The app shell for /blog and /blog/<slug>: /blog and a published post's page carry that page's title,
 * description and Open Graph tags; the address of a draft or of no post is the plain shell with a 404
 * (the client shows its not-found view there). Null for every other path.
 */
export async function blogShell(db: Db, appUrl: string, path: string, indexHtml: string): Promise<ShellPage | null> {
  if (path === '/blog' || path === '/blog/') {
    return { html: withMeta(indexHtml, { title: 'Blog', description: BLOG_DESCRIPTION, url: `${appUrl}/blog`, type: 'website', feed: true }), status: 200 };
  }
  const segment = /^\/blog\/([^/]+)\/?$/.exec(path)?.[1];
  if (!segment) return null;
  const notFound: ShellPage = { html: indexHtml, status: 404 };
  if (!/^[a-z0-9-]{1,100}$/.test(segment)) return notFound;
  try {
    const post = await publishedBySlug(db, segment);
    const html = withMeta(indexHtml, {
      title: post.title,
      description: post.excerpt,
      url: postUrl(appUrl, post.slug),
      image: post.cover ? appUrl + post.cover.url : undefined,
      type: 'article',
    });
    return { html, status: 200 };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return notFound;
    throw err;
  }
}
