// Article-card treatments (ThemeMeta.bodyStyle). A card renders one article; the layout places it in a
// full-width row (single) or a stacking half-width column (two-column, `narrow`).
import type { ReactNode } from 'react';
import type { BodyStyle } from '../../shared/themes';
import type { IssueArticle } from './issue';
import { mix, onColor } from './palette';
import { RAINBOW } from './masthead-kit';
import { Tr, Headline, ReadMore, ArticleImage, bodyText, smallCaps, meta, roman, type RenderCtx } from './kit';

export type Card = (ctx: RenderCtx, a: IssueArticle, i: number, narrow: boolean) => ReactNode;

const MONO = "'Courier New', Courier, monospace";

function Summary({ ctx, a, size = 15, style }: { ctx: RenderCtx; a: IssueArticle; size?: number; style?: React.CSSProperties }) {
  return (
    <p className="nl-tx" style={bodyText(ctx, size, { paddingTop: 8, ...style })}>
      {a.summary}
    </p>
  );
}

function Meta({ ctx, a, style }: { ctx: RenderCtx; a: IssueArticle; style?: React.CSSProperties }) {
  return (
    <p className="nl-mu" style={bodyText(ctx, 12, { color: ctx.p.muted, paddingTop: 8, fontStyle: 'normal', fontWeight: 400, ...style })}>
      {meta(a)}
    </p>
  );
}

const w = (narrow: boolean) => (narrow ? 250 : 536);

const columnRules: Card = (ctx, a, _i, narrow) => (
  <div>
    <p className="nl-ac" style={smallCaps(ctx, ctx.p.accentText, { letterSpacing: '1.5px' })}>
      {a.source}
    </p>
    <Headline ctx={ctx} a={a} size={narrow ? 20 : 25} style={{ paddingTop: 6, letterSpacing: '-0.3px' }} />
    <ArticleImage ctx={ctx} a={a} width={w(narrow)} />
    <Summary ctx={ctx} a={a} size={narrow ? 14 : 16} style={{ textAlign: narrow ? 'left' : 'justify' }} />
    <Meta ctx={ctx} a={a} style={{ fontStyle: 'italic' }} />
    <ReadMore ctx={ctx} a={a} label="Continue reading »" style={{ fontWeight: 400, fontStyle: 'italic' }} />
  </div>
);

const dataRows: Card = (ctx, a, i, narrow) => {
  const { p } = ctx;
  const finance = ctx.theme.headerStyle === 'ledger';
  return (
    <Tr className="nl-bd" style={{ borderBottom: `1px solid ${p.border}` }}>
      <td width={narrow ? 34 : 46} valign="top" style={{ width: narrow ? 34 : 46, padding: '12px 0' }}>
        <span className="nl-ac" style={{ fontFamily: MONO, fontSize: narrow ? 15 : 18, fontWeight: 700, color: finance ? p.accentText : p.link }}>
          {String(i + 1).padStart(2, '0')}
        </span>
      </td>
      <td valign="top" style={{ padding: '12px 8px 12px 0' }}>
        <Headline ctx={ctx} a={a} size={narrow ? 15 : 17} style={finance ? {} : { fontFamily: ctx.f.body }} />
        <p className="nl-tx" style={bodyText(ctx, 13, { paddingTop: 4 })}>
          {a.summary}
        </p>
        <p className="nl-mu" style={{ margin: '6px 0 0', fontFamily: MONO, fontSize: 11, color: p.muted }}>
          {a.source.toUpperCase()} · {a.date}
          {a.url ? (
            <>
              {' · '}
              <a href={a.url} target="_blank" className="nl-ln" style={{ color: p.link, textDecoration: 'underline' }}>
                OPEN
              </a>
            </>
          ) : null}
        </p>
      </td>
      {narrow ? null : (
        <td width={70} align="right" valign="top" style={{ width: 70, padding: '14px 0' }}>
          <span
            style={{
              display: 'inline-block',
              padding: '2px 8px',
              backgroundColor: finance ? p.band : p.accent,
              color: finance ? p.onBand : p.onAccent,
              fontFamily: MONO,
              fontSize: 11,
              fontWeight: 700,
              borderRadius: finance ? 0 : 3,
            }}
          >
            {a.readTime}
          </span>
        </td>
      )}
    </Tr>
  );
};

