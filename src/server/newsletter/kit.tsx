// Render context and small email-safe primitives shared by mastheads, cards and the document shell.
import { createElement, type CSSProperties, type ReactNode } from 'react';
import type { Issue, IssueArticle } from './issue';
import type { Palette } from './palette';
import type { ThemeMeta } from '../../shared/themes';
import type { FontStyle, LayoutStyle } from '../../shared/schemas/newsletter';

export interface Fonts {
  body: string;
  title: string;
  bodyWeight: number;
  titleWeight: number;
  italic: boolean;
}

export interface RenderCtx {
  theme: ThemeMeta;
  p: Palette;
  f: Fonts;
  issue: Issue;
  layout: LayoutStyle;
  /** The masthead's line (kicker or tagline): the creator's own, or '' (the design leaves it out). */
  kicker: string;
  /** Raw HTML fragments (MSO conditional comments) swapped in after React renders. */
  raw: string[];
}

export function fontsFor(theme: ThemeMeta, style: FontStyle): Fonts {
  return {
    body: theme.fontFamily,
    title: theme.titleFontFamily ?? theme.fontFamily,
    bodyWeight: style === 'bold' ? 600 : 400,
    titleWeight: style === 'bold' ? 900 : 700,
    italic: style === 'italic',
  };
}

export const RAW_TAG = 'nl-raw';

/** An MSO conditional comment (or other raw markup React cannot emit); replaced after render. */
export function Raw({ ctx, html }: { ctx: RenderCtx; html: string }) {
  ctx.raw.push(html);
  return createElement(RAW_TAG, { 'data-i': ctx.raw.length - 1 });
}

/** A presentation table with one row; children are <td>s. */
export function Tr({ children, style, className, width }: { children: ReactNode; style?: CSSProperties; className?: string; width?: string | number }) {
  return (
    <table
      role="presentation"
      width={width ?? '100%'}
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ borderCollapse: 'collapse', ...style }}
      className={className}
    >
      <tbody>
        <tr>{children}</tr>
      </tbody>
    </table>
  );
}

export function bodyText(ctx: RenderCtx, size = 15, extra: CSSProperties = {}): CSSProperties {
  return {
    margin: 0,
    fontFamily: ctx.f.body,
    fontSize: size,
    lineHeight: `${Math.round(size * 1.55)}px`,
    fontWeight: ctx.f.bodyWeight,
    fontStyle: ctx.f.italic ? 'italic' : 'normal',
    color: ctx.p.text,
    ...extra,
  };
}

export function titleText(ctx: RenderCtx, size: number, extra: CSSProperties = {}): CSSProperties {
  return {
    margin: 0,
    fontFamily: ctx.f.title,
    fontSize: size,
    lineHeight: `${Math.round(size * 1.2)}px`,
    fontWeight: ctx.f.titleWeight,
    fontStyle: ctx.f.italic ? 'italic' : 'normal',
    color: ctx.p.heading,
    ...extra,
  };
}

export function smallCaps(ctx: RenderCtx, color: string, extra: CSSProperties = {}): CSSProperties {
  return {
    margin: 0,
    fontFamily: ctx.f.body,
    fontSize: 11,
    lineHeight: '16px',
    letterSpacing: '2px',
    textTransform: 'uppercase',
    fontWeight: 700,
    color,
    ...extra,
  };
}

/** The headline, linked when the article has a safe link. */
export function Headline({
  ctx,
  a,
  size,
  style,
  className = 'nl-hd',
}: {
  ctx: RenderCtx;
  a: IssueArticle;
  size: number;
  style?: CSSProperties;
  className?: string;
}) {
  const s = titleText(ctx, size, style);
  return (
    <h2 className={className} style={s}>
      {a.url ? (
        <a href={a.url} target="_blank" className={className} style={{ color: s.color, textDecoration: 'none' }}>
          {a.title}
        </a>
      ) : (
        a.title
      )}
    </h2>
  );
}

/** A story's title as a link names it: whole up to 60 characters, else cut at a word with an ellipsis. */
export function linkTitle(title: string, max = 60): string {
  if (title.length <= max) return title;
  const cut = title.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/**
 * A story link's words: the theme's phrase with the story's title in it, so the link says where it goes
 * when read alone (a screen reader's list of links; e-mail clients drop aria-label and hidden text, so the
 * words are visible). `glyph`, an arrow or ornament, is hidden from screen readers.
 */
export function StoryLinkText({ a, lead, glyph, before }: { a: IssueArticle; lead: string; glyph?: string; before?: boolean }) {
  const mark = glyph ? <span aria-hidden="true">{glyph}</span> : null;
  return (
    <>
      {before && mark ? (
        <>
          {mark}
          {'\u00a0'}
        </>
      ) : null}
      {lead} “{linkTitle(a.title)}”
      {!before && mark ? (
        <>
          {'\u00a0'}
          {mark}
        </>
      ) : null}
    </>
  );
}

export function ReadMore({
  ctx,
  a,
  lead,
  glyph,
  before,
  style,
}: {
  ctx: RenderCtx;
  a: IssueArticle;
  lead: string;
  glyph?: string;
  before?: boolean;
  style?: CSSProperties;
}) {
  if (!a.url) return null;
  return (
    <p style={{ margin: '10px 0 0', fontFamily: ctx.f.body, fontSize: 14, lineHeight: '20px' }}>
      <a href={a.url} target="_blank" className="nl-ln" style={{ color: ctx.p.link, fontWeight: 700, textDecoration: 'none', ...style }}>
        <StoryLinkText a={a} lead={lead} glyph={glyph} before={before} />
      </a>
    </p>
  );
}

/**
 * Article image (http(s) only). Its alt is the feed's words for it; without any (or with words that only
 * repeat the headline beside it) the picture is decoration: alt="", never its file name or address.
 */
export function ArticleImage({ ctx, a, width, radius = 0 }: { ctx: RenderCtx; a: IssueArticle; width: number; radius?: number }) {
  if (!a.imageUrl) return null;
  const alt = a.imageAlt && a.imageAlt.toLowerCase() !== a.title.toLowerCase() ? a.imageAlt : '';
  return (
    <img
      src={a.imageUrl}
      alt={alt}
      width={width}
      style={{
        display: 'block',
        width: '100%',
        maxWidth: width,
        height: 'auto',
        border: 0,
        outline: 'none',
        borderRadius: radius,
        marginBottom: 12,
        color: ctx.p.muted,
        fontFamily: ctx.f.body,
        fontSize: 12,
      }}
    />
  );
}

export function meta(a: IssueArticle): string {
  return [a.source, a.date, a.readTime ? `${a.readTime} read` : ''].filter(Boolean).join(' · ');
}

const ROMAN: [number, string][] = [
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

export function roman(n: number): string {
  let out = '';
  for (const [v, s] of ROMAN) {
    while (n >= v) {
      out += s;
      n -= v;
    }
  }
  return out;
}
