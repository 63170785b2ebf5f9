// Bold cards: data rows, boxed, accent bar, bubbles, postcard.
import { mix, onColor, readable } from './palette';
import { RAINBOW } from './masthead-kit';
import { Tr, Headline, ReadMore, ArticleImage, StoryLinkText, bodyText, smallCaps } from './kit';
import { MONO, Meta, Summary, w, type Card } from './card-kit';

export const dataRows: Card = (ctx, a, i, narrow) => {
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
                <StoryLinkText a={a} lead="OPEN" />
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

export const boxed: Card = (ctx, a, _i, narrow) => {
  const { p, theme } = ctx;
  const radius = theme.headerStyle === 'corporate' ? 0 : theme.headerStyle === 'wellness' ? 16 : 10;
  const top = theme.headerStyle === 'corporate' ? `3px solid ${p.band}` : `1px solid ${p.border}`;
  const button = theme.headerStyle !== 'corporate';
  const pill = mix(p.accent, p.card, 0.82);
  return (
    <Tr
      className="nl-cd nl-bd"
      style={{ backgroundColor: p.card, border: `1px solid ${p.border}`, borderTop: top, borderRadius: radius, borderCollapse: 'separate' }}
    >
      <td style={{ padding: narrow ? 16 : 22, borderRadius: radius }}>
        <ArticleImage ctx={ctx} a={a} width={w(narrow) - 20} radius={radius ? 8 : 0} />
        {/* A pill keeps its own tint under the dark rules, so its text is set to read on that tint. */}
        <span
          className={button ? undefined : 'nl-ac'}
          style={{
            display: 'inline-block',
            padding: button ? '3px 10px' : 0,
            borderRadius: 999,
            backgroundColor: button ? pill : 'transparent',
            ...smallCaps(ctx, button ? readable(p.dark ? p.accentText : mix(p.accent, '#000000', 0.45), pill) : p.accentText, {
              fontSize: 10,
              letterSpacing: '1px',
            }),
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
              <StoryLinkText a={a} lead="Read" />
            </a>
          </p>
        ) : (
          <ReadMore ctx={ctx} a={a} lead="Read the article:" glyph="›" />
        )}
      </td>
    </Tr>
  );
};

export const accentBar: Card = (ctx, a, _i, narrow) => {
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
        <ReadMore ctx={ctx} a={a} lead="read" glyph="→" before style={{ fontFamily: MONO }} />
      </td>
    </Tr>
  );
};

export const bubbles: Card = (ctx, a, i, narrow) => {
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
                // A pill on one line; rounded corners, not an oval, when the story's title wraps it.
                borderRadius: 16,
                backgroundColor: tone,
                color: onColor(tone),
                fontFamily: ctx.f.body,
                fontSize: 13,
                fontWeight: 700,
                textDecoration: 'none',
              }}
            >
              {rainbow ? <StoryLinkText a={a} lead="Read" glyph="✦" /> : <StoryLinkText a={a} lead="Take a look:" />}
            </a>
          </p>
        ) : null}
      </td>
    </Tr>
  );
};

export const postcard: Card = (ctx, a, _i, narrow) => {
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
        <ReadMore ctx={ctx} a={a} lead="Read the story:" glyph="→" />
      </td>
    </Tr>
  );
};
