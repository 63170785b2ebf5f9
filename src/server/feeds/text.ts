// Feed text made safe: HTML to folded plain text, summaries cut near 300 characters at a sentence or
// word boundary, links limited to absolute http(s), and the first image of some HTML.
import { Parser } from 'htmlparser2';
import { decodeHTML } from 'entities';

const BLOCK = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'tr',
  'table',
  'section',
  'article',
  'figure',
  'figcaption',
  'hr',
]);
const SKIP = new Set(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg', 'math', 'head', 'title']);

const decodeText = (t: string) => (t.includes('&') ? decodeHTML(t) : t);

// One tokenizer reused for every conversion (reset each time): building one per feed item costs more
// than tokenising the item's first kilobyte. Conversion is synchronous, so calls cannot interleave.
// Entities are decoded per text node with `entities`, which is much cheaper than the tokenizer's own.
const state = { out: [] as string[], length: 0, skipDepth: 0, limit: Infinity };
const textParser = new Parser(
  {
    onopentag(name) {
      if (SKIP.has(name)) state.skipDepth++;
      else if (BLOCK.has(name)) state.out.push(' ');
    },
    onclosetag(name) {
      if (SKIP.has(name)) state.skipDepth = Math.max(0, state.skipDepth - 1);
      else if (BLOCK.has(name)) state.out.push(' ');
    },
    ontext(text) {
      if (state.skipDepth === 0) {
        state.out.push(decodeText(text));
        state.length += text.length;
      }
    },
  },
  { decodeEntities: false, lowerCaseTags: true },
);

/** Folded plain text of HTML, tokenised in 1 KB steps until `limit` characters of text are collected. */
function htmlToText(html: string, limit = Infinity): string {
  if (!html.includes('<')) return fold(decodeText(html));
  state.out = [];
  state.length = 0;
  state.skipDepth = 0;
  textParser.reset();
  for (let i = 0; i < html.length && state.length < limit; i += 1024) textParser.write(html.slice(i, i + 1024));
  textParser.end();
  const text = fold(state.out.join(''));
  state.out = [];
  return text;
}

export interface HtmlDigest {
  /** Folded plain text of the start of the HTML: enough for a summary, not the whole body. */
  lead: string;
  words: number;
  firstImage: string | null;
  /** That image's own words (its alt, else its title attribute), or null. */
  firstImageAlt: string | null;
}

const LEAD_CHARS = 600;
const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/i;
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return m ? decodeHTML(m[1] ?? m[2] ?? m[3] ?? '') : '';
};
/** An image's words as the feed's HTML gives them: its alt, else its title; folded plain text, at most 300 characters. */
const imageWords = (tag: string) => fold(attr(tag, 'alt') || attr(tag, 'title')).slice(0, 300) || null;

/**
 * What an article needs from a possibly long HTML body: the plain text of its start, its word count
 * and its first image with its words. Feeds carry whole articles, so bodies are not tokenised in full.
 */
export function digestHtml(html: string): HtmlDigest {
  if (!html.includes('<')) {
    const text = fold(decodeText(html));
    return { lead: text.slice(0, LEAD_CHARS * 2), words: wordCount(text), firstImage: null, firstImageAlt: null };
  }
  const img = IMG_SRC.exec(html);
  const words = /<(script|style)\b/i.test(html)
    ? wordCount(html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<[^>]*>/g, ' '))
    : wordCount(html, true);
  const firstImage = img ? decodeHTML(img[1] ?? img[2] ?? img[3] ?? '') || null : null;
  return { lead: htmlToText(html, LEAD_CHARS), words, firstImage, firstImageAlt: firstImage && img ? imageWords(img[0]) : null };
}

export function fold(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text of a feed field that may be HTML or entity-escaped text. */
export function plainText(s: string | null | undefined): string {
  return s ? htmlToText(s) : '';
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

/** Words in text; with skipTags, markup between < and > counts as a word break, not as words. */
export function wordCount(text: string, skipTags = false): number {
  let words = 0;
  let inWord = false;
  let inTag = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (skipTags && (inTag || c === 60)) {
      inTag = c !== 62;
      inWord = false;
      continue;
    }
    const space = c === 32 || (c >= 9 && c <= 13) || c === 160;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/** 'N min' at 200 words a minute, at least 1. */
export function readTimeOf(words: number): string {
  return `${Math.max(1, Math.round(words / 200))} min`;
}

/**
 * Plain text of an article body with its paragraphs kept apart (a blank line between): what the AI engine
 * reads, so a heading or a list item never runs into the next sentence. Text without tags is folded
 * per line.
 */
export function htmlToParagraphs(html: string): string {
  if (!html.includes('<')) return decodeText(html).split(/\r?\n/).map(fold).filter(Boolean).join('\n\n');
  const out: string[] = [];
  let skip = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIP.has(name)) skip++;
        else if (BLOCK.has(name)) out.push('\n');
      },
      onclosetag(name) {
        if (SKIP.has(name)) skip = Math.max(0, skip - 1);
        else if (BLOCK.has(name)) out.push('\n');
      },
      ontext(text) {
        if (skip === 0) out.push(decodeText(text));
      },
    },
    { decodeEntities: false, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return out.join('').split('\n').map(fold).filter(Boolean).join('\n\n');
}
