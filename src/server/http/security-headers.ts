// Security headers for every response, computed once at start: the document policy, or for JSON the API
// policy. The real server writes them with the status line (secureServerResponse); where no node response
// exists (app.request() in tests, other adapters) the middleware sets them on the web Response.
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

type HeaderList = [string, string][];

const HSTS: [string, string] = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'];

/** For documents (pages, feeds, files): the full browser policy. */
function documentHeaders(production: boolean): HeaderList {
  const headers: HeaderList = [
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
  return production ? [...headers, HSTS] : headers;
}

/**
 * For JSON (every API answer): the set OWASP's REST Security Cheat Sheet gives for API responses. JSON is
 * never a document the app shows, so it loads nothing, is framed nowhere and is not sniffed into one; CORP
 * keeps it out of other sites' no-cors reads. The document policy's other headers only act on documents,
 * and cost each API answer ~500 bytes and the server their validation.
 */
function jsonHeaders(production: boolean): HeaderList {
  const headers: HeaderList = [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ];
  return production ? [...headers, HSTS] : headers;
}

const isJson = (contentType: unknown) => typeof contentType === 'string' && /^application\/json\b/i.test(contentType);

/**
 * A route whose own policy names frame-ancestors (the embeddable signup form) decides its framing there:
 * X-Frame-Options, which cannot say "any site", is then left out rather than contradicting it.
 */
const decidesFraming = (csp: unknown) => typeof csp === 'string' && csp.includes('frame-ancestors');

type HeaderArg = http.OutgoingHttpHeaders | http.OutgoingHttpHeader[] | undefined;
const SECURED = Symbol('secured-response');

/** A header list with each name's bit (a mask of the ones a route set itself marks what to leave out). */
function policy(headers: HeaderList) {
  const bitOf = new Map(headers.map(([name], i) => [name.toLowerCase(), 1 << i]));
  return { headers, bitOf, csp: bitOf.get('content-security-policy')!, xfo: bitOf.get('x-frame-options')! };
}

/**
 * The node response class of the real server (index.ts passes it to serve()). Its writeHead sends the
 * security headers with the response's own in one flat list. Setting them with setHeader instead, even
 * once, moves node onto its slower header path for the whole response: measured ~8 µs of a ~48 µs
 * signed-in /api/auth/check. A header the route set itself wins over the default.
 */
export function secureServerResponse(opts: { production: boolean }): typeof http.ServerResponse {
  const documents = policy(documentHeaders(opts.production));
  const json = policy(jsonHeaders(opts.production));
  class SecureServerResponse extends http.ServerResponse {
    readonly [SECURED] = true;

    override writeHead(status: number, reason?: string | HeaderArg, headers?: HeaderArg): this {
      const message = typeof reason === 'string' ? reason : undefined;
      const given = typeof reason === 'string' ? headers : reason;
      const flat: string[] = [];
      if (Array.isArray(given)) {
        for (let i = 0; i + 1 < given.length; i += 2) flat.push(String(given[i]), String(given[i + 1]));
      } else if (given) {
        for (const name in given) {
          const value = given[name];
          if (value === undefined) continue;
          if (Array.isArray(value)) for (const one of value) flat.push(name, one);
          else flat.push(name, String(value));
        }
      }
      // Headers set earlier with setHeader (node keeps them and writes them too).
      const earlier = this.getHeaderNames();
      for (const name of earlier) flat.push(name, String(this.getHeader(name)));
      let type: string | undefined;
      for (let i = 0; i < flat.length; i += 2) if (flat[i]!.length === 12 && flat[i]!.toLowerCase() === 'content-type') type = flat[i + 1];
      const use = isJson(type) ? json : documents;
      let set = 0;
      for (let i = 0; i < flat.length; i += 2) {
        const bit = use.bitOf.get(flat[i]!.toLowerCase()) ?? 0;
        set |= bit === use.csp && decidesFraming(flat[i + 1]) ? bit | use.xfo : bit;
      }
      // The ones set earlier are written by node from its own list; only the route's and the defaults go here.
      flat.length -= earlier.length * 2;
      for (let i = 0; i < use.headers.length; i++) if (!(set & (1 << i))) flat.push(use.headers[i]![0], use.headers[i]![1]);
      return message === undefined ? super.writeHead(status, flat) : super.writeHead(status, message, flat);
    }
  }
  // node types the option as the generic class; this one serves the default IncomingMessage.
  return SecureServerResponse as unknown as typeof http.ServerResponse;
}

export function securityHeaders(opts: { production: boolean }): MiddlewareHandler {
  const documents = documentHeaders(opts.production);
  const json = jsonHeaders(opts.production);
  return async (c, next) => {
    const outgoing = (c.env as { outgoing?: { [SECURED]?: boolean } } | undefined)?.outgoing;
    if (outgoing?.[SECURED]) return next();
    await next();
    const framing = decidesFraming(c.res.headers.get('content-security-policy'));
    const headers = isJson(c.res.headers.get('content-type')) ? json : documents;
    for (const [name, value] of headers) if (!c.res.headers.has(name) && !(framing && name === 'X-Frame-Options')) c.res.headers.set(name, value);
  };
}
