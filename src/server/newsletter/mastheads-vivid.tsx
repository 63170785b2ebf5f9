// Bold and playful mastheads: ticker, terminal, scoreboard, colour bands, bubbles, notebook, minimal, launch, postcard, wellness.
import { mix, readable } from './palette';
import { Tr, titleText, smallCaps, bodyText } from './kit';
import { Name, pad, stats, Bands, type Masthead } from './masthead-kit';

export const ticker: Masthead = (ctx) => {
  const { p } = ctx;
  const s = stats(ctx);
  const strip = mix(p.band, '#000000', 0.35);
  const cell = { fontFamily: "'Courier New', Courier, monospace", fontSize: 12, lineHeight: '18px', fontWeight: 700, padding: '7px 12px', color: '#ffffff' };
  return (
    <td>
      <Tr style={{ backgroundColor: p.band }}>
        <td className="nl-pad" style={pad('20px 24px 16px')}>
          {ctx.kicker ? <p style={smallCaps(ctx, mix(p.onBand, p.band, 0.35), { letterSpacing: '3px' })}>{ctx.kicker}</p> : null}
          <Name ctx={ctx} size={30} style={{ color: p.onBand, paddingTop: ctx.kicker ? 4 : 0, letterSpacing: '-0.5px' }} />
        </td>
        <td
          align="right"
          valign="bottom"
          className="nl-pad"
          style={{ ...pad('20px 24px 18px'), fontFamily: "'Courier New', Courier, monospace", fontSize: 13, color: p.onBand }}
        >
          {ctx.issue.date}
        </td>
      </Tr>
      <Tr style={{ backgroundColor: strip, borderBottom: `3px solid ${p.accent}` }}>
        <td style={{ ...cell, color: '#4ade80' }}>▲ STORIES {s.n}</td>
        <td style={{ ...cell, color: '#facc15' }}>◆ READ {ctx.issue.readMinutes} MIN</td>
        <td align="right" style={{ ...cell, color: '#93c5fd' }}>
          ● WORDS {ctx.issue.wordCount}
        </td>
      </Tr>
    </td>
  );
};

export const terminal: Masthead = (ctx) => {
  const { p } = ctx;
  const mono = "'Courier New', Courier, monospace";
  const bg = ctx.p.dark ? p.band : '#0f172a';
  const cyan = '#22d3ee';
  return (
    <td style={{ backgroundColor: bg, borderBottom: `3px solid ${cyan}` }}>
      <Tr>
        <td className="nl-pad" style={pad('14px 24px 0')}>
          <span style={{ color: '#f87171', fontSize: 14 }}>●</span> <span style={{ color: '#fbbf24', fontSize: 14 }}>●</span>{' '}
          <span style={{ color: '#4ade80', fontSize: 14 }}>●</span>
          <span style={{ fontFamily: mono, fontSize: 12, color: '#94a3b8', paddingLeft: 10 }}>~/newsletter — {ctx.issue.date}</span>
        </td>
      </Tr>
      <Tr>
        <td className="nl-pad" style={pad('14px 24px 22px')}>
          <p style={{ margin: 0, fontFamily: mono, fontSize: 14, lineHeight: '20px', color: cyan }}>$ cat ./issue.md --stories {ctx.issue.articles.length}</p>
          <h1 className="nl-title" style={{ margin: '8px 0 0', fontFamily: mono, fontSize: 30, lineHeight: '36px', fontWeight: 700, color: '#f8fafc' }}>
            &gt; {ctx.issue.name}
            <span style={{ color: cyan }}>_</span>
          </h1>
        </td>
      </Tr>
    </td>
  );
};

export const scoreboard: Masthead = (ctx) => {
  const { p } = ctx;
  const [md, year] = ctx.issue.date.split(', ');
  return (
    <td>
      <Tr style={{ backgroundColor: p.band }}>
        <td className="nl-pad" style={pad('26px 24px 22px')}>
          {ctx.kicker ? <p style={smallCaps(ctx, readable(p.accent, p.band), { letterSpacing: '3px' })}>{ctx.kicker}</p> : null}
          <h1
            className="nl-title"
            style={titleText(ctx, 42, {
              color: p.onBand,
              textTransform: 'uppercase',
              fontStyle: 'italic',
              letterSpacing: '0.5px',
              paddingTop: ctx.kicker ? 4 : 0,
            })}
          >
            {ctx.issue.name}
          </h1>
        </td>
        <td align="right" valign="middle" style={pad('0 24px 0 0')}>
          <Tr width={92} style={{ backgroundColor: '#111111', border: `2px solid ${p.accent}` }}>
            {/* The date box keeps its black ground in every mode: the accent is brought to where it reads there. */}
            <td
              align="center"
              style={{ padding: '8px 6px', fontFamily: "'Courier New', Courier, monospace", color: readable(p.accent, '#111111'), fontWeight: 700 }}
            >
              <div style={{ fontSize: 18, lineHeight: '22px' }}>{md}</div>
              <div style={{ fontSize: 12, lineHeight: '16px', color: '#ffffff' }}>{year}</div>
            </td>
          </Tr>
        </td>
      </Tr>
      <div style={{ backgroundColor: p.accent, height: 8, lineHeight: '8px', fontSize: 1 }}>&nbsp;</div>
      <div style={{ backgroundColor: '#111111', height: 4, lineHeight: '4px', fontSize: 1 }}>&nbsp;</div>
    </td>
  );
};

