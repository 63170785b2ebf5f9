// Reading an issue's HTML the way a mail client does, for the pre-send check: its links and their
// text, its images, and every piece of visible text with the colour and background it ends up with in
// light rendering and under the issue's own dark-mode rules (@media (prefers-color-scheme: dark)).
import { parseDocument } from 'htmlparser2';

interface Node {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: Node[];
  parent?: Node | null;
}

export interface LinkInfo {
  href: string;
  text: string;
}

export interface ImageInfo {
  src: string;
  alt: string | null;
}

export interface TextRun {
  text: string;
  light: { fg: string; bg: string };
  dark: { fg: string; bg: string };
  large: boolean;
}

export interface HtmlFacts {
  links: LinkInfo[];
  images: ImageInfo[];
  texts: TextRun[];
}

type Decls = Map<string, { value: string; important: boolean }>;

function parseDecls(css: string): Decls {
  const out: Decls = new Map();
  for (const part of css.split(';')) {
    const i = part.indexOf(':');
    if (i < 0) continue;
    const prop = part.slice(0, i).trim().toLowerCase();
    let value = part.slice(i + 1).trim();
    const important = /!\s*important$/i.test(value);
    if (important) value = value.replace(/!\s*important$/i, '').trim();
    if (prop) out.set(prop, { value, important });
  }
  return out;
}