const kicker: Card = (ctx, a, _i, narrow) => {
  const { p } = ctx;
  return (
    <div className="nl-bd" style={{ borderBottom: `2px dotted ${p.border}`, paddingBottom: 18 }}>
      <span
        style={{
          display: 'inline-block',
          padding: '3px 8px',
          backgroundColor: p.accent,
          ...smallCaps(ctx, p.onAccent, { fontSize: 10, letterSpacing: '1px' }),
        }}
      >
        {a.category}
      </span>
      <Headline ctx={ctx} a={a} size={narrow ? 19 : 23} style={{ paddingTop: 10 }} />
      <ArticleImage ctx={ctx} a={a} width={w(narrow)} />
      <Summary ctx={ctx} a={a} />
      <Meta ctx={ctx} a={a} />
      <ReadMore ctx={ctx} a={a} label="Read the full story →" />
    </div>
  );
};

const boxed: Card = (ctx, a, _i, narrow) => {
  const { p, theme } = ctx;
  const radius = theme.headerStyle === 'corporate' ? 0 : theme.headerStyle === 'wellness' ? 16 : 10;
  const top = theme.headerStyle === 'corporate' ? `3px solid ${p.band}` : `1px solid ${p.border}`;
  const button = theme.headerStyle !== 'corporate';
  return (
    <Tr
      className="nl-cd nl-bd"
      style={{ backgroundColor: p.card, border: `1px solid ${p.border}`, borderTop: top, borderRadius: radius, borderCollapse: 'separate' }}
    >
      <td style={{ padding: narrow ? 16 : 22, borderRadius: radius }}>
        <ArticleImage ctx={ctx} a={a} width={w(narrow) - 20} radius={radius ? 8 : 0} />
        <span
          className="nl-ac"
          style={{
            display: 'inline-block',
            padding: button ? '3px 10px' : 0,
            borderRadius: 999,
            backgroundColor: button ? mix(p.accent, p.card, 0.82) : 'transparent',
            ...smallCaps(ctx, button && !p.dark ? mix(p.accent, '#000000', 0.45) : p.accentText, { fontSize: 10, letterSpacing: '1px' }),
          }}
        >
          {a.category}
        </span>
        <Headline ctx={ctx} a={a} size={narrow ? 18 : 21} style={{ paddingTop: 8 }} />
        <Summary ctx={ctx} a={a} size={narrow ? 14 : 15} />
        <Meta ctx={ctx} a={a} />
        {a.url && button ? (
          <p style={{ margin: '14px 0 0' }}>
            <a
              href={a.url}
              target="_blank"
              style={{
                display: 'inline-block',
                padding: '9px 16px',
                borderRadius: radius ? 8 : 0,
                backgroundColor: p.band,
                color: p.onBand,
                fontFamily: ctx.f.body,
                fontSize: 14,
                fontWeight: 700,
                textDecoration: 'none',
              }}
            >
              Read more
            </a>
          </p>
        ) : (
          <ReadMore ctx={ctx} a={a} label="Read the article ›" />
        )}
      </td>
    </Tr>
  );
};

const accentBar: Card = (ctx, a, _i, narrow) => {
  const { p } = ctx;
  return (
    <Tr>
      <td style={{ borderLeft: `4px solid ${p.accent}`, padding: '2px 0 2px 16px' }}>
        <p className="nl-ac" style={{ margin: 0, fontFamily: MONO, fontSize: 12, color: p.accentText, fontWeight: 700 }}>
          // {a.source.toLowerCase()}
        </p>
        <Headline ctx={ctx} a={a} size={narrow ? 18 : 21} style={{ paddingTop: 6 }} />
        <ArticleImage ctx={ctx} a={a} width={w(narrow) - 20} />
        <Summary ctx={ctx} a={a} size={14} />
        <p className="nl-mu" style={{ margin: '8px 0 0', fontFamily: MONO, fontSize: 11, color: p.muted }}>
          {a.date} · {a.readTime}
        </p>
        <ReadMore ctx={ctx} a={a} label="→ read more" style={{ fontFamily: MONO }} />
      </td>
    </Tr>
  );
};

