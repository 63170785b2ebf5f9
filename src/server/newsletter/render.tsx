// Renders an issue to email HTML with React Email components (tables, inline styles, 600 px), and
// derives the web version from the same render. Measured against MJML and template+juice before
// choosing: see scripts/bench/newsletter.ts and ARCHITECTURE.md.
import { renderToStaticMarkup } from 'react-dom/server';
// The individual React Email packages, not the @react-email/components barrel (which pulls in
// prismjs and the markdown renderer at start-up).
import { Html } from '@react-email/html';
import { Head } from '@react-email/head';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Preview } from '@react-email/preview';
import { MASTHEAD_SAMPLE_LINES, type ThemeMeta } from '../../shared/themes';
import { webFontOf } from '../../shared/email-fonts';
import type { ColorTheme, FontStyle, LayoutStyle } from '../../shared/schemas/newsletter';
import type { Issue } from './issue';
import { paletteFor, type Palette } from './palette';
import { MASTHEADS } from './mastheads';
import { Raw, RAW_TAG, Tr, fontsFor, bodyText, type RenderCtx } from './kit';
import { MARKERS } from './markers';
import { testBannerText } from './text';

export interface RenderOptions {
  layoutStyle: LayoutStyle;
  fontStyle: FontStyle;
  colorTheme: ColorTheme;
  includeBranding: boolean;
  /** Absolute app address for the branding link. */
  appUrl: string;
  /** Leaves per-recipient slots (greeting, unsubscribe and web links; see markers.ts) for bulk sending. */
  personalized?: boolean;
  /** Shows each masthead's sample line where the creator set none: the theme sheet only, never a creator's issue. */
  sampleCopy?: boolean;
  /** A test send (step 5): a banner on top saying so, and no subscription line (a test has no subscriber). */
  test?: boolean;
}

export interface Rendered {
  html: string;
  webHtml: string;
}

import { WIDTH } from './layout';
import { Articles, SignOff } from './issue-body';

/** Media queries (stacking, phone padding) and dark-mode overrides: the only CSS not inlined. */
function styleSheet(dark: Palette, test = false): string {
  const colors = `${test ? TEST_BANNER_DARK.colors : ''}.nl-tx{color:${dark.text}!important}.nl-mu{color:${dark.muted}!important}.nl-hd{color:${dark.heading}!important}.nl-ln{color:${dark.link}!important}.nl-ac{color:${dark.accentText}!important}.nl-bd{border-color:${dark.border}!important}.nl-fm{color:${dark.onSecondary}!important}`;
  const backs = `${test ? TEST_BANNER_DARK.backs : ''}.nl-bg{background-color:${dark.page}!important}.nl-sf{background-color:${dark.surface}!important}.nl-cd{background-color:${dark.card}!important}.nl-sb{background-color:${dark.secondary}!important}`;
  const og = (prefix: string, css: string) => css.replace(/(^|\})\./g, `$1${prefix} .`);
  return [
    ':root{color-scheme:light dark;supported-color-schemes:light dark}',
    'body{margin:0;padding:0;-webkit-text-size-adjust:100%}',
    'table{border-collapse:collapse}',
    'img{-ms-interpolation-mode:bicubic}',
    `@media only screen and (max-width:${WIDTH + 20}px){.nl-wrap{width:100%!important}.nl-col{display:block!important;width:100%!important;max-width:100%!important}.nl-pad{padding-left:18px!important;padding-right:18px!important}.nl-title{font-size:30px!important;line-height:36px!important}}`,
    `@media (prefers-color-scheme:dark){${backs}${colors}}`,
    og('[data-ogsc]', colors),
    og('[data-ogsb]', backs),
  ].join('\n');
}

/** The test banner's colours: amber, 8.4:1 in light and 12:1 in dark, whatever the theme. */
const TEST_BANNER = { back: '#fef3c7', text: '#78350f', rule: '#f59e0b' } as const;
const TEST_BANNER_DARK = { colors: '.nl-tbt{color:#fde68a!important}', backs: '.nl-tb{background-color:#451a03!important}' } as const;

function TestBanner({ ctx }: { ctx: RenderCtx }) {
  return (
    <Tr>
      <td
        className="nl-pad nl-tb"
        data-test-banner=""
        style={{ padding: '12px 32px', backgroundColor: TEST_BANNER.back, borderBottom: `2px solid ${TEST_BANNER.rule}` }}
      >
        <p className="nl-tbt" style={{ margin: 0, fontFamily: 'Arial, Helvetica, sans-serif', fontSize: 14, lineHeight: '20px', color: TEST_BANNER.text }}>
          <strong>Test send.</strong> {testBannerText(ctx.issue.subject)}
        </p>
      </td>
    </Tr>
  );
}

const MSO_HEAD =
  '<!--[if mso]><xml><o:OfficeDocumentSettings><o:AllowPNG/><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml><style>table,td{mso-table-lspace:0pt;mso-table-rspace:0pt}</style><![endif]-->';

