// Print-inspired cards: column rules, kicker, numbered, minimal, editorial, letter.
import { Tr, Headline, ReadMore, ArticleImage, StoryLinkText, bodyText, smallCaps, roman, type RenderCtx } from './kit';
import { Meta, Summary, w, type Card } from './card-kit';

export const columnRules: Card = (ctx, a, _i, narrow) => (
  <div>
    <p className="nl-ac" style={smallCaps(ctx, ctx.p.accentText, { letterSpacing: '1.5px' })}>
      {a.source}
    </p>
    <Headline ctx={ctx} a={a} size={narrow ? 20 : 25} style={{ paddingTop: 6, letterSpacing: '-0.3px' }} />
    <ArticleImage ctx={ctx} a={a} width={w(narrow)} />
    <Summary ctx={ctx} a={a} size={narrow ? 14 : 16} style={{ textAlign: narrow ? 'left' : 'justify' }} />
    <Meta ctx={ctx} a={a} style={{ fontStyle: 'italic' }} />
    <ReadMore ctx={ctx} a={a} lead="Continue reading" glyph="»" style={{ fontWeight: 400, fontStyle: 'italic' }} />
  </div>
);

export const kicker: Card = (ctx, a, _i, narrow) => {
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
      <ReadMore ctx={ctx} a={a} lead="Read the full story:" glyph="→" />
    </div>
  );
};

function numeral(ctx: RenderCtx, i: number): string {
  if (ctx.theme.headerStyle === 'capitol') return `${roman(i + 1)}.`;
  return String(i + 1).padStart(2, '0');
}

export const numbered: Card = (ctx, a, i, narrow) => {
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
            {a.category}
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
        <ReadMore ctx={ctx} a={a} lead={sports ? 'FULL REPORT:' : school ? 'Study the source:' : 'Read the briefing:'} glyph={sports ? '▸' : '→'} />
      </td>
    </Tr>
  );
};

export const minimal: Card = (ctx, a, _i, narrow) => (
  <div className="nl-bd" style={{ borderBottom: `1px solid ${ctx.p.border}`, paddingBottom: 26 }}>
    <p className="nl-ac" style={bodyText(ctx, 12, { color: ctx.p.accentText, fontStyle: 'normal', fontWeight: 600, letterSpacing: '0.5px' })}>
      {a.category}
    </p>
    <Headline ctx={ctx} a={a} size={narrow ? 19 : 23} style={{ paddingTop: 6, fontWeight: 600, letterSpacing: '-0.4px' }} />
    <ArticleImage ctx={ctx} a={a} width={w(narrow)} radius={4} />
    <Summary ctx={ctx} a={a} style={{ color: ctx.p.muted }} />
    <ReadMore ctx={ctx} a={a} lead={`${a.source}:`} glyph="→" style={{ fontWeight: 600 }} />
  </div>
);

export const editorial: Card = (ctx, a, _i, narrow) => {
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
      <ReadMore
        ctx={ctx}
        a={a}
        lead={centred ? 'Discover more:' : 'Read the feature:'}
        glyph={centred ? undefined : '⟶'}
        style={{ borderBottom: `2px solid ${p.accent}` }}
      />
    </div>
  );
};

export const letter: Card = (ctx, a, _i, narrow) => {
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
                <StoryLinkText a={a} lead="read" />
              </a>
            </>
          ) : null}
        </p>
      </td>
    </Tr>
  );
};
