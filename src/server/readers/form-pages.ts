// The pages /f/<id> answers, written by the server (no script, no client bundle): the form itself for
// the iframe variant, and the answer to a post (the thank-you page, or what was wrong with the input).
// Every text that came from a creator or a reader is escaped. They carry their own policy: other sites
// may frame them (frame-ancestors *), and the form posts only to this origin. The thank-you page is a
// page of the publication (readers/pages/reader-brand.ts): its logo, name and accent, a way back to the
// creator's site the form was posted from, its archive, and "Made with Curated" unless white-label.
import { escapeHtml } from '../xml';
import type { ReaderBrand } from './pages/reader-brand';
import { SIGNUP_MSG } from './subscription/messages';
import { HONEYPOT_FIELD, ISSUED_FIELD } from './forms';

const BASE_POLICY = ["default-src 'none'", "style-src 'unsafe-inline'", "img-src 'self'", "base-uri 'none'", 'frame-ancestors *'];

/** The headers of every /f page: framable anywhere, never cached (the form's render time is fresh). */
export const FORM_PAGE_HEADERS = {
  'Content-Security-Policy': [...BASE_POLICY, "form-action 'self'"].join('; '),
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'no-store',
} as const;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:16px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#18181b;background:transparent}
h1{font-size:1.125rem;margin:0 0 .75rem}
p{margin:0 0 .75rem}
form{display:grid;gap:.5rem;max-width:440px}
label{font-size:.875rem;font-weight:500}
input{width:100%;padding:.55rem .7rem;font:inherit;border:1px solid #a1a1aa;border-radius:8px;background:#fff;color:#18181b}
button{padding:.6rem 1rem;font:inherit;font-weight:600;border:0;border-radius:8px;background:#4338ca;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible{outline:2px solid #4338ca;outline-offset:2px}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
`;

function page(title: string, body: string, style = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}${style}</style></head><body>${body}</body></html>`;
}

const hex = (c: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : fallback);

/** The thank-you page's own ground (it may be framed on any site, so it never relies on the site's), light and dark. */
function thanksStyle(brand: ReaderBrand): string {
  return `:root{color-scheme:light dark}
body{background:#fff;color:#18181b}
.th{max-width:440px;margin:0 auto;padding:8px 0}
.th-bar{height:4px;border-radius:2px;background:${hex(brand.color, '#4338ca')};margin-bottom:16px}
.th-name{display:flex;align-items:center;gap:10px}
.th-name img{height:32px;width:auto;max-width:60%}
.th a{color:${hex(brand.light.accent, '#3730a3')};text-underline-offset:3px}
.th-links{display:flex;flex-wrap:wrap;gap:8px 16px;margin:1rem 0}
.th-made{margin-top:1.5rem;font-size:.75rem;color:#52525b}.th .th-made a{color:#52525b}
@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}.th a{color:${hex(brand.dark.accent, '#a5b4fc')}}.th-made,.th .th-made a{color:#a1a1aa}}`;
}

/** The form itself (the iframe's page); `issued` is the signed render time the post is checked against. */
export function formPageHtml(publicationName: string, formId: string, issued: string): string {
  const id = (name: string) => `${name}-${escapeHtml(formId.slice(0, 8))}`;
  return page(
    publicationName,
    `<form action="/f/${encodeURIComponent(formId)}" method="post" accept-charset="utf-8">
<h1>${escapeHtml(publicationName)}</h1>
<label for="${id('email')}">Email</label>
<input id="${id('email')}" type="email" name="email" required maxlength="254" autocomplete="email">
<label for="${id('name')}">Name (optional)</label>
<input id="${id('name')}" type="text" name="name" maxlength="200" autocomplete="name">
<div class="hp" aria-hidden="true"><label>Leave this empty <input type="text" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></div>
<input type="hidden" name="${ISSUED_FIELD}" value="${escapeHtml(issued)}">
<button type="submit">Subscribe</button>
</form>`,
  );
}

/** Where the reader was when they posted the form: the creator's site, named by its host. */
export interface BackLink {
  href: string;
  host: string;
}

/**
 * The one answer to every accepted or refused post: the hosted page's wording, in the publication's brand,
 * with a link back to the creator's site the form was posted from (`back`; none inside the form's own
 * iframe, which sits on that site) and to its archive. Links leave the iframe (target _top / a new tab).
 */
export function thanksHtml(brand: ReaderBrand, opts: { back: BackLink | null; framed: boolean }): string {
  const name = escapeHtml(brand.name);
  const logo = brand.logo ? `<img src="${escapeHtml(brand.logo.src)}" alt="" width="${brand.logo.width}" height="${brand.logo.height}">` : '';
  const out = opts.framed ? ' target="_blank" rel="noopener"' : '';
  const links = [
    opts.back ? `<a href="${escapeHtml(opts.back.href)}" target="_top">Back to ${escapeHtml(opts.back.host)}</a>` : '',
    brand.archiveUrl ? `<a href="${escapeHtml(brand.archiveUrl)}#past-issues"${out}>Past issues of ${name}</a>` : '',
  ].filter(Boolean);
  const made = brand.whiteLabel ? '' : `<p class="th-made"><a href="/"${out}>Made with Curated</a></p>`;
  return page(
    SIGNUP_MSG.checkInbox,
    `<main class="th"><div class="th-bar"></div><h1 class="th-name">${logo}<span>${name}</span></h1><p role="status">${escapeHtml(SIGNUP_MSG.checkInbox)}</p>${
      links.length ? `<p class="th-links">${links.join('')}</p>` : ''
    }${made}</main>`,
    thanksStyle(brand),
  );
}

/**
 * The creator's page the form was posted from: the Referer (the whole address, when the site's policy
 * sends it) or else the Origin, an http(s) address of another site than this one; null otherwise (the
 * iframe's own page, a stripped referrer). Only a link the reader may follow, never a redirect.
 */
export function backLinkOf(headers: { referer?: string; origin?: string }, ownOrigins: readonly string[]): BackLink | null {
  for (const value of [headers.referer, headers.origin]) {
    if (!value || value === 'null' || value.length > 2000) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || ownOrigins.includes(url.origin)) continue;
    url.hash = '';
    return { href: url.href, host: url.host };
  }
  return null;
}

/**
 * What a person can correct or retry (a mistyped address, a mail that could not leave), said plainly; a
 * message that already says when to try again (too many sign-ups) needs no second line.
 */
export function problemHtml(message: string, hint: string | null = 'Go back to the form and try again.'): string {
  return page(message, `<h1>${escapeHtml(message)}</h1>${hint ? `<p>${escapeHtml(hint)}</p>` : ''}`);
}