const bubbles: Card = (ctx, a, i, narrow) => {
  const { p, theme } = ctx;
  const rainbow = theme.headerStyle === 'bands';
  const tone = rainbow ? RAINBOW[i % RAINBOW.length] : i % 2 ? p.accent : p.band;
  const bg = mix(tone, p.dark ? p.card : '#ffffff', p.dark ? 0.82 : 0.88);
  return (
    <Tr
      className={p.dark ? undefined : 'nl-cd'}
      style={{ backgroundColor: bg, borderRadius: 20, borderCollapse: 'separate', borderLeft: rainbow ? `8px solid ${tone}` : undefined }}
    >
      <td style={{ padding: narrow ? 18 : 22, borderRadius: 20 }}>
        {rainbow ? null : (
          <span
            style={{
              display: 'inline-block',
              width: 30,
              height: 30,
              lineHeight: '30px',
              borderRadius: 15,
              backgroundColor: tone,
              color: onColor(tone),
              textAlign: 'center',
              fontFamily: ctx.f.title,
              fontWeight: 700,
              fontSize: 15,
            }}
          >
            {i + 1}
          </span>
        )}
        <Headline ctx={ctx} a={a} size={narrow ? 18 : 21} style={{ paddingTop: rainbow ? 0 : 10 }} />
        <ArticleImage ctx={ctx} a={a} width={w(narrow) - 30} radius={12} />
        <Summary ctx={ctx} a={a} />
        <Meta ctx={ctx} a={a} />
        {a.url ? (
          <p style={{ margin: '12px 0 0' }}>
            <a
              href={a.url}
              target="_blank"
              style={{
                display: 'inline-block',
                padding: '7px 16px',
                borderRadius: 999,
                backgroundColor: tone,
                color: onColor(tone),
                fontFamily: ctx.f.body,
                fontSize: 13,
                fontWeight: 700,
                textDecoration: 'none',
              }}
            >
              {rainbow ? 'Read it ✦' : 'Take a look'}
            </a>
          </p>
        ) : null}
      </td>
    </Tr>
  );
};

function numeral(ctx: RenderCtx, i: number): string {
  if (ctx.theme.headerStyle === 'capitol') return `${roman(i + 1)}.`;
  return String(i + 1).padStart(2, '0');
}

const numbered: Card = (ctx, a, i, narrow) => {
  const { p, theme } = ctx;
  const sports = theme.headerStyle === 'scoreboard';
  const school = theme.headerStyle === 'notebook';
  const size = narrow ? 30 : sports ? 46 : 36;
  return (
    <Tr className="nl-bd" style={{ borderBottom: school ? `1px solid ${p.border}` : sports ? `2px solid ${p.heading}` : `3px double ${p.border}` }}>
      <td width={narrow ? 50 : 74} valign="top" style={{ width: narrow ? 50 : 74, padding: '2px 0 18px' }}>
        <p
          className="nl-ac"
          style={{
            margin: 0,
            fontFamily: ctx.f.title,
            fontSize: size,
            lineHeight: `${size + 4}px`,
            fontWeight: sports ? 400 : 700,
            fontStyle: sports ? 'italic' : 'normal',
            color: sports ? (p.dark ? p.accent : p.band) : school ? p.accentText : p.heading,
          }}
        >
          {numeral(ctx, i)}
        </p>
      </td>
      <td valign="top" style={{ padding: '0 0 18px' }}>
        {school ? (
          <p className="nl-ac" style={smallCaps(ctx, p.accentText, { letterSpacing: '1px' })}>
            Lesson {i + 1} · {a.category}
          </p>
        ) : null}
        <Headline
          ctx={ctx}
          a={a}
          size={narrow ? 18 : 22}
          style={sports ? { textTransform: 'uppercase', fontStyle: 'italic', letterSpacing: '0.3px' } : { paddingTop: school ? 4 : 0 }}
        />
        <ArticleImage ctx={ctx} a={a} width={w(narrow) - 74} />
        <Summary ctx={ctx} a={a} />
        <Meta ctx={ctx} a={a} />
        <ReadMore ctx={ctx} a={a} label={sports ? 'FULL REPORT ▸' : school ? 'Study the source →' : 'Read the briefing →'} />
      </td>
    </Tr>
  );
};

const minimal: Card = (ctx, a, _i, narrow) => (
  <div className="nl-bd" style={{ borderBottom: `1px solid ${ctx.p.border}`, paddingBottom: 26 }}>
    <p className="nl-ac" style={bodyText(ctx, 12, { color: ctx.p.accentText, fontStyle: 'normal', fontWeight: 600, letterSpacing: '0.5px' })}>
      {a.category}
    </p>
    <Headline ctx={ctx} a={a} size={narrow ? 19 : 23} style={{ paddingTop: 6, fontWeight: 600, letterSpacing: '-0.4px' }} />
    <ArticleImage ctx={ctx} a={a} width={w(narrow)} radius={4} />
    <Summary ctx={ctx} a={a} style={{ color: ctx.p.muted }} />
    <ReadMore ctx={ctx} a={a} label={`${a.source} →`} style={{ fontWeight: 600 }} />
  </div>
);

