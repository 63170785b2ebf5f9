// The app shell of a white-label publication's readers' pages (/p/<slug>, /p/<slug>/confirm): its title
// and description name the publication only, so nothing of the product shows before the client runs
// (link previews, crawlers, the tab). Null for other paths and for publications that carry the product's name.
import type { Db } from '../db';
import { escapeXml } from '../xml';
import { whiteLabelOf } from '../user/plan';
import { findBySlug } from './slug';

const READER_PATH = /^\/p\/([^/]+)(\/confirm)?\/?$/;

export async function readerShell(db: Db, path: string, indexHtml: string, now: Date): Promise<string | null> {
  const m = READER_PATH.exec(path);
  if (!m) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
  const pub = await findBySlug(db, slug);
  if (!pub || !(await whiteLabelOf(db, pub.userId, now))) return null;
  const title = m[2] ? `Confirm your subscription to ${pub.name}` : `Subscribe to ${pub.name}`;
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeXml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeXml(`${pub.name}: every new issue in your inbox.`)}" />`,
    );
}
