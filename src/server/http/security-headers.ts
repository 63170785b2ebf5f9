// Security headers for every response, computed once at start (the hot path only copies them).
import type { MiddlewareHandler } from 'hono';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Styles allow inline: React style attributes, Radix positioning, and newsletter previews in
  // srcdoc frames (which inherit this policy). Scripts never do.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

export function securityHeaders(opts: { production: boolean }): MiddlewareHandler {
  const headers: [string, string][] = [
    ['Content-Security-Policy', CSP],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
  if (opts.production) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return async (c, next) => {
    // Under @hono/node-server, set them on the node response (merged into writeHead): setting them on
    // the web Response would run undici's header validation on every request of the hot path.
    const outgoing = (c.env as { outgoing?: { setHeader(k: string, v: string): void; headersSent: boolean } } | undefined)?.outgoing;
    if (outgoing && !outgoing.headersSent) {
      for (const [k, v] of headers) outgoing.setHeader(k, v);
      return next();
    }
    await next();
    for (const [k, v] of headers) c.res.headers.set(k, v);
  };
}