function Footer({ ctx, opts }: { ctx: RenderCtx; opts: RenderOptions }) {
  const { p } = ctx;
  const rule =
    ctx.theme.headerStyle === 'capitol' ? `5px double ${p.border}` : ctx.theme.headerStyle === 'postcard' ? `2px dashed ${p.border}` : `1px solid ${p.border}`;
  // Colourful closes on a band of the primary colour; light and dark on a band of the secondary one,
  // the theme's page tint, so it shows on phones too, where the column fills the screen.
  const band = p.mode === 'colorful';
  const muted = band ? p.onBand : p.onSecondary;
  const tone = band ? undefined : 'nl-fm';
  return (
    <>
      <Tr>
        <td aria-hidden="true" style={{ height: 28, fontSize: 1, lineHeight: '28px' }}>
          &nbsp;
        </td>
      </Tr>
      <Tr style={{ backgroundColor: band ? p.band : p.secondary }} className={band ? undefined : 'nl-sb'}>
        <td className="nl-pad" style={{ padding: band ? '26px 32px 30px' : '0 32px 34px' }}>
          {band ? null : (
            <div className="nl-bd" style={{ borderTop: rule, height: 1, fontSize: 1, lineHeight: '1px' }}>
              &nbsp;
            </div>
          )}
          <p className={tone} style={bodyText(ctx, 12, { color: muted, textAlign: 'center', paddingTop: band ? 0 : 18, fontStyle: 'normal', fontWeight: 400 })}>
            {ctx.issue.name} · {ctx.issue.date} · {ctx.issue.articles.length} {ctx.issue.articles.length === 1 ? 'story' : 'stories'}
          </p>
          {opts.test ? null : (
            <p className={tone} style={bodyText(ctx, 12, { color: muted, textAlign: 'center', paddingTop: 4, fontStyle: 'normal', fontWeight: 400 })}>
              You are receiving this email because you subscribed to {ctx.issue.name}.
            </p>
          )}
          {ctx.theme.brand?.footerText ? (
            <p className={tone} style={bodyText(ctx, 12, { color: muted, textAlign: 'center', paddingTop: 8, fontStyle: 'normal', fontWeight: 400 })}>
              {ctx.theme.brand.footerText}
            </p>
          ) : null}
          {opts.personalized ? (
            <p className={tone} style={bodyText(ctx, 12, { color: muted, textAlign: 'center', paddingTop: 8, fontStyle: 'normal', fontWeight: 400 })}>
              <a href={MARKERS.webUrl} target="_blank" className={tone} style={{ color: muted, textDecoration: 'underline' }}>
                View in your browser
              </a>
              {' · '}
              <a href={MARKERS.preferencesUrl} target="_blank" className={tone} style={{ color: muted, textDecoration: 'underline' }}>
                Manage preferences
              </a>
              {' · '}
              <a href={MARKERS.unsubscribeUrl} target="_blank" className={tone} style={{ color: muted, textDecoration: 'underline' }}>
                Unsubscribe
              </a>
            </p>
          ) : null}
          {opts.includeBranding ? (
            <p style={{ margin: '14px 0 0', textAlign: 'center', fontFamily: 'Arial, Helvetica, sans-serif', fontSize: 12 }}>
              <a href={opts.appUrl} target="_blank" className={tone} style={{ color: muted, textDecoration: 'none' }}>
                Made with <strong>Curated</strong>
              </a>
            </p>
          ) : null}
        </td>
      </Tr>
    </>
  );
}

/**
 * A saved theme's web fonts: @font-face rules pointing at the product's own /fonts (clients without
 * @font-face ignore them and use the stack's fallback); Outlook for Windows, which would show Times New
 * Roman for a font it lacks instead of moving down the stack, is given the fallback outright.
 */
function WebFonts({ ctx, appUrl }: { ctx: RenderCtx; appUrl: string }) {
  const body = webFontOf(ctx.theme.fontFamily);
  const title = webFontOf(ctx.theme.titleFontFamily);
  const fonts = [...new Map([body, title].filter((f) => f !== null).map((f) => [f.slug, f])).values()];
  if (!fonts.length) return null;
  const faces = fonts
    .flatMap((f) =>
      [400, 700].map(
        (w) =>
          `@font-face{font-family:'${f.family}';font-style:normal;font-weight:${w};src:url('${appUrl}/fonts/${f.slug}-latin-${w}-normal.woff2') format('woff2');}`,
      ),
    )
    .join('');
  const outlook = body?.fallback ?? ctx.theme.fontFamily;
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: faces }} />
      <Raw ctx={ctx} html={`<!--[if mso]><style>body,table,td,th,p,a,span,div,h1,h2,h3,h4{font-family:${outlook} !important}</style><![endif]-->`} />
    </>
  );
}

