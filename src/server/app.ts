// createApp(deps) -> Hono: security headers, CSRF, body limit, session, /api/trpc, REST adapters,
// the built client with SPA fallback. No listening here (see index.ts), so tests use app.request().
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import fs from 'node:fs';
import path from 'node:path';
import { appRouter } from './routers';
import type { Deps } from './context';
import type { AppEnv } from './http/types';
import { securityHeaders } from './http/security-headers';
import { uploadLimit } from './http/upload-limit';
import { loadClientRoutes } from './http/client-routes';
import { authRest } from './rest/auth';
import { requestContext } from './rest/adapter';
import { aiMagicContentRest } from './rest/ai-magic-content';
import { newsletterRest } from './rest/newsletter';
import { workflowRest } from './rest/workflow';
import { emailAdminRest, testEmailRest } from './rest/email-admin';
import { webhooksRest } from './rest/webhooks';
import { billingRest } from './rest/billing';
import { publicDeliveryRest } from './rest/public-delivery';
import { subscribersRest } from './rest/subscribers';
import { demoRest } from './rest/demo';
import { blogPublicRest, blogRest } from './rest/blog';
import { themesRest } from './rest/themes';
import { webFontFile } from './newsletter/web-fonts';
import { blogShell, sitemapXml } from './blog/public-pages';
import { readerShell } from './readers/pages/reader-shell';
import { customDomainGate } from './http/custom-domain';
import { requestHost } from './domains/custom-domains';
import { onboardingRest } from './rest/onboarding';
import { v1Api } from './rest/v1/handler';
import { teamRest } from './rest/team';
import { trackingPublicRest, trackingRest } from './rest/tracking';
import { formsPublicRest } from './rest/forms-public';
import { errorResponse } from './http/error-response';
import { AppError } from './errors';
import { MSG } from '../shared/messages';
import { TRPC_MAX_BATCH } from '../shared/limits';

export interface AppOptions {
  /** Folder of the built client (vite build); omitted in API-only tests. */
  clientDir?: string;
  /**
   * The node server writes the security headers with every status line (secureServerResponse, as index.ts
   * serves), so no middleware sets them on the web Response (app.request() in tests leaves this out).
   */
  secureResponses?: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function remoteAddress(c: Context<AppEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? '127.0.0.1';
  } catch {
    return '127.0.0.1'; // app.request() in tests has no socket.
  }
}

const originHost = (origin: string) => {
  try {
    return requestHost(new URL(origin).host);
  } catch {
    return '';
  }
};

/**
 * The origins trusted with state-changing requests: the configured ones only. An origin derived from the
 * request (its Host header) is attacker-controlled under DNS rebinding, so it is never compared against.
 */
export function trustedOriginsOf(env: Pick<Deps['env'], 'APP_URL' | 'DEV_ORIGIN'>): Set<string> {
  return new Set([new URL(env.APP_URL).origin, ...(env.DEV_ORIGIN ? [env.DEV_ORIGIN] : [])]);
}

/**
 * CSRF: whether a state-changing request comes from elsewhere. With an Origin, one not trusted (a custom
 * domain's own pages post to it); scripts send no Origin at all, and a browser's cross-site fetch says so.
 */
export function isForeignRequest(req: { origin?: string; fetchSite?: string }, trusted: Set<string>, customDomainHost?: string): boolean {
  if (!req.origin) return req.fetchSite === 'cross-site';
  return !trusted.has(req.origin) && !(customDomainHost && originHost(req.origin) === customDomainHost);
}

/**
 * The body limits of state-changing requests. Uploads (a subscriber CSV of 100,000 rows is ~4 MB) have a
 * larger limit, for signed-in users only, and are never buffered ahead of their handler, which authorises
 * the upload before it reads the body.
 */
export function bodyLimits() {
  const limitBody = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => errorResponse(c, new AppError('PAYLOAD_TOO_LARGE', MSG.bodyTooLarge)),
  });
  const limitUpload = uploadLimit((c) =>
    c.get('user') ? { maxSize: 25 * 1024 * 1024, message: MSG.uploadTooLarge } : { maxSize: 1024 * 1024, message: MSG.bodyTooLarge },
  );
  return { limitBody, limitUpload };
}

type Limits = ReturnType<typeof bodyLimits>;

/** The /api paths' context: the caller's address, the CSRF check, the session, then the body limit. */
export function apiContext(deps: Deps, limits: Limits): MiddlewareHandler<AppEnv> {
  const trusted = trustedOriginsOf(deps.env);
  return async (c, next) => {
    c.set('deps', deps);
    c.set('ip', remoteAddress(c));
    if (!SAFE_METHODS.has(c.req.method)) {
      const req = { origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site') };
      if (isForeignRequest(req, trusted, c.get('customDomain')?.host)) return errorResponse(c, new AppError('FORBIDDEN', MSG.crossOrigin));
    }
    const session = await deps.auth.validate(c.req.header('cookie'));
    c.set('user', session.user);
    c.set('sessionId', session.sessionId);
    c.set('sessionCookie', session.setCookie);
    if (session.setCookie) c.header('Set-Cookie', session.setCookie, { append: true });
    // GET/HEAD handlers never read a body; skipping them spares node-server from materialising the Request.
    if (SAFE_METHODS.has(c.req.method)) return next();
    return c.req.path.startsWith('/api/uploads/') ? limits.limitUpload(c, next) : limits.limitBody(c, next);
  };
}

/** Outside /api: vendors and mail clients call these without a session or an Origin we trust. */
export function publicContext(deps: Deps, limitBody: Limits['limitBody']): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', deps);
    c.set('user', null);
    c.set('sessionId', null);
    c.set('sessionCookie', null);
    c.set('ip', remoteAddress(c));
    return SAFE_METHODS.has(c.req.method) ? next() : limitBody(c, next);
  };
}

