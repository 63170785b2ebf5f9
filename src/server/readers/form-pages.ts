// The pages /f/<id> answers, written by the server (no script, no client bundle): the form itself for
// the iframe variant, and the answer to a post (the thank-you page, or what was wrong with the input).
// Every text that came from a creator or a reader is escaped. They carry their own policy: other sites
// may frame them (frame-ancestors *), and the form posts only to this origin.
import { escapeHtml } from '../xml';
import { SIGNUP_MSG } from '../subscribers/messages';
import { HONEYPOT_FIELD, ISSUED_FIELD } from './forms';

const BASE_POLICY = ["default-src 'none'", "style-src 'unsafe-inline'", "base-uri 'none'", 'frame-ancestors *'];

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

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
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

/** The one answer to every accepted or refused post: the hosted page's wording. */
export function thanksHtml(publicationName: string): string {
  return page(SIGNUP_MSG.checkInbox, `<h1>${escapeHtml(publicationName)}</h1><p role="status">${escapeHtml(SIGNUP_MSG.checkInbox)}</p>`);
}

/**
 * What a person can correct or retry (a mistyped address, a mail that could not leave), said plainly; a
 * message that already says when to try again (too many sign-ups) needs no second line.
 */
export function problemHtml(message: string, hint: string | null = 'Go back to the form and try again.'): string {
  return page(message, `<h1>${escapeHtml(message)}</h1>${hint ? `<p>${escapeHtml(hint)}</p>` : ''}`);
}
