// Pieces shared by the mastheads: the nameplate heading, issue stats, colour bands.
import type { CSSProperties, ReactNode } from 'react';
import { Tr, titleText, type RenderCtx } from './kit';

export type Masthead = (ctx: RenderCtx) => ReactNode;

export const pad = (v: string) => ({ padding: v });

export function stats(ctx: RenderCtx) {
  const n = ctx.issue.articles.length;
  return { n, stories: `${n} ${n === 1 ? 'story' : 'stories'}`, read: `${ctx.issue.readMinutes} min read` };
}

export function Name({ ctx, size, style }: { ctx: RenderCtx; size: number; style?: CSSProperties }) {
  return (
    <h1 className="nl-hd nl-title" style={titleText(ctx, size, style)}>
      {ctx.issue.name}
    </h1>
  );
}

export const RAINBOW = ['#ef4444', '#f97316', '#facc15', '#22c55e', '#3b82f6', '#8b5cf6'];

export function Bands({ h }: { h: number }) {
  return (
    <Tr>
      {RAINBOW.map((c) => (
        <td key={c} style={{ backgroundColor: c, height: h, lineHeight: `${h}px`, fontSize: 1 }}>
          &nbsp;
        </td>
      ))}
    </Tr>
  );
}
