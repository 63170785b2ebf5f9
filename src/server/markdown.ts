// Markdown written by staff (blog posts, onboarding e-mails, product newsletters) to HTML that is safe to
// serve: marked renders (GitHub-flavoured; raw HTML in the Markdown goes on to the sanitiser), then
// sanitize-html keeps an allow-list of tags and attributes. Links: http(s) and mailto only. Images:
// http(s), or the product's own uploads under /media/. Scripts, event handlers, styles, iframes, forms and
// javascript:/data: URLs never survive. The same rules for the web and for e-mail.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

const OWN_MEDIA = /^\/media\/[A-Za-z0-9_-]+(\.[a-z]+)?$/;
const ABSOLUTE = /^https?:\/\//i;

function rules(opts: { appUrl?: string; web: boolean }): sanitizeHtml.IOptions {
  return {
    allowedTags: TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      th: ['align'],
      td: ['align'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    allowedClasses: {},
    // Dropped with their content: nothing of a script or style may show up as text either.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title'],
    disallowedTagsMode: 'discard',
    transformTags: {
      // The page's own title is the only h1: a # heading in the body becomes h2.
      h1: 'h2',
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        const own = OWN_MEDIA.test(src);
        const ok = own || ABSOLUTE.test(src);
        const { src: _src, ...rest } = attribs;
        void _src;
        if (!ok) return { tagName, attribs: rest };
        const finalSrc = own && opts.appUrl ? `${opts.appUrl}${src}` : src;
        return { tagName, attribs: { ...rest, src: finalSrc, ...(opts.web ? { loading: 'lazy' } : {}) } };
      },
    },
    // An image whose address was refused is dropped rather than shown broken.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

const WEB = rules({ web: true });

function render(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/** Markdown to sanitised HTML for the product's pages (blog). Uploaded images stay relative (/media/...). */
export function markdownToSafeHtml(markdown: string): string {
  return sanitizeHtml(render(markdown), WEB);
}

function emailHtml(markdown: string, appUrl: string): string {
  return sanitizeHtml(render(markdown), rules({ appUrl, web: false }));
}

/**
 * A body in its mail's outline: the mail's own title (nameplate, publication or product name) is its one
 * h1, so the body's headings start at h2 and each goes at most one level below the heading it follows
 * (## #### ### become h2 h3 h3). An image written without words gets alt="" rather than none, which screen
 * readers would read as its address (the issue's pre-send check asks the creator for words).
 */
function inMailOutline(html: string): string {
  const open: { written: number; level: number }[] = [];
  let level = 2;
  return html
    .replace(/<(\/?)h([2-4])(?=[\s>])/g, (_m, close: string, l: string) => {
      if (close) return `</h${level}`;
      const written = Number(l);
      while (open.length && open[open.length - 1]!.written >= written) open.pop();
      level = (open[open.length - 1]?.level ?? 1) + 1;
      open.push({ written, level });
      return `<h${level}`;
    })
    .replace(/<img\b(?![^>]*\salt=)/g, '<img alt=""');
}

/** Markdown to sanitised HTML for e-mail bodies; uploaded images are made absolute with `appUrl`. */
export function markdownToEmailHtml(markdown: string, appUrl: string): string {
  return inMailOutline(emailHtml(markdown, appUrl));
}

/**
 * Sanitised e-mail HTML with an inline style (and a class, for the dark-mode overrides) on each tag that
 * `styles` names: the sanitiser allows no style or class, so these are the only ones in the output, and
 * its output escapes '<' everywhere but in tags, so matching a tag's opening is exact.
 */
export function markdownToStyledEmailHtml(markdown: string, appUrl: string, styles: Partial<Record<string, { style: string; className?: string }>>): string {
  // Styled by the level the creator wrote, so a heading keeps its look when the outline moves it.
  const styled = emailHtml(markdown, appUrl).replace(/<([a-z][a-z0-9]*)(?=[\s>/])/g, (m, tag: string) => {
    const s = styles[tag];
    if (!s) return m;
    return `<${tag} style="${s.style.replace(/"/g, "'")}"${s.className ? ` class="${s.className}"` : ''}`;
  });
  return inMailOutline(styled);
}

/** Plain text of a Markdown body (e-mail text part, excerpts, feed descriptions); `links`: a link's address follows its text. */
export function markdownToText(markdown: string, opts: { links?: boolean } = {}): string {
  let html = render(markdown);
  // A link keeps its address after its text (unless the text is the address): the sanitiser checked the
  // scheme and escaped the attribute, so the match is exact.
  if (opts.links)
    html = sanitizeHtml(html, WEB).replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_m, href: string, inner: string) =>
      inner.replace(/<[^>]*>/g, '') === href.replace(/&amp;/g, '&') ? inner : `${inner} (${href})`,
    );
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote|pre|tr)>/g, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'noscript', 'iframe', 'template', 'title'],
  });
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The images a Markdown body shows without alt text, each as written (`raw`: the `![](…)` or the `<img …>`
 * tag), so a fix can give exactly that image its words. Read by marked's own lexer: an image inside code
 * is not an image.
 */
export function imagesWithoutAlt(markdown: string): { src: string; raw: string }[] {
  const out: { src: string; raw: string }[] = [];
  // Synchronous here: the callback returns nothing to wait for.
  void marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'image' && !token.text.trim()) out.push({ src: token.href, raw: token.raw });
    if (token.type === 'html')
      for (const tag of token.raw.match(/<img\b[^>]*>/gi) ?? []) {
        const alt = /\salt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
        if (!alt || !(alt[1] ?? alt[2] ?? alt[3] ?? '').trim()) out.push({ src: /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1] ?? '', raw: tag });
      }
  });
  return out;
}