export const bands: Masthead = (ctx) => {
  const s = stats(ctx);
  return (
    <td>
      <Bands h={12} />
      <Tr>
        <td align="center" className="nl-pad" style={pad('28px 24px 22px')}>
          <Name ctx={ctx} size={40} style={{ textAlign: 'center', letterSpacing: '-0.5px' }} />
          <p className="nl-mu" style={bodyText(ctx, 14, { color: ctx.p.muted, paddingTop: 8, textAlign: 'center' })}>
            {ctx.issue.date} · {s.stories} · {s.read}
          </p>
        </td>
      </Tr>
      <Bands h={4} />
    </td>
  );
};

export const bubbly: Masthead = (ctx) => {
  const { p } = ctx;
  const dots = [p.band, p.accent, '#f6c343'];
  return (
    <td className="nl-pad" style={pad('24px 24px 6px')}>
      <Tr style={{ backgroundColor: p.band, borderRadius: 28 }}>
        <td align="center" style={{ padding: '26px 24px', borderRadius: 28 }}>
          <p style={{ margin: 0, fontSize: 18, letterSpacing: '6px' }}>
            {dots.map((c, i) => (
              // Glyphs on the band: each colour brought to where it reads there.
              <span key={i} style={{ color: i === 0 ? p.onBand : readable(c, p.band) }}>
                ●
              </span>
            ))}
          </p>
          <h1 className="nl-title" style={titleText(ctx, 36, { color: p.onBand, textAlign: 'center', paddingTop: 6 })}>
            {ctx.issue.name}
          </h1>
          {ctx.kicker ? <p style={bodyText(ctx, 15, { color: p.onBand, textAlign: 'center', paddingTop: 6 })}>{ctx.kicker}</p> : null}
        </td>
      </Tr>
      <p style={{ margin: '12px 0 0', textAlign: 'center' }}>
        <span
          style={{
            display: 'inline-block',
            padding: '5px 14px',
            borderRadius: 20,
            backgroundColor: p.accent,
            color: p.onAccent,
            fontFamily: ctx.f.body,
            fontSize: 13,
            fontWeight: 700,
          }}
        >
          {ctx.issue.date}
        </span>
      </p>
    </td>
  );
};

export const notebook: Masthead = (ctx) => {
  const { p } = ctx;
  const line = p.dark ? mix(p.primary, '#8fb3ff', 0.5) : '#c7d7f5';
  return (
    <td style={pad('26px 0 8px')}>
      <Tr>
        <td width={44} style={{ width: 44 }}>
          &nbsp;
        </td>
        <td style={{ borderLeft: `2px solid ${p.accent}`, padding: '0 28px 0 18px' }}>
          <p className="nl-ac" style={smallCaps(ctx, p.accentText)}>
            {ctx.kicker ? `${ctx.kicker} · ` : ''}
            {ctx.issue.date}
          </p>
          <Name ctx={ctx} size={36} style={{ paddingTop: 6, paddingBottom: 8, borderBottom: `1px solid ${line}` }} />
          <div style={{ borderBottom: `1px solid ${line}`, height: 12, fontSize: 1 }}>&nbsp;</div>
          <div style={{ borderBottom: `1px solid ${line}`, height: 12, fontSize: 1 }}>&nbsp;</div>
        </td>
      </Tr>
    </td>
  );
};

export const minimal: Masthead = (ctx) => {
  const { p } = ctx;
  return (
    <td className="nl-pad" style={pad('48px 40px 8px')}>
      <p className="nl-mu" style={bodyText(ctx, 12, { color: p.muted, textAlign: 'right', letterSpacing: '1px' })}>
        {ctx.issue.date}
      </p>
      <Name ctx={ctx} size={36} style={{ fontWeight: 300, letterSpacing: '-1px', paddingTop: 28 }} />
      <div style={{ width: 48, height: 3, backgroundColor: p.accent, fontSize: 1, lineHeight: '3px', margin: '22px 0 0' }}>&nbsp;</div>
    </td>
  );
};

