// Feed text made safe: HTML to folded plain text, summaries cut near 300 characters at a sentence or
// word boundary, links limited to absolute http(s), and the first image of some HTML.
import { Parser } from 'htmlparser2';
import { decodeHTML } from 'entities';

const BLOCK = new Set(['p', 'div', 'br', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'tr', 'table', 'section', 'article', 'figure', 'figcaption', 'hr']);
const SKIP = new Set(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'head', 'title']);

export interface HtmlInfo {
  text: string;
  firstImage: string | null;
}

/** Plain text of an HTML fragment (scripts and styles dropped, entities decoded) and its first image src. */
export function htmlInfo(html: string): HtmlInfo {
  if (!/[<&]/.test(html)) return { text: fold(html), firstImage: null };
  const out: string[] = [];
  let skipDepth = 0;
  let firstImage: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (SKIP.has(name)) skipDepth++;
        else if (BLOCK.has(name)) out.push(' ');
        if (name === 'img' && !firstImage && attrs.src) firstImage = attrs.src;
      },
      onclosetag(name) {
        if (SKIP.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (BLOCK.has(name)) out.push(' ');
      },
      ontext(text) {
        if (skipDepth === 0) out.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { text: fold(out.join('')), firstImage };
}

export function fold(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '').replace(/\s+/g, ' ').trim();
}

/** Plain text of a feed field that may be HTML or entity-escaped text. */
export function plainText(s: string | null | undefined): string {
  if (!s) return '';
  return htmlInfo(s).text;
}

/** Cuts text to about `max` characters: at a sentence end if one is reasonably close, else a word. */
export function cutSummary(text: string, max = 300): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max + 1);
  const sentence = Math.max(slice.lastIndexOf('. '), slice.lastIndexOf('! '), slice.lastIndexOf('? '));
  if (sentence >= max * 0.6) return slice.slice(0, sentence + 1);
  const space = slice.lastIndexOf(' ');
  const cut = space >= max * 0.6 ? slice.slice(0, space) : text.slice(0, max);
  return `${cut.replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** An absolute http(s) URL resolved against base, or null (javascript:, data:, mailto: and junk). */
export function safeHttpUrl(raw: string | null | undefined, base?: string | null): string | null {
  if (!raw) return null;
  const trimmed = decodeHTML(raw).trim();
  if (!trimmed) return null;
  try {
    const url = base ? new URL(trimmed, base) : new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

export function wordCount(text: string): number {
  const m = text.match(/\S+/g);
  return m ? m.length : 0;
}

/** 'N min' at 200 words a minute, at least 1. */
export function readTimeOf(words: number): string {
  return `${Math.max(1, Math.round(words / 200))} min`;
}
