// Print-inspired mastheads: broadsheet, community paper, boardroom, editorial, ledger, magazine, digest, letter.
import { mix } from './palette';
import { Tr, smallCaps, bodyText } from './kit';
import { Name, pad, stats, type Masthead } from './masthead-kit';

export const broadsheet: Masthead = (ctx) => {
  const { p } = ctx;
  const s = stats(ctx);
  return (
    <td className="nl-pad" style={pad('22px 32px 0')}>
      <Tr className="nl-bd" style={{ borderTop: `1px solid ${p.heading}`, borderBottom: `1px solid ${p.heading}` }}>
        <td className="nl-mu" style={{ ...smallCaps(ctx, p.muted, { letterSpacing: '1px' }), padding: '6px 0' }}>
          {ctx.issue.date}
        </td>
        <td align="center" className="nl-ac" style={{ ...smallCaps(ctx, p.accentText, { letterSpacing: '3px' }), padding: '6px 0' }}>
          {ctx.kicker}
        </td>
        <td align="right" className="nl-mu" style={{ ...smallCaps(ctx, p.muted, { letterSpacing: '1px' }), padding: '6px 0' }}>
          {s.stories}
        </td>
      </Tr>
      <Name ctx={ctx} size={50} style={{ textAlign: 'center', letterSpacing: '-1px', padding: '18px 0 14px', fontWeight: 900 }} />
      <div className="nl-bd" style={{ borderTop: `4px double ${p.heading}`, height: 1, lineHeight: '1px', fontSize: 1 }}>
        &nbsp;
      </div>
    </td>
  );
};

export const community: Masthead = (ctx) => {
  const { p } = ctx;
  const sections = [...new Set(ctx.issue.articles.map((a) => a.category))].slice(0, 4);
  return (
    <td>
      <div style={{ backgroundColor: p.accent, height: 6, lineHeight: '6px', fontSize: 1 }}>&nbsp;</div>
      <Tr>
        <td className="nl-pad" style={pad('22px 28px 12px')}>
          {ctx.kicker ? (
            <p className="nl-ac" style={smallCaps(ctx, p.accentText)}>
              {ctx.kicker}
            </p>
          ) : null}
          <Name ctx={ctx} size={40} style={{ paddingTop: ctx.kicker ? 4 : 0 }} />
        </td>
        <td
          align="right"
          valign="bottom"
          className="nl-pad nl-mu"
          style={{ ...bodyText(ctx, 13, { color: p.muted, fontStyle: 'italic' }), padding: '0 28px 16px' }}
        >
          {ctx.issue.date}
        </td>
      </Tr>
      <Tr className="nl-bd" style={{ borderTop: `2px solid ${p.heading}` }}>
        <td className="nl-pad" style={pad('10px 28px 4px')}>
          {sections.map((c) => (
            <span
              key={c}
              style={{
                display: 'inline-block',
                margin: '0 6px 6px 0',
                padding: '3px 10px',
                backgroundColor: p.band,
                color: p.onBand,
                ...smallCaps(ctx, p.onBand, { letterSpacing: '1px', fontSize: 10 }),
              }}
            >
              {c}
            </span>
          ))}
        </td>
      </Tr>
    </td>
  );
};

export const corporate: Masthead = (ctx) => {
  const { p } = ctx;
  return (
    <td className="nl-pad" style={pad('28px 28px 8px')}>
      <Tr className="nl-bd" style={{ borderBottom: `1px solid ${p.border}` }}>
        <td width={8} style={{ backgroundColor: p.band, width: 8, fontSize: 1 }}>
          &nbsp;
        </td>
        <td style={pad('4px 0 18px 18px')}>
          <p className="nl-mu" style={smallCaps(ctx, p.muted, { letterSpacing: '1.5px' })}>
            {ctx.kicker ? `${ctx.kicker} · ` : ''}
            {ctx.issue.date}
          </p>
          <Name ctx={ctx} size={30} style={{ paddingTop: 6, letterSpacing: '-0.3px' }} />
        </td>
        <td align="right" valign="top" style={pad('4px 0 18px')}>
          <span
            style={{
              display: 'inline-block',
              border: `1px solid ${p.accent}`,
              padding: '6px 10px',
              ...smallCaps(ctx, p.accentText, { letterSpacing: '1px', fontSize: 10 }),
            }}
            className="nl-ac"
          >
            {stats(ctx).stories}
          </span>
        </td>
      </Tr>
    </td>
  );
};

export const editorial: Masthead = (ctx) => {
  const { p } = ctx;
  const day = ctx.issue.date.split(' ')[1]?.replace(',', '') ?? '';
  return (
    <td className="nl-bd" style={{ borderBottom: `6px solid ${p.dark ? p.heading : p.accent}` }}>
      <Tr>
        <td width={110} align="center" valign="middle" style={{ width: 110, backgroundColor: p.band, padding: '26px 0' }}>
          <p style={{ margin: 0, fontFamily: ctx.f.title, fontSize: 13, letterSpacing: '2px', color: p.onBand }}>NO.</p>
          <p style={{ margin: 0, fontFamily: ctx.f.title, fontSize: 48, lineHeight: '52px', fontStyle: 'italic', color: p.onBand }}>{day}</p>
        </td>
        <td className="nl-pad" style={pad('26px 28px')}>
          <Name ctx={ctx} size={44} style={{ fontStyle: 'italic', letterSpacing: '-1px', fontWeight: 400 }} />
          <p className="nl-mu" style={bodyText(ctx, 14, { color: p.muted, paddingTop: 8, fontStyle: 'italic' })}>
            — {ctx.issue.date}
          </p>
        </td>
      </Tr>
    </td>
  );
};

