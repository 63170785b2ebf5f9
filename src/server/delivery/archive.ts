// The web archive: every sent issue has a public page (/p/<slug>/issues/<id>, the mailed "View in your
// browser" link: a page of its publication, archive-page.ts) and each publication an RSS feed of its
// issues (/p/<slug>/feed.xml).
import { whiteLabelOf } from '../plans/account-plan';
import { publicBaseFor, servedHere, type ServedOn } from '../domains/custom-domains';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../context';
import type { Db } from '../db';
import { issueSends, type IssueSendRow } from '../../../db/schema';
import { escapeXml } from '../xml';
import { ensureSlug, findBySlug } from '../readers/pages/slug';
import { readerBrandOf } from '../readers/pages/reader-brand';
import type { IssuePage } from './archive-page';

/** Issues that went out (or are going out) are public; scheduled, canceled and failed ones are not. */
const PUBLIC_STATUSES = ['sending', 'sent'] as const;
const FEED_ITEMS = 50;

/** The web version of a sent issue on `base` (APP_URL or the account's custom domain). */
export async function archiveUrl(db: Db, base: string, send: Pick<IssueSendRow, 'id' | 'publicationId'>): Promise<string> {
  return `${base}/p/${await ensureSlug(db, send.publicationId)}/issues/${send.id}`;
}

export interface ArchiveEntry {
  id: string;
  subject: string;
  sentAt: string;
  url: string;
}

async function publicSends(db: Db, publicationId: string, limit: number) {
  return (
    db
      .select({ id: issueSends.id, subject: issueSends.subject, startedAt: issueSends.startedAt, scheduledAt: issueSends.scheduledAt, text: issueSends.text })
      .from(issueSends)
      // A weekly roll-up only points at issues already listed.
      .where(and(eq(issueSends.publicationId, publicationId), inArray(issueSends.status, [...PUBLIC_STATUSES]), isNull(issueSends.rollupOf)))
      .orderBy(desc(issueSends.scheduledAt), desc(issueSends.id))
      .limit(limit)
  );
}

/** The public list for /p/<slug>; null when no publication has that address. */
export async function listArchive(
  deps: Pick<Deps, 'db' | 'env'> & ServedOn,
  slug: string,
): Promise<{ name: string; whiteLabel: boolean; entries: ArchiveEntry[] } | null> {
  const pub = await findBySlug(deps.db, slug);
  if (!pub || !servedHere(deps, pub.userId)) return null;
  const entries = (await publicSends(deps.db, pub.id, 100)).map((s) => ({
    id: s.id,
    subject: s.subject,
    sentAt: (s.startedAt ?? s.scheduledAt).toISOString(),
    url: `/p/${slug}/issues/${s.id}`,
  }));
  return { name: pub.name, whiteLabel: await whiteLabelOf(deps.db, pub.userId, new Date()), entries };
}

/** One public issue with what its page shows of the publication, or null. */
export async function archivedIssue(db: Db, slug: string, sendId: string, now: Date): Promise<IssuePage | null> {
  const pub = await findBySlug(db, slug);
  if (!pub) return null;
  const [row] = await db
    .select({ id: issueSends.id, subject: issueSends.subject, webHtml: issueSends.webHtml })
    .from(issueSends)
    .where(and(eq(issueSends.id, sendId), eq(issueSends.publicationId, pub.id), inArray(issueSends.status, [...PUBLIC_STATUSES])));
  if (!row) return null;
  return { name: pub.name, slug: pub.slug!, sendId: row.id, subject: row.subject, webHtml: row.webHtml, brand: await readerBrandOf(db, pub, now), now };
}

/** RSS 2.0 of the publication's issues, newest first; null when the slug is unknown. */
export async function archiveFeed(deps: Pick<Deps, 'db' | 'env'>, slug: string): Promise<string | null> {
  const pub = await findBySlug(deps.db, slug);
  if (!pub) return null;
  // The account's custom domain, when it has one, is where its archive lives.
  const base = `${await publicBaseFor(deps, pub.userId)}/p/${slug}`;
  const items = (await publicSends(deps.db, pub.id, FEED_ITEMS)).map((s) => {
    const link = `${base}/issues/${s.id}`;
    // The plain-text part without its per-reader greeting line is a fair description.
    const description = s.text.replace(/^%%CURATED_GREETING%%\s*/, '').slice(0, 600);
    return [
      '    <item>',
      `      <title>${escapeXml(s.subject)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${(s.startedAt ?? s.scheduledAt).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(description)}</description>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(pub.name)}</title>`,
    `    <link>${escapeXml(base)}</link>`,
    `    <atom:link href="${escapeXml(`${base}/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(`Past issues of ${pub.name}`)}</description>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
