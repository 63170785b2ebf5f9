// The issue's body in the mail: the stories in the chosen layout (single or two columns, with Outlook's
// ghost tables), the creator's text blocks between them, and the sign-off. render.tsx frames it.
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Issue } from './issue';
import { CARDS, CARD_GAP } from './cards';
import { Raw, Tr, bodyText, titleText, type RenderCtx } from './kit';
import { markdownToStyledEmailHtml } from '../markdown';
import { WIDTH, COL } from './layout';

/** Stories `from`… of the issue, in the layout chosen; `i` stays the story's place in the whole issue. */
function StoryRun({ ctx, from, articles }: { ctx: RenderCtx; from: number; articles: Issue['articles'] }) {
  const style = ctx.theme.bodyStyle;
  const card = CARDS[style];
  const gap = CARD_GAP[style];
  const side = 32;
  if (ctx.layout === 'single') {
    return (
      <>
        {articles.map((a, k) => (
          <Tr key={a.id + k}>
            <td className="nl-pad" style={{ padding: `${from + k === 0 ? 26 : gap}px ${side}px ${style === 'data-rows' ? 0 : 2}px` }}>
              {card(ctx, a, from + k, false)}
            </td>
          </Tr>
        ))}
      </>
    );
  }
  // Two columns as hybrid inline-blocks: they stack on phones; Outlook gets a ghost table.
  const rows: (typeof articles)[] = [];
  for (let i = 0; i < articles.length; i += 2) rows.push(articles.slice(i, i + 2));
  const ruled = style === 'column-rules';
  return (
    <>
      {rows.map((pair, r) => (
        <Tr key={r}>
          <td align="center" style={{ padding: `${from + r === 0 ? 22 : Math.max(gap - 6, 8)}px ${side - 12}px 0`, fontSize: 0, lineHeight: 0 }}>
            <Raw
              ctx={ctx}
              html={`<!--[if mso]><table role="presentation" width="${WIDTH - 2 * (side - 12)}" cellpadding="0" cellspacing="0" border="0"><tr><td width="${COL - (side - 12)}" valign="top"><![endif]-->`}
            />
            {pair.map((a, k) => (
              <div
                key={a.id + k}
                className="nl-col"
                style={{
                  display: 'inline-block',
                  width: '100%',
                  maxWidth: COL - (side - 12),
                  verticalAlign: 'top',
                  fontSize: 15,
                  lineHeight: '22px',
                  textAlign: 'left',
                }}
              >
                {k === 1 ? <Raw ctx={ctx} html={`<!--[if mso]></td><td width="${COL - (side - 12)}" valign="top"><![endif]-->`} /> : null}
                <Tr>
                  <td className="nl-bd" style={{ padding: '0 12px 6px', borderLeft: ruled && k === 1 ? `1px solid ${ctx.p.border}` : undefined }}>
                    {card(ctx, a, from + r * 2 + k, true)}
                  </td>
                </Tr>
              </div>
            ))}
            <Raw ctx={ctx} html="<!--[if mso]></td></tr></table><![endif]-->" />
          </td>
        </Tr>
      ))}
    </>
  );
}

/** A creator's text block: their Markdown through the one sanitising renderer, styled like the issue's body, its headings in the issue's outline. */
function TextBlockRow({ ctx, markdown, appUrl }: { ctx: RenderCtx; markdown: string; appUrl: string }) {
  const css = (o: CSSProperties) => renderToStaticMarkup(<i style={o} />).slice(10, -6);
  const text = css(bodyText(ctx, 16, { margin: '0 0 12px' }));
  const html = markdownToStyledEmailHtml(markdown, appUrl, {
    p: { style: text, className: 'nl-tx' },
    li: { style: css(bodyText(ctx, 16, { margin: '0 0 6px' })), className: 'nl-tx' },
    ul: { style: 'margin:0 0 12px;padding-left:22px' },
    ol: { style: 'margin:0 0 12px;padding-left:22px' },
    h2: { style: css(titleText(ctx, 22, { margin: '0 0 10px' })), className: 'nl-hd' },
    h3: { style: css(titleText(ctx, 18, { margin: '0 0 8px' })), className: 'nl-hd' },
    h4: { style: css(titleText(ctx, 16, { margin: '0 0 8px' })), className: 'nl-hd' },
    a: { style: `color:${ctx.p.link};text-decoration:underline`, className: 'nl-ln' },
    blockquote: { style: `margin:0 0 12px;padding:0 0 0 14px;border-left:3px solid ${ctx.p.border}`, className: 'nl-bd' },
    img: { style: 'display:block;max-width:100%;height:auto;border:0' },
    hr: { style: `border:0;border-top:1px solid ${ctx.p.border};margin:16px 0`, className: 'nl-bd' },
    code: { style: 'font-family:Menlo,Consolas,monospace;font-size:14px' },
    pre: { style: `margin:0 0 12px;white-space:pre-wrap;${css(bodyText(ctx, 14))}`, className: 'nl-tx' },
    td: { style: css(bodyText(ctx, 14, { padding: '4px 8px' })), className: 'nl-tx' },
    th: { style: css(bodyText(ctx, 14, { padding: '4px 8px', fontWeight: 700 })), className: 'nl-tx' },
  });
  return (
    <Tr>
      <td className="nl-pad nl-tx" data-text-block="" style={{ padding: '24px 32px 0' }} dangerouslySetInnerHTML={{ __html: html }} />
    </Tr>
  );
}

/** The stories with the creator's text blocks between them. */
export function Articles({ ctx, appUrl }: { ctx: RenderCtx; appUrl: string }) {
  const { articles, blocks } = ctx.issue;
  const out: ReactNode[] = [];
  let from = 0;
  const cuts = [...new Set(blocks.map((b) => b.afterIndex + 1)), articles.length];
  for (const cut of cuts) {
    if (cut > from) out.push(<StoryRun key={`s${from}`} ctx={ctx} from={from} articles={articles.slice(from, cut)} />);
    from = Math.max(from, cut);
    for (const b of blocks.filter((x) => x.afterIndex + 1 === cut)) out.push(<TextBlockRow key={b.id} ctx={ctx} markdown={b.markdown} appUrl={appUrl} />);
  }
  return <>{out}</>;
}

/** The creator's sign-off after the stories, its lines kept. */
export function SignOff({ ctx }: { ctx: RenderCtx }) {
  if (!ctx.issue.signOff) return null;
  return (
    <Tr>
      <td className="nl-pad" style={{ padding: '28px 32px 0' }}>
        {ctx.issue.signOff.split('\n\n').map((para, i) => (
          <p key={i} className="nl-tx" style={bodyText(ctx, 16, { margin: i ? '12px 0 0' : 0 })}>
            {para.split('\n').map((line, j) => (
              <Fragment key={j}>
                {j ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </p>
        ))}
      </td>
    </Tr>
  );
}