function Email({ ctx, opts }: { ctx: RenderCtx; opts: RenderOptions }) {
  const { p } = ctx;
  // A saved theme's logo (resized to fit 480 × 160 when uploaded), shown at half size above the masthead;
  // decoration (alt=""): the nameplate's h1 right under it says the name.
  const logo = ctx.theme.brand?.logo;
  const dark = paletteFor(ctx.theme, 'dark');
  return (
    <Html lang={ctx.issue.lang} dir={ctx.issue.dir}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no" />
        <title>{ctx.issue.subject}</title>
        <Raw ctx={ctx} html={MSO_HEAD} />
        <WebFonts ctx={ctx} appUrl={opts.appUrl} />
        <style dangerouslySetInnerHTML={{ __html: styleSheet(dark, opts.test) }} />
      </Head>
      <Body className="nl-bg" style={{ margin: 0, padding: 0, backgroundColor: p.page, width: '100%' }}>
        <Preview data-preheader="">{ctx.issue.preheader}</Preview>
        <Tr className="nl-bg" style={{ backgroundColor: p.page }}>
          <td align="center" style={{ padding: '24px 0' }}>
            <Raw
              ctx={ctx}
              html={`<!--[if mso]><table role="presentation" width="${WIDTH}" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->`}
            />
            <Container width={WIDTH} className="nl-wrap nl-sf" style={{ width: '100%', maxWidth: WIDTH, backgroundColor: p.surface, margin: '0 auto' }}>
              {opts.test ? <TestBanner ctx={ctx} /> : null}
              {logo ? (
                <Tr>
                  <td align="center" style={{ padding: '24px 32px 0' }}>
                    <img
                      src={`${opts.appUrl}/media/${logo.id}.png`}
                      width={Math.round(logo.width / 2)}
                      height={Math.round(logo.height / 2)}
                      alt=""
                      style={{ display: 'block', border: 0, outline: 'none', margin: '0 auto', height: 'auto', maxWidth: '100%' }}
                    />
                  </td>
                </Tr>
              ) : null}
              <Tr>{MASTHEADS[ctx.theme.headerStyle](ctx)}</Tr>
              {opts.personalized ? (
                <Tr>
                  <td className="nl-pad" style={{ padding: '24px 32px 0' }}>
                    <p className="nl-tx" style={bodyText(ctx, 16, { margin: 0 })}>
                      {MARKERS.greeting}
                    </p>
                  </td>
                </Tr>
              ) : null}
              {ctx.issue.intro ? (
                <Tr>
                  <td className="nl-pad" style={{ padding: '24px 32px 0' }}>
                    <p className="nl-tx" style={bodyText(ctx, 16, { margin: 0 })}>
                      {ctx.issue.intro}
                    </p>
                  </td>
                </Tr>
              ) : null}
              <Articles ctx={ctx} appUrl={opts.appUrl} />
              <SignOff ctx={ctx} />
              <Footer ctx={ctx} opts={opts} />
            </Container>
            <Raw ctx={ctx} html="<!--[if mso]></td></tr></table><![endif]-->" />
          </td>
        </Tr>
      </Body>
    </Html>
  );
}

const PRELOAD_RE = /<link rel="preload"[^>]*\/?>/g;
const RAW_RE = new RegExp(`<${RAW_TAG} data-i="(\\d+)"></${RAW_TAG}>`, 'g');

export function renderIssue(issue: Issue, theme: ThemeMeta, opts: RenderOptions): Rendered {
  const kicker = theme.brand?.kicker?.trim() || (opts.sampleCopy ? MASTHEAD_SAMPLE_LINES[theme.headerStyle] : '');
  const ctx: RenderCtx = {
    theme,
    p: paletteFor(theme, opts.colorTheme),
    f: fontsFor(theme, opts.fontStyle),
    issue,
    layout: opts.layoutStyle,
    kicker,
    raw: [],
  };
  // React 19 hoists <link rel="preload"> tags for images into <head>; email has no use for them.
  const markup = renderToStaticMarkup(<Email ctx={ctx} opts={opts} />).replace(PRELOAD_RE, '');
  const html =
    `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">${markup.replace(RAW_RE, (_m, i: string) => ctx.raw[Number(i)])}`.replace(
      '<html ',
      '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" ',
    );
  return { html, webHtml: toWebVersion(html) };
}

/**
 * The web version: the same document without the hidden preheader, Outlook-only comments and the line
 * that only a mail can say ("You are receiving this email…"). Applying it again changes nothing, so the
 * archive also cleans copies stored before the line was left out.
 */
export function toWebVersion(html: string): string {
  return html
    .replace(/^<!DOCTYPE[^>]*>/, '<!DOCTYPE html>')
    .replace(/<!--\[if mso\]>[\s\S]*?<!\[endif\]-->/g, '')
    .replace(/<p\b[^>]*>You are receiving this email because you subscribed to [^<]*<\/p>/, '')
    .replace(/<div[^>]*data-preheader=""[^>]*>[\s\S]*?<\/div><\/div>|<div[^>]*data-preheader=""[^>]*>[\s\S]*?<\/div>/, '');
}
