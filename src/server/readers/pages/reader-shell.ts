// The app shell of a publication's readers' pages (/p/<slug>, /p/<slug>/confirm, the unsubscribe page of
// a reader's link, the preference page), on every plan: its head names the publication — title,
// description, and its logo as icon when it has one — so link previews, crawlers and the tab show the
// publication before and after the client runs. A white-label publication's shell also drops the
// product's icon (an empty one without a logo) and is marked, so the client shows nothing of the product
// even where its own call fails; on a white-label account's custom domain every shell served is so, even
// for a link that no longer reads. Null for other paths and for links that name no publication.
import type { Deps } from '../../context';
import { escapeXml } from '../../xml';
import { whiteLabelOf } from '../../plans/account-plan';
import { findBySlug } from './slug';
import { readerBrandOf } from './reader-brand';
import { unsubscribeInfo } from '../unsubscribe';
import { getPreferences } from '../preferences';
import { servedHere } from '../../domains/custom-domains';

const READER_PATH = /^\/p\/([^/]+)(\/confirm)?\/?$/;
const PREFERENCES_PATH = /^\/preferences\/([^/]+)\/?$/;

type ShellDeps = Pick<Deps, 'db' | 'env' | 'now'>;
/** The request: its path, the `token` query parameter, and the account whose custom domain it came on. */
type ShellRequest = { path: string; token?: string; servedFor?: string };
/** `icon`: the logo; null keeps the product's icon, or for white-label leaves none. */
type Head = { title: string; description: string | null; icon: string | null; whiteLabel: boolean };

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
};

const inbox = (name: string) => `${name}: every new issue in your inbox.`;

/** The publication's head, or undefined when the link names none (here). */
async function publicationHead(deps: ShellDeps, req: ShellRequest): Promise<Head | undefined> {
  const page = READER_PATH.exec(req.path);
  if (page) {
    const slug = decode(page[1]!);
    const pub = slug === null ? undefined : await findBySlug(deps.db, slug);
    if (!pub || !servedHere(req, pub.userId)) return undefined;
    const brand = await readerBrandOf(deps.db, pub, deps.now());
    const title = page[2] ? `Confirm your subscription to ${pub.name}` : `Subscribe to ${pub.name}`;
    return { title, description: inbox(pub.name), icon: brand.logo?.src ?? null, whiteLabel: brand.whiteLabel };
  }
  if (req.path === '/unsubscribe' || req.path === '/unsubscribe/') {
    const info = req.token ? await unsubscribeInfo({ ...deps, servedFor: req.servedFor }, req.token) : null;
    if (!info) return undefined;
    return {
      title: 'Unsubscribe',
      description: `Unsubscribe from ${info.publicationName}.`,
      icon: info.brand.logo?.src ?? null,
      whiteLabel: info.brand.whiteLabel,
    };
  }
  const prefs = PREFERENCES_PATH.exec(req.path);
  if (prefs) {
    const token = decode(prefs[1]!);
    const view = token ? await getPreferences({ ...deps, servedFor: req.servedFor }, token).catch(() => null) : null;
    if (!view) return undefined;
    return {
      title: 'Preferences',
      description: `Your choices for ${view.publicationName}.`,
      icon: view.brand.logo?.src ?? null,
      whiteLabel: view.brand.whiteLabel,
    };
  }
  return undefined;
}

/**
 * Each tag of the shell that names the product, rewritten (the description removed when there is none to give);
 * a white-label document is marked, so the client shows no product frame even where its call fails (src/client/lib/white-label.ts).
 */
function withHead(indexHtml: string, head: Head): string {
  const html = head.whiteLabel ? indexHtml.replace(/<html([^>]*)>/, (_, attrs: string) => `<html${attrs} data-white-label>`) : indexHtml;
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeXml(head.title)}</title>`)
    .replace(/\s*<meta name="description" content="[^"]*"\s*\/?>/, () =>
      head.description ? `\n    <meta name="description" content="${escapeXml(head.description)}" />` : '',
    )
    .replace(/<link rel="icon"[^>]*>/, (tag) =>
      head.icon ? `<link rel="icon" href="${escapeXml(head.icon)}" />` : head.whiteLabel ? '<link rel="icon" href="data:," />' : tag,
    );
}

const GENERIC_TITLES: [RegExp, string][] = [
  [/^\/unsubscribe\/?$/, 'Unsubscribe'],
  [/^\/preferences\//, 'Preferences'],
  [/^\/p\/[^/]+\/confirm\/?$/, 'Confirm your subscription'],
  [/^\/p\//, 'Subscribe'],
];

export async function readerShell(deps: ShellDeps, req: ShellRequest, indexHtml: string): Promise<string | null> {
  const head = await publicationHead(deps, req);
  if (head) return withHead(indexHtml, head);
  // A page of the domain whose link names nothing (any more): still the account's domain, not the product's.
  if (req.servedFor && (await whiteLabelOf(deps.db, req.servedFor, deps.now()))) {
    const title = GENERIC_TITLES.find(([re]) => re.test(req.path))?.[1] ?? 'Page not found';
    return withHead(indexHtml, { title, description: null, icon: null, whiteLabel: true });
  }
  return null;
}
