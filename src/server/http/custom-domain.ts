// Requests for an account's custom domain (white-label): they reach that account's readers' pages only
// (signup, confirmation, the archive and its RSS, unsubscribe, tracked links, images, the client's
// static files and the public calls those pages make). Any other page is redirected to APP_URL, so
// sign-in and the app live there alone; any other call is a 404. A domain only claimed (not proved by
// its DNS record) is redirected as a whole. Hosts no account named (APP_URL's, or another name of the
// same server in development) pass untouched.
import type { MiddlewareHandler } from 'hono';
import type { Deps } from '../context';
import type { AppEnv } from './types';
import { domainUse, requestHost } from '../domains/custom-domains';
import { findBySlug } from '../readers/pages/slug';
import { publicForm } from '../readers/forms';
import { errorResponse } from './error-response';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';

/** The tRPC procedures the readers' pages call, and nothing else, answer on a custom domain. */
export const READER_PROCEDURES = new Set([
  'subscribers.publicPage',
  'subscribers.signup',
  'subscribers.confirm',
  'sends.archive',
  'sends.unsubscribeInfo',
  'preferences.get',
  'preferences.save',
  'preferences.unsubscribe',
]);

const SAFE = new Set(['GET', 'HEAD']);
const READER_PAGE = /^\/p\/([^/]+)(?:\/(?:confirm|feed\.xml|issues\/[^/]+))?\/?$/;
const FORM_PAGE = /^\/f\/([^/]+)$/;
const OPEN_PREFIXES = ['/assets/', '/u/', '/t/', '/media/', '/fonts/', '/preferences/'];
const ROOT_FILE = /^\/[\w.-]+\.(?:svg|ico|png|webmanifest|txt)$/;

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

function allowedProcedures(path: string): boolean {
  const names = (safeDecode(path.slice('/api/trpc/'.length)) ?? '').split(',');
  return names.length > 0 && names.every((n) => READER_PROCEDURES.has(n));
}

export function customDomainGate(deps: Deps): MiddlewareHandler<AppEnv> {
  const appHost = new URL(deps.env.APP_URL).hostname.toLowerCase();
  // The Host header last seen naming APP_URL's host, as sent: the same header again needs no normalising.
  let appHostHeader: string | undefined;
  return async (c, next) => {
    // Every request passes here: the Host header (the reverse proxy passes it on) is read as it is, and
    // the URL parsed only when there is none (a request built in-process).
    const raw = c.req.header('host');
    if (raw !== undefined && raw === appHostHeader) return next();
    // Normalised as a saved host is: `news.example.com.` or `NEWS.example.com:443` is the account's domain too.
    const host = requestHost(raw ?? new URL(c.req.url).host);
    if (host === appHost && raw !== undefined) appHostHeader = raw;
    if (!host || host === appHost) return next();
    const use = await domainUse(deps.db, host);
    if (!use) return next();
    const owner = use.userId;
    // A domain claimed and not proved serves nothing of any account: its requests go to APP_URL (links
    // mailed on it before keep working there) and its calls are not answered.
    if (owner === null) {
      // A mail client's one-click unsubscribe (RFC 8058) posts once and follows no redirect; its signed
      // token alone decides, as on APP_URL.
      if (c.req.method === 'POST' && c.req.path.startsWith('/u/')) return next();
      if (c.req.path.startsWith('/api/')) return errorResponse(c, new AppError('NOT_FOUND', MSG.notFoundApi));
      return c.redirect(`${deps.env.APP_URL}${c.req.path}${new URL(c.req.url).search}`, SAFE.has(c.req.method) ? 302 : 307);
    }
    c.set('deps', deps);
    c.set('customDomain', { host, userId: owner });

    const path = c.req.path;
    const page = READER_PAGE.exec(path);
    if (page) {
      // Another account's publication is not served under this account's domain.
      const slug = safeDecode(page[1]!);
      if (slug === null) return c.notFound();
      const pub = await findBySlug(deps.db, slug);
      return pub?.userId === owner ? next() : c.notFound();
    }
    const formPage = FORM_PAGE.exec(path);
    if (formPage) {
      // An embedded signup form of this account's publications (its page and its posts).
      const found = await publicForm(deps.db, safeDecode(formPage[1]!) ?? '');
      return found?.pub.userId === owner ? next() : c.notFound();
    }
    if (path === '/unsubscribe' || OPEN_PREFIXES.some((p) => path.startsWith(p)) || ROOT_FILE.test(path)) return next();
    if (path.startsWith('/api/trpc/') && allowedProcedures(path)) return next();
    if (path.startsWith('/api/')) return errorResponse(c, new AppError('NOT_FOUND', MSG.notFoundApi));
    return c.redirect(`${deps.env.APP_URL}${path}${new URL(c.req.url).search}`, 302);
  };
}
