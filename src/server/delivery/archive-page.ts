// The page of one sent issue (/p/<slug>/issues/<id>, the mailed "View in your browser" link): a page of
// its publication, not the mail on its own. The publication's header (name, logo, accent: the readers'
// pages' brand, readers/pages/reader-brand.ts) with its archive and a subscribe form, then the issue as its readers got it, without
// what only a mail needs (the "You are receiving this email" line; the stored copy has no per-reader
// links). Written by the server with no script, so it paints from HTML and the form works without
// JavaScript (it posts to the same address). Every text from a creator is escaped; the issue's own HTML
// is the renderer's (feed text escaped, Markdown sanitised) and keeps its light and dark styles.
import { escapeHtml } from '../xml';
import { toWebVersion } from '../newsletter/render';
import type { ReaderBrand } from '../readers/pages/reader-brand';

export interface IssuePage {
  name: string;
  slug: string;
  sendId: string;
  subject: string;
  webHtml: string;
  brand: ReaderBrand;
  now: Date;
}

/** What a post of the subscribe form got: the neutral "check your inbox", or what to correct or wait for. */
export interface SubscribeAnswer {
  ok: boolean;
  message: string;
}

const STYLE = `
.rp{--rp-bg:#fff;--rp-tx:#18181b;--rp-mu:#52525b;--rp-bd:#e4e4e7;--rp-card:#fafafa;--rp-in:#fff;--rp-inb:#71717a;--rp-ok:#065f46;--rp-okbg:#ecfdf5;--rp-err:#b91c1c;
  margin:0;background:var(--rp-bg);color:var(--rp-tx);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
@media (prefers-color-scheme:dark){.rp{--rp-bg:#09090b;--rp-tx:#fafafa;--rp-mu:#a1a1aa;--rp-bd:#27272a;--rp-card:#18181b;--rp-in:#09090b;--rp-inb:#71717a;--rp-ok:#a7f3d0;--rp-okbg:#022c22;--rp-err:#fca5a5}}
.rp-head *,.rp-sub *,.rp-foot *{box-sizing:border-box}
.rp-skip{position:absolute;left:-10000px}.rp-skip:focus{left:16px;top:8px;padding:8px 12px;background:var(--rp-bg);color:var(--rp-ln);z-index:1}
.rp-head{border-bottom:1px solid var(--rp-bd)}
.rp-bar{max-width:72rem;margin:0 auto;padding:0 16px;min-height:64px;display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 16px}
.rp-name{display:flex;align-items:center;gap:12px;min-width:0;color:var(--rp-tx);font-weight:600;font-size:1rem;text-decoration:none;overflow-wrap:anywhere}
.rp-name img{height:36px;width:auto;max-width:50vw}
.rp-nav{display:flex;gap:16px;font-size:.9375rem}
.rp-nav a,.rp-skip{color:var(--rp-ln);text-underline-offset:3px}
.rp a:focus-visible,.rp input:focus-visible,.rp button:focus-visible{outline:2px solid var(--rp-ln);outline-offset:2px}
.rp-issue{overflow-x:auto}
.rp-sub{max-width:40rem;margin:40px auto;padding:24px 16px;border:1px solid var(--rp-bd);border-radius:12px;background:var(--rp-card)}
.rp-wrap{padding:0 16px}
.rp-sub h2{margin:0;font-size:1.25rem;line-height:1.4}
.rp-sub p{margin:8px 0 0;color:var(--rp-mu)}
.rp-sub form{margin-top:16px;display:grid;gap:12px}
@media (min-width:640px){.rp-sub form{grid-template-columns:1fr 1fr}.rp-sub button,.rp-sub .rp-answer{grid-column:1/-1}}
.rp-field{display:grid;gap:6px}
.rp-field label{font-size:.875rem;font-weight:500}
.rp-field input{width:100%;padding:.55rem .7rem;font:inherit;border:1px solid var(--rp-inb);border-radius:8px;background:var(--rp-in);color:var(--rp-tx)}
.rp-sub button{padding:.65rem 1rem;font:inherit;font-weight:600;border:0;border-radius:8px;background:var(--rp-ln);color:var(--rp-on);cursor:pointer}
.rp-answer{margin:16px 0 0;padding:12px 16px;border-radius:8px}
.rp-sub .rp-ok{color:var(--rp-ok);background:var(--rp-okbg)}
.rp-sub .rp-err{color:var(--rp-err)}
.rp-foot{border-top:1px solid var(--rp-bd)}
.rp-foot div{max-width:72rem;margin:0 auto;padding:24px 16px;font-size:.75rem;color:var(--rp-mu);display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px 16px}
.rp-foot p{margin:0}.rp-foot a{color:var(--rp-mu)}
`;

