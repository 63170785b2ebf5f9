// Security headers for every response, computed once at start. The real server writes them with the
// status line (secureServerResponse); where no node response exists (app.request() in tests, other
// adapters) the middleware sets them on the web Response.
import http from 'node:http';
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

function headerList(production: boolean): [string, string][] {
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
  if (production) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/**
 * A route whose own policy names frame-ancestors (the embeddable signup form) decides its framing there:
 * X-Frame-Options, which cannot say "any site", is then left out rather than contradicting it.
 */
const decidesFraming = (csp: unknown) => typeof csp === 'string' && csp.includes('frame-ancestors');

type HeaderArg = http.OutgoingHttpHeaders | http.OutgoingHttpHeader[] | undefined;
const SECURED = Symbol('secured-response');

/**
 * The node response class of the real server (index.ts passes it to serve()). Its writeHead sends the
 * security headers with the response's own in one flat list. Setting them with setHeader instead, even
 * once, moves node onto its slower header path for the whole response: measured ~8 µs of a ~48 µs
 * signed-in /api/auth/check. A header the route set itself wins over the default.
 */
export function secureServerResponse(opts: { production: boolean }): typeof http.ServerResponse {
  const defaults = headerList(opts.production);
  // A default's bit in a mask of the ones the route set itself (fewer than 32 defaults).
  const bitOf = new Map(defaults.map(([name], i) => [name.toLowerCase(), 1 << i]));
  const CSP_BIT = bitOf.get('content-security-policy')!;
  const XFO_BIT = bitOf.get('x-frame-options')!;
  const own = (name: string, value: unknown): number => {
    const bit = bitOf.get(name.toLowerCase()) ?? 0;
    return bit === CSP_BIT && decidesFraming(value) ? bit | XFO_BIT : bit;
  };
  class SecureServerResponse extends http.ServerResponse {
    readonly [SECURED] = true;

    override writeHead(status: number, reason?: string | HeaderArg, headers?: HeaderArg): this {
      const message = typeof reason === 'string' ? reason : undefined;
      const given = typeof reason === 'string' ? headers : reason;
      let set = 0;
      const flat: string[] = [];
      if (Array.isArray(given)) {
        for (let i = 0; i + 1 < given.length; i += 2) {
          const name = String(given[i]);
          const value = String(given[i + 1]);
          set |= own(name, value);
          flat.push(name, value);
        }
      } else if (given) {
        for (const name in given) {
          const value = given[name];
          if (value === undefined) continue;
          set |= own(name, value);
          if (Array.isArray(value)) for (const one of value) flat.push(name, one);
          else flat.push(name, String(value));
        }
      }
      // Headers set earlier with setHeader (node keeps them and writes them too).
      for (const name of this.getHeaderNames()) set |= own(name, this.getHeader(name));
      for (let i = 0; i < defaults.length; i++) if (!(set & (1 << i))) flat.push(defaults[i]![0], defaults[i]![1]);
      return message === undefined ? super.writeHead(status, flat) : super.writeHead(status, message, flat);
    }
  }
  // node types the option as the generic class; this one serves the default IncomingMessage.
  return SecureServerResponse as unknown as typeof http.ServerResponse;
}

export function securityHeaders(opts: { production: boolean }): MiddlewareHandler {
  const headers = headerList(opts.production);
  return async (c, next) => {
    const outgoing = (c.env as { outgoing?: { [SECURED]?: boolean } } | undefined)?.outgoing;
    if (outgoing?.[SECURED]) return next();
    await next();
    const framing = decidesFraming(c.res.headers.get('content-security-policy'));
    for (const [name, value] of headers) if (!c.res.headers.has(name) && !(framing && name === 'X-Frame-Options')) c.res.headers.set(name, value);
  };
}