/** The /api paths: the public API, tRPC, the REST adapters, and a JSON 404 for any other. */
function mountApi(app: Hono<AppEnv>, deps: Deps, context: MiddlewareHandler<AppEnv>) {
  // The public API authenticates by its Bearer key alone (no cookie, so no CSRF check); its handlers answer
  // every /api/v1 path, so the session middleware below never runs for them.
  app.route('/api/v1', v1Api(deps, remoteAddress));
  app.use('/api/*', context);
  app.use('/test-email', context);
  app.all('/api/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      // Unbounded batches let one request carry hundreds of calls past every per-request limit.
      maxBatchSize: TRPC_MAX_BATCH,
      // A read whose input is too long for a URL (many channels) comes as a POST; writes stay POST-only.
      allowMethodOverride: true,
      createContext: ({ resHeaders }) => requestContext(c, resHeaders),
    }),
  );
  for (const routes of [authRest, workflowRest, newsletterRest, aiMagicContentRest, emailAdminRest, subscribersRest, billingRest, demoRest])
    app.route('/api', routes);
  // These mount at '/' and name their full paths: /api/... (with the session) and public ones below.
  for (const routes of [blogRest, themesRest, onboardingRest, teamRest, trackingRest, testEmailRest]) app.route('/', routes);
  app.all('/api/*', (c) => errorResponse(c, new AppError('NOT_FOUND', MSG.notFoundApi)));
}

/** The public paths (vendors' webhooks, readers' pages, tracking, the blog's feed, signup forms), web fonts and the sitemap. */
function mountPublic(app: Hono<AppEnv>, deps: Deps, context: MiddlewareHandler<AppEnv>) {
  // Signup forms on other sites post to /f/ cross-site; the app's own state-changing paths stay under /api.
  for (const at of ['/webhooks/*', '/u/*', '/p/*', '/t/*', '/media/*', '/blog/feed.xml', '/f/*']) app.use(at, context);
  app.route('/webhooks', webhooksRest);
  for (const routes of [publicDeliveryRest, trackingPublicRest, blogPublicRest, formsPublicRest]) app.route('/', routes);

  // Saved themes' web fonts, for mail clients on any origin.
  app.get('/fonts/:file', async (c) => {
    const bytes = await webFontFile(c.req.param('file'));
    if (!bytes) return c.text('Not found', 404);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'font/woff2',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
  });

  app.get('/sitemap.xml', async (c) => {
    const pages = ['/', '/auth', '/blog', '/roadmap', '/help', '/quick-start-guide', '/developers', '/terms', '/privacy', '/refund'];
    // Published blog posts follow the fixed pages (src/server/blog/public-pages.ts).
    return c.body(await sitemapXml(deps.db, deps.env.APP_URL, pages), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });
}

/** The built client: its files, and the app shell for every other address (a 404 where no client route matches). */
function mountClient(app: Hono<AppEnv>, deps: Deps, clientDir: string) {
  const root = path.relative(process.cwd(), clientDir) || '.';
  const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', compress(), serveStatic({ root }));
  // Client routes are served the app shell; an address no route matches gets the same shell (which
  // shows the not-found page) with a 404, so crawlers and tools see a real not-found.
  const isClientRoute = loadClientRoutes(clientDir);
  app.get('*', async (c) => {
    // /blog and its posts are known to the server: their title and meta tags for crawlers, and a 404 for a post that is not published.
    // A white-label publication's readers' pages name the publication only, even before the client runs.
    const servedFor = c.get('customDomain')?.userId;
    const reader = await readerShell(deps, { path: c.req.path, token: c.req.query('token'), servedFor }, indexHtml);
    if (reader) return c.html(reader, !isClientRoute || isClientRoute(c.req.path) ? 200 : 404, { 'Cache-Control': 'no-cache' });
    const page = (await blogShell(deps.db, deps.env.APP_URL, c.req.path, indexHtml)) ?? {
      html: indexHtml,
      status: !isClientRoute || isClientRoute(c.req.path) ? 200 : 404,
    };
    return c.html(page.html, page.status, { 'Cache-Control': 'no-cache' });
  });
}

export function createApp(deps: Deps, opts: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  if (!opts.secureResponses) app.use('*', securityHeaders({ production: deps.env.isProduction }));
  // An account's custom domain reaches its readers' pages only (white-label).
  app.use('*', customDomainGate(deps));
  const limits = bodyLimits();
  mountApi(app, deps, apiContext(deps, limits));
  mountPublic(app, deps, publicContext(deps, limits.limitBody));
  if (opts.clientDir && fs.existsSync(path.join(opts.clientDir, 'index.html'))) mountClient(app, deps, opts.clientDir);
  app.onError((err, c) => {
    c.set('deps', deps);
    return errorResponse(c, err);
  });
  return app;
}