const editorial: Card = (ctx, a, _i, narrow) => {
  const { p, theme } = ctx;
  const centred = theme.headerStyle === 'magazine';
  return (
    <div style={{ textAlign: centred ? 'center' : 'left', paddingBottom: 10 }}>
      <p
        className="nl-ac"
        style={smallCaps(ctx, p.accentText, {
          letterSpacing: centred ? '4px' : '2px',
          textAlign: centred ? 'center' : 'left',
          fontWeight: centred ? 400 : 700,
        })}
      >
        {a.category}
      </p>
      <Headline
        ctx={ctx}
        a={a}
        size={narrow ? 22 : 28}
        style={{
          paddingTop: 8,
          fontStyle: centred ? 'normal' : 'italic',
          fontWeight: centred ? 400 : 700,
          letterSpacing: '-0.3px',
          textAlign: centred ? 'center' : 'left',
        }}
      />
      <ArticleImage ctx={ctx} a={a} width={w(narrow)} />
      {centred ? (
        <>
          <p className="nl-ac" style={{ margin: '10px 0 0', color: p.accentText, textAlign: 'center' }}>
            —
          </p>
          <Summary ctx={ctx} a={a} style={{ textAlign: 'center' }} />
        </>
      ) : (
        <Tr style={{ marginTop: 10 }}>
          <td style={{ borderLeft: `3px solid ${p.dark ? p.heading : p.band}`, padding: '0 0 0 14px' }}>
            <Summary ctx={ctx} a={a} size={16} style={{ fontStyle: 'italic', fontFamily: ctx.f.title }} />
          </td>
        </Tr>
      )}
      <Meta ctx={ctx} a={a} style={{ textAlign: centred ? 'center' : 'left', textTransform: 'uppercase', letterSpacing: '1px', fontSize: 11 }} />
      <ReadMore ctx={ctx} a={a} label={centred ? 'Discover more' : 'Read the feature ⟶'} style={{ borderBottom: `2px solid ${p.accent}` }} />
    </div>
  );
};

const postcard: Card = (ctx, a, _i, narrow) => {
  const { p } = ctx;
  return (
    <Tr className="nl-cd nl-bd" style={{ border: `1px dashed ${p.heading}`, backgroundColor: p.card }}>
      <td style={{ padding: narrow ? 16 : 20 }}>
        <Tr>
          <td className="nl-ac" style={{ fontFamily: MONO, fontSize: 11, fontWeight: 700, color: p.accentText, letterSpacing: '1px' }}>
            FROM {a.source.toUpperCase()}
          </td>
          <td align="right" className="nl-mu" style={{ fontFamily: MONO, fontSize: 11, color: p.muted }}>
            {a.date}
          </td>
        </Tr>
        <Headline ctx={ctx} a={a} size={narrow ? 19 : 23} style={{ paddingTop: 10 }} />
        <ArticleImage ctx={ctx} a={a} width={w(narrow) - 20} radius={4} />
        <Summary ctx={ctx} a={a} />
        <ReadMore ctx={ctx} a={a} label="Read the story →" />
      </td>
    </Tr>
  );
};

const letter: Card = (ctx, a, _i, narrow) => {
  const { p } = ctx;
  return (
    <Tr>
      <td width={26} valign="top" style={{ width: 26, paddingTop: 2 }}>
        <span className="nl-ac" style={{ color: p.accentText, fontSize: 22, lineHeight: '24px' }}>
          •
        </span>
      </td>
      <td valign="top">
        <Headline ctx={ctx} a={a} size={narrow ? 17 : 19} />
        <ArticleImage ctx={ctx} a={a} width={w(narrow) - 26} radius={6} />
        <Summary ctx={ctx} a={a} style={{ paddingTop: 6 }} />
        <p className="nl-mu" style={bodyText(ctx, 13, { color: p.muted, paddingTop: 6 })}>
          via {a.source}
          {a.url ? (
            <>
              {' — '}
              <a href={a.url} target="_blank" className="nl-ln" style={{ color: p.link, fontWeight: 700, textDecoration: 'underline' }}>
                read it
              </a>
            </>
          ) : null}
        </p>
      </td>
    </Tr>
  );
};

export const CARDS: Record<BodyStyle, Card> = {
  'column-rules': columnRules,
  'data-rows': dataRows,
  kicker,
  boxed,
  'accent-bar': accentBar,
  bubbles,
  numbered,
  minimal,
  editorial,
  postcard,
  letter,
};

/** Vertical space between cards, per treatment (compact data rows, airy minimal ...). */
export const CARD_GAP: Record<BodyStyle, number> = {
  'column-rules': 22,
  'data-rows': 0,
  kicker: 22,
  boxed: 16,
  'accent-bar': 26,
  bubbles: 16,
  numbered: 18,
  minimal: 30,
  editorial: 30,
  postcard: 18,
  letter: 20,
};