/** The issue's own styles (its dark mode, fonts, phone layout) and its body, as the body's attributes on a wrapper. */
function issueParts(webHtml: string): { styles: string; attrs: string; body: string } {
  const html = toWebVersion(webHtml);
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const styles = [...head.matchAll(/<style[^>]*>[\s\S]*?<\/style>/gi)].map((m) => m[0]).join('');
  const body = /<body([^>]*)>([\s\S]*)<\/body>/i.exec(html);
  return { styles, attrs: body?.[1] ?? '', body: body?.[2] ?? html };
}

const hex = (c: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : fallback);

/** The publication's accent as the page's link and button colours, light and dark (each WCAG AA on its ground). */
function accentStyle(brand: ReaderBrand): string {
  const l = brand.light;
  const d = brand.dark;
  return `.rp{--rp-ln:${hex(l.accent, '#3730a3')};--rp-on:${hex(l.onAccent, '#ffffff')}}@media (prefers-color-scheme:dark){.rp{--rp-ln:${hex(d.accent, '#a5b4fc')};--rp-on:${hex(d.onAccent, '#09090b')}}}`;
}

/** "Made with Curated" (never for white-label): once on the page — a copy that carries the mail's own line needs no second. */
export function madeWithLine(brand: ReaderBrand, issueHtml = ''): string {
  if (brand.whiteLabel || /Made with <strong>Curated<\/strong>/.test(issueHtml)) return '';
  return `<p class="rp-made"><a href="/">Made with Curated</a></p>`;
}

export function issuePageHtml(p: IssuePage, answer?: SubscribeAnswer): string {
  const name = escapeHtml(p.name);
  const home = p.brand.home ?? `/p/${encodeURIComponent(p.slug)}`;
  const self = `${home}/issues/${encodeURIComponent(p.sendId)}`;
  const issue = issueParts(p.webHtml);
  const color = hex(p.brand.color, '');
  const logo = p.brand.logo ? `<img src="${escapeHtml(p.brand.logo.src)}" alt="" width="${p.brand.logo.width}" height="${p.brand.logo.height}">` : '';
  const said = answer
    ? `<p class="rp-answer ${answer.ok ? 'rp-ok' : 'rp-err'}" role="${answer.ok ? 'status' : 'alert'}">${escapeHtml(answer.message)}</p>`
    : '';
  const form = answer?.ok
    ? ''
    : `<form method="post" action="${escapeHtml(self)}#subscribe" accept-charset="utf-8" aria-label="Subscribe to ${name}">
<div class="rp-field"><label for="rp-email">Email</label><input id="rp-email" type="email" name="email" required maxlength="254" autocomplete="email" placeholder="you@example.com"></div>
<div class="rp-field"><label for="rp-first">First name (optional)</label><input id="rp-first" type="text" name="name" maxlength="200" autocomplete="given-name"></div>
<button type="submit">Subscribe</button>
</form>`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(p.subject)} · ${name}</title><meta name="description" content="${escapeHtml(`${p.name}: every new issue in your inbox.`)}"><style>${STYLE}${accentStyle(p.brand)}</style>${issue.styles}</head>
<body class="rp">
<a class="rp-skip" href="#issue">Skip to the issue</a>
<header class="rp-head"${color ? ` style="border-top:4px solid ${color}"` : ''}><div class="rp-bar">
<a class="rp-name" href="${escapeHtml(home)}" data-testid="reader-brand">${logo}<span>${name}</span></a>
<nav class="rp-nav" aria-label="${name}"><a href="${escapeHtml(p.brand.archiveUrl ?? home)}">All issues</a><a href="#subscribe">Subscribe</a></nav>
</div></header>
<main>
<article id="issue" class="rp-issue" aria-label="${escapeHtml(p.subject)}"><div${issue.attrs}>${issue.body}</div></article>
<div class="rp-wrap"><section id="subscribe" class="rp-sub" aria-labelledby="subscribe-title">
<h2 id="subscribe-title">Subscribe to ${name}</h2>
<p>Get every new issue in your inbox. Free, and you can unsubscribe at any time.</p>
${said}${form}
</section></div>
</main>
<footer class="rp-foot"><div><p>© ${p.now.getUTCFullYear()} ${name}</p>${madeWithLine(p.brand, issue.body)}</div></footer>
</body></html>`;
}