/** The class rules inside the dark-mode media blocks (the only dark styling a mail client applies). */
function darkRules(css: string): Map<string, Decls> {
  const rules = new Map<string, Decls>();
  const re = /@media[^{]*prefers-color-scheme\s*:\s*dark[^{]*\{/gi;
  for (let m = re.exec(css); m; m = re.exec(css)) {
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    for (; i < css.length && depth > 0; i++) {
      if (css[i] === '{') depth++;
      else if (css[i] === '}') depth--;
    }
    const body = css.slice(start, i - 1);
    for (const r of body.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const decls = parseDecls(r[2]!);
      for (const sel of r[1]!.split(',')) {
        const cls = /^\s*(?:[a-z0-9]*)\.([\w-]+)\s*$/i.exec(sel)?.[1];
        if (!cls) continue;
        const prev = rules.get(cls) ?? new Map();
        for (const [k, v] of decls) prev.set(k, v);
        rules.set(cls, prev);
      }
    }
  }
  return rules;
}

const NAMED: Record<string, string> = {
  white: '#ffffff',
  black: '#000000',
  transparent: '',
  red: '#ff0000',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  yellow: '#ffff00',
};

/** A CSS colour as #rrggbb; '' for none or transparent (the parent's shows through). */
export function cssColor(raw: string | undefined): string | null {
  if (!raw) return null;
  const v = raw.trim().toLowerCase();
  const hex = /#([0-9a-f]{3}|[0-9a-f]{6})\b/.exec(v);
  if (hex) {
    const h = hex[1]!;
    return `#${h.length === 3 ? h.replace(/./g, (c) => c + c) : h}`;
  }
  const fn = /rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)(?:[\s,/]+([\d.]+%?))?\s*\)/.exec(v);
  if (fn) {
    const alpha = fn[4] ? (fn[4].endsWith('%') ? Number(fn[4].slice(0, -1)) / 100 : Number(fn[4])) : 1;
    if (alpha === 0) return '';
    return `#${[fn[1], fn[2], fn[3]].map((n) => Math.min(255, Number(n)).toString(16).padStart(2, '0')).join('')}`;
  }
  for (const word of v.split(/\s+/)) if (word in NAMED) return NAMED[word]!;
  return null;
}

const SKIP = new Set(['style', 'script', 'head', 'title', 'noscript']);

function hidden(d: Decls): boolean {
  const get = (p: string) => d.get(p)?.value.toLowerCase() ?? '';
  return (
    get('display') === 'none' ||
    get('visibility') === 'hidden' ||
    get('opacity') === '0' ||
    /^0(px)?$/.test(get('max-height')) ||
    /^[01](px)?$/.test(get('font-size')) ||
    get('mso-hide') === 'all'
  );
}

interface Computed {
  fg: string;
  bg: string;
  darkFg: string;
  darkBg: string;
  px: number;
  bold: boolean;
  hidden: boolean;
}

function textOf(n: Node): string {
  if (n.type === 'text') return n.data ?? '';
  return (n.children ?? []).map(textOf).join('');
}

export function readHtml(html: string): HtmlFacts {
  const doc = parseDocument(html) as unknown as Node;
  const css: string[] = [];
  const collectCss = (n: Node) => {
    if (n.name === 'style') css.push(textOf(n));
    n.children?.forEach(collectCss);
  };
  collectCss(doc);
  const dark = darkRules(css.join('\n'));
  const facts: HtmlFacts = { links: [], images: [], texts: [] };
  const root: Computed = { fg: '#000000', bg: '#ffffff', darkFg: '#000000', darkBg: '#ffffff', px: 16, bold: false, hidden: false };

  const walk = (n: Node, parent: Computed) => {
    if (n.type === 'text') {
      const text = (n.data ?? '').replace(/\s+/g, ' ').trim();
      if (text && !parent.hidden) {
        const large = parent.px >= 24 || (parent.bold && parent.px >= 18.66);
        facts.texts.push({ text, light: { fg: parent.fg, bg: parent.bg }, dark: { fg: parent.darkFg, bg: parent.darkBg }, large });
      }
      return;
    }
    if (n.type !== 'tag' && n.type !== 'root') {
      n.children?.forEach((c) => walk(c, parent));
      return;
    }
    const name = n.name?.toLowerCase() ?? '';
    if (SKIP.has(name)) return;
    const a = n.attribs ?? {};
    const inline = parseDecls(a.style ?? '');
    const c: Computed = { ...parent };
    const fg = cssColor(inline.get('color')?.value) ?? cssColor(a.color);
    const bg = cssColor(inline.get('background-color')?.value ?? inline.get('background')?.value) ?? cssColor(a.bgcolor);
    if (fg) c.fg = fg;
    if (bg) c.bg = bg;
    // Without a dark rule a client leaves the inline colours as they are.
    if (fg) c.darkFg = fg;
    if (bg) c.darkBg = bg;
    for (const cls of (a.class ?? '').split(/\s+/)) {
      const rule = cls ? dark.get(cls) : undefined;
      if (!rule) continue;
      const dfg = rule.get('color');
      const dbg = rule.get('background-color') ?? rule.get('background');
      // A plain class rule loses to an inline style; only !important wins over it.
      if (dfg && (dfg.important || !fg)) c.darkFg = cssColor(dfg.value) || c.darkFg;
      if (dbg && (dbg.important || !bg)) c.darkBg = cssColor(dbg.value) || c.darkBg;
    }
    const size = /^([\d.]+)px$/.exec(inline.get('font-size')?.value ?? '');
    if (size) c.px = Number(size[1]);
    else if (name === 'h1') c.px = Math.max(c.px, 32);
    else if (name === 'h2') c.px = Math.max(c.px, 24);
    const weight = inline.get('font-weight')?.value;
    if (weight) c.bold = weight === 'bold' || Number(weight) >= 700;
    else if (/^(b|strong|h[1-6])$/.test(name)) c.bold = true;
    if (hidden(inline)) c.hidden = true;

    if (name === 'a' && a.href) facts.links.push({ href: a.href.trim(), text: textOf(n).replace(/\s+/g, ' ').trim() });
    if (name === 'img' && !c.hidden) facts.images.push({ src: a.src ?? '', alt: 'alt' in a ? a.alt! : null });
    n.children?.forEach((ch) => walk(ch, c));
  };
  walk(doc, root);
  return facts;
}
