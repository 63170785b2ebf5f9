// Tracking of sent issues: the open pixel and signed click redirects (outside /api), and analytics REST paths.
// A click always redirects when its token is valid; the event is handed to the recorder
// (tracking/recorder.ts), which writes it in a batch behind the answer (a failed write is logged, never
// shown); a forged or altered token gets a page saying so and never a redirect
// to anything the request carries (no open redirect).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/types';
import { csvDownload } from './adapter';
import { readClickToken, readOpenToken } from '../tracking/tokens';
import { linkTarget } from '../tracking/record';

export const TRACKING_MSG = {
  invalidLink: 'This link is not valid.',
  goneLink: 'This issue was removed by its publisher, so its links no longer lead anywhere.',
} as const;

/** The 43-byte transparent 1x1 GIF. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

const NO_STORE = { 'Cache-Control': 'no-store, max-age=0', 'Referrer-Policy': 'no-referrer' } as const;

/** Header values must be ASCII: anything else in the stored address is percent-encoded (UTF-8), the rest kept as is. */
export const locationHeader = (url: string) => url.replace(/[^\x21-\x7e]/gu, (ch) => encodeURIComponent(ch));

function page(c: Context<AppEnv>, status: 400 | 410, message: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${message}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#18181b"><h1 style="font-size:1.25rem">${message}</h1><p>If you copied it from an e-mail, check that the whole address was copied.</p></body></html>`;
  return c.html(html, status, NO_STORE);
}

const facts = (c: Context<AppEnv>) => ({ ip: c.get('ip') ?? '', userAgent: c.req.header('user-agent') ?? '', method: c.req.method, at: c.get('deps').now() });

/** /t/*: mounted after the public context (no session, no CSRF; the signed token is the authority). */
export const trackingPublicRest = new Hono<AppEnv>()
  .on(['GET', 'HEAD'], '/t/c/:token', async (c) => {
    const deps = c.get('deps');
    const ref = readClickToken(deps.env.APP_SECRET, c.req.param('token'));
    if (!ref) return page(c, 400, TRACKING_MSG.invalidLink);
    const target = await linkTarget(deps.db, ref);
    if (target === 'gone') return page(c, 410, TRACKING_MSG.goneLink);
    if (!target) return page(c, 400, TRACKING_MSG.invalidLink);
    await deps.tracking.click(ref, facts(c), target.url);
    return c.body(null, 302, { ...NO_STORE, Location: locationHeader(target.url) });
  })
  .on(['GET', 'HEAD'], '/t/o/:token', async (c) => {
    const deps = c.get('deps');
    // The image is answered whatever happens: a broken pixel must never show in a reader's mail.
    const ref = readOpenToken(deps.env.APP_SECRET, c.req.param('token').replace(/\.gif$/, ''));
    if (ref && c.req.method === 'GET') await deps.tracking.open(ref, facts(c));
    return c.body(new Uint8Array(PIXEL_GIF), 200, {
      ...NO_STORE,
      // Webmail shows the image from its own origin; the app's default same-origin policy would block it.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Content-Type': 'image/gif',
      'Content-Length': String(PIXEL_GIF.length),
    });
  });

/** /api/analytics/*: with the session, like the other REST paths. */
export const trackingRest = new Hono<AppEnv>()
  .get('/api/analytics/export', (c) =>
    csvDownload(c, (api) =>
      api.analytics.exportCsv({ publicationId: c.req.query('publicationId') || undefined, limit: Number(c.req.query('limit')) || undefined }),
    ),
  )
  .get('/api/analytics/growth-export', (c) =>
    csvDownload(c, (api) =>
      api.readers.growthCsv({ publicationId: c.req.query('publicationId') || undefined, weeks: Number(c.req.query('weeks')) || undefined }),
    ),
  );