export const launch: Masthead = (ctx) => {
  const { p } = ctx;
  const s = stats(ctx);
  return (
    <td style={{ backgroundColor: p.band }}>
      <Tr>
        <td className="nl-pad" style={pad('30px 32px 28px')}>
          <span
            style={{
              display: 'inline-block',
              padding: '4px 12px',
              borderRadius: 999,
              backgroundColor: p.accent,
              color: p.onAccent,
              ...smallCaps(ctx, p.onAccent, { letterSpacing: '1.5px', fontSize: 10 }),
            }}
          >
            New issue
          </span>
          <h1 className="nl-title" style={titleText(ctx, 38, { color: p.onBand, paddingTop: 12, letterSpacing: '-1px' })}>
            {ctx.issue.name}
          </h1>
          <p style={bodyText(ctx, 15, { color: mix(p.onBand, p.band, 0.2), paddingTop: 8 })}>
            {s.stories} · {s.read} · {ctx.issue.date}
          </p>
        </td>
      </Tr>
    </td>
  );
};

export const postcard: Masthead = (ctx) => {
  const { p } = ctx;
  const stripes = Array.from({ length: 15 }, (_, i) => (i % 2 ? p.accent : p.primary));
  return (
    <td className="nl-pad" style={pad('22px 24px 6px')}>
      <Tr>
        {stripes.map((c, i) => (
          <td key={i} style={{ backgroundColor: c, height: 6, lineHeight: '6px', fontSize: 1 }}>
            &nbsp;
          </td>
        ))}
      </Tr>
      <Tr style={{ border: `2px dashed ${p.heading}`, borderTop: 0 }}>
        <td style={pad('22px 20px')}>
          {ctx.kicker ? (
            <p className="nl-mu" style={bodyText(ctx, 15, { color: p.muted, fontStyle: 'italic', fontFamily: ctx.f.title })}>
              {ctx.kicker}
            </p>
          ) : null}
          <Name ctx={ctx} size={38} style={{ paddingTop: ctx.kicker ? 2 : 0 }} />
        </td>
        <td width={96} align="right" valign="top" style={pad('18px 18px 0 0')}>
          <Tr width={86} style={{ border: `3px dotted ${p.accent}`, backgroundColor: mix(p.accent, p.surface, 0.85) }}>
            <td
              align="center"
              style={{
                padding: '10px 4px',
                fontFamily: "'Courier New', Courier, monospace",
                fontSize: 11,
                lineHeight: '15px',
                fontWeight: 700,
                color: p.dark ? '#ffffff' : readable(p.heading, mix(p.accent, p.surface, 0.85)),
              }}
            >
              AIR MAIL
              <br />
              {ctx.issue.date.toUpperCase()}
            </td>
          </Tr>
        </td>
      </Tr>
    </td>
  );
};

export const wellness: Masthead = (ctx) => {
  const { p } = ctx;
  const panel = p.dark ? p.card : mix(p.primary, '#ffffff', 0.9);
  return (
    <td className="nl-pad" style={pad('24px 24px 8px')}>
      {/* The panel turns to the dark card under the dark rules, as the text on it turns light. */}
      <Tr className="nl-cd" style={{ backgroundColor: panel, borderRadius: 18 }}>
        <td align="center" style={{ padding: '30px 24px 26px', borderRadius: 18 }}>
          {ctx.kicker ? (
            <p className="nl-ac" style={smallCaps(ctx, p.dark ? p.accentText : p.primary, { textAlign: 'center', letterSpacing: '3px' })}>
              {ctx.kicker}
            </p>
          ) : null}
          <Name ctx={ctx} size={34} style={{ textAlign: 'center', paddingTop: ctx.kicker ? 8 : 0, fontWeight: 400 }} />
          <p
            className="nl-ac"
            style={{ margin: '14px 0 0', textAlign: 'center', fontSize: 12, lineHeight: '12px', color: readable(p.accent, panel), letterSpacing: '4px' }}
          >
            ──── ● ────
          </p>
          <p className="nl-mu" style={bodyText(ctx, 13, { color: p.muted, textAlign: 'center', paddingTop: 10 })}>
            {ctx.issue.date}
          </p>
        </td>
      </Tr>
    </td>
  );
};