export const ledger: Masthead = (ctx) => {
  const { p } = ctx;
  const gold = p.accent;
  const cell = { padding: '8px 10px', borderLeft: `1px solid ${gold}`, fontFamily: "'Courier New', Courier, monospace", fontSize: 13, color: p.text };
  return (
    <td className="nl-pad" style={{ padding: '0 32px 6px', borderTop: `4px solid ${gold}` }}>
      {ctx.kicker ? (
        <p className="nl-ac" style={smallCaps(ctx, p.accentText, { textAlign: 'center', paddingTop: 24, letterSpacing: '4px' })}>
          {ctx.kicker}
        </p>
      ) : null}
      <Name
        ctx={ctx}
        size={34}
        style={{ textAlign: 'center', fontVariant: 'small-caps', letterSpacing: '2px', fontWeight: 400, padding: ctx.kicker ? '6px 0 18px' : '24px 0 18px' }}
      />
      <Tr style={{ borderTop: `1px solid ${gold}`, borderBottom: `1px solid ${gold}` }}>
        <td className="nl-tx" style={{ ...cell, borderLeft: 0 }}>
          DATE {ctx.issue.date}
        </td>
        <td className="nl-tx" align="center" style={cell}>
          ITEMS {String(ctx.issue.articles.length).padStart(2, '0')}
        </td>
        <td className="nl-tx" align="right" style={cell}>
          READ {ctx.issue.readMinutes} MIN
        </td>
      </Tr>
    </td>
  );
};

export const magazine: Masthead = (ctx) => {
  const { p } = ctx;
  return (
    <td align="center" className="nl-pad" style={pad('34px 32px 10px')}>
      <p className="nl-ac" style={smallCaps(ctx, p.accentText, { textAlign: 'center', letterSpacing: '5px' })}>
        {ctx.kicker ? `${ctx.kicker} · ` : ''}
        {ctx.issue.date}
      </p>
      <Name ctx={ctx} size={42} style={{ textAlign: 'center', textTransform: 'uppercase', letterSpacing: '7px', fontWeight: 400, padding: '14px 0' }} />
      <Tr>
        <td className="nl-bd" style={{ borderTop: `1px solid ${p.heading}`, fontSize: 1 }}>
          &nbsp;
        </td>
        <td
          width={170}
          align="center"
          className="nl-mu"
          style={{ ...smallCaps(ctx, p.muted, { letterSpacing: '3px', fontWeight: 400 }), width: 170, padding: '0 10px' }}
        >
          {stats(ctx).n} features inside
        </td>
        <td className="nl-bd" style={{ borderTop: `1px solid ${p.heading}`, fontSize: 1 }}>
          &nbsp;
        </td>
      </Tr>
    </td>
  );
};

export const capitol: Masthead = (ctx) => {
  const { p } = ctx;
  const rule = { borderTop: `5px double ${p.heading}`, height: 1, fontSize: 1, lineHeight: '1px' } as const;
  return (
    <td className="nl-pad" style={pad('26px 32px 4px')}>
      <div className="nl-bd" style={rule}>
        &nbsp;
      </div>
      <p className="nl-ac" style={{ margin: '12px 0 0', textAlign: 'center', color: p.accentText, fontSize: 12, letterSpacing: '8px' }}>
        ★ ★ ★
      </p>
      <Name ctx={ctx} size={38} style={{ textAlign: 'center', fontVariant: 'small-caps', letterSpacing: '1px', padding: '6px 0 4px' }} />
      {ctx.kicker ? (
        <p
          className="nl-mu"
          style={bodyText(ctx, 12, { color: p.muted, textAlign: 'center', letterSpacing: '3px', textTransform: 'uppercase', paddingBottom: 12 })}
        >
          {ctx.kicker}
        </p>
      ) : (
        <div style={{ height: 12, fontSize: 1, lineHeight: '12px' }}>&nbsp;</div>
      )}
      <div className="nl-bd" style={rule}>
        &nbsp;
      </div>
      <Tr>
        <td className="nl-mu" style={{ ...bodyText(ctx, 13, { color: p.muted, fontStyle: 'italic' }), padding: '8px 0' }}>
          {ctx.issue.date}
        </td>
        <td align="right" className="nl-mu" style={{ ...bodyText(ctx, 13, { color: p.muted, fontStyle: 'italic' }), padding: '8px 0' }}>
          {stats(ctx).n} items
        </td>
      </Tr>
    </td>
  );
};

export const letter: Masthead = (ctx) => {
  const { p } = ctx;
  return (
    <td>
      <Tr>
        <td style={{ backgroundColor: p.accent, height: 6, fontSize: 1, lineHeight: '6px' }}>&nbsp;</td>
        <td style={{ backgroundColor: p.band, height: 6, fontSize: 1, lineHeight: '6px' }}>&nbsp;</td>
        <td style={{ backgroundColor: mix(p.accent, '#ffffff', 0.5), height: 6, fontSize: 1, lineHeight: '6px' }}>&nbsp;</td>
      </Tr>
      <Tr>
        <td className="nl-pad" style={pad('30px 32px 6px')}>
          {ctx.kicker ? (
            <p className="nl-mu" style={bodyText(ctx, 17, { color: p.muted, fontFamily: ctx.f.title, fontStyle: 'italic' })}>
              {ctx.kicker}
            </p>
          ) : null}
          <Name ctx={ctx} size={32} style={{ paddingTop: ctx.kicker ? 4 : 0 }} />
          <p className="nl-mu" style={bodyText(ctx, 13, { color: p.muted, paddingTop: 6 })}>
            {ctx.issue.date} · {stats(ctx).read}
          </p>
        </td>
      </Tr>
    </td>
  );
};
