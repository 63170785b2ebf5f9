// Pieces shared by the article cards: the Card signature, the summary and meta lines, column widths.
import type { CSSProperties, ReactNode } from 'react';
import type { IssueArticle } from './issue';
import { bodyText, meta, type RenderCtx } from './kit';

export type Card = (ctx: RenderCtx, a: IssueArticle, i: number, narrow: boolean) => ReactNode;

export const MONO = "'Courier New', Courier, monospace";

export function Summary({ ctx, a, size = 15, style }: { ctx: RenderCtx; a: IssueArticle; size?: number; style?: CSSProperties }) {
  return (
    <p className="nl-tx" style={bodyText(ctx, size, { paddingTop: 8, ...style })}>
      {a.summary}
    </p>
  );
}

export function Meta({ ctx, a, style }: { ctx: RenderCtx; a: IssueArticle; style?: CSSProperties }) {
  return (
    <p className="nl-mu" style={bodyText(ctx, 12, { color: ctx.p.muted, paddingTop: 8, fontStyle: 'normal', fontWeight: 400, ...style })}>
      {meta(a)}
    </p>
  );
}

/** The content width of a card: a half-width column (`narrow`) or the full row. */
export const w = (narrow: boolean) => (narrow ? 250 : 536);
