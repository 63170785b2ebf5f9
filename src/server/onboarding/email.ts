// The product's own e-mails to its users (onboarding steps, product newsletters): one simple branded
// layout around a staff-written Markdown body, the same for the preview and for the real send. The
// body goes through the shared Markdown sanitiser; every value put into the layout is escaped. The
// product's name is the one h1, the body's headings are h2 and below (the sanitiser makes # an h2).
import crypto from 'node:crypto';
import type { Deps } from '../context';
import { markdownToEmailHtml, markdownToText } from '../markdown';
import { cleanHeader, mailboxAddress, mailboxWithName } from '../mail/headers';
import type { OutgoingMessage } from '../mail/transport';
import { escapeHtml } from '../xml';

export const productName = (env: Pick<Deps['env'], 'MAIL_FROM'>) => /^\s*"?([^"<]*?)"?\s*</.exec(env.MAIL_FROM)?.[1]?.trim() || 'Curated';
export const productDomain = (env: Pick<Deps['env'], 'MAIL_FROM'>) => mailboxAddress(env.MAIL_FROM).split('@')[1] ?? 'localhost';

export interface ProductEmailInput {
  subject: string;
  markdown: string;
  /** Why the reader gets it, shown in the footer ("You get these e-mails because ..."). */
  reason: string;
  /** The signed one-click unsubscribe address. */
  unsubscribeUrl: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderProductEmail(env: Pick<Deps['env'], 'APP_URL' | 'MAIL_FROM'>, input: ProductEmailInput): RenderedEmail {
  const name = productName(env);
  const body = markdownToEmailHtml(input.markdown, env.APP_URL);
  const subject = cleanHeader(input.subject);
  const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
  const html = `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title>
<style>.pe-body a{color:#4f46e5}.pe-body img{max-width:100%;height:auto}.pe-body h2,.pe-body h3{color:#18181b;margin:24px 0 8px}.pe-body p,.pe-body li{line-height:1.6}.pe-body pre{white-space:pre-wrap;background:#f4f4f5;padding:12px;border-radius:6px}.pe-body blockquote{margin:0;padding-left:12px;border-left:3px solid #e4e4e7;color:#52525b}</style>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;border:1px solid #e4e4e7;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e4e4e7;"><h1 style="margin:0;font-family:${font};font-size:18px;line-height:24px;font-weight:700;color:#4f46e5;">
<a href="${escapeHtml(env.APP_URL)}" style="color:#4f46e5;text-decoration:none;">${escapeHtml(name)}</a></h1></td></tr>
<tr><td class="pe-body" style="padding:24px 28px;font-family:${font};font-size:16px;color:#27272a;">${body}</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e4e4e7;font-family:${font};font-size:12px;line-height:1.5;color:#71717a;">
${escapeHtml(input.reason)}<br><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#71717a;">Unsubscribe</a> · <a href="${escapeHtml(env.APP_URL)}/settings" style="color:#71717a;">Notification settings</a></td></tr>
</table></td></tr></table>
</body></html>`;
  const text = `${markdownToText(input.markdown)}\n\n--\n${input.reason}\nUnsubscribe: ${input.unsubscribeUrl}\n`;
  return { subject, html, text };
}

/** One message from the product to one user, with the one-click unsubscribe headers (RFC 8058). */
export function productMessage(env: Pick<Deps['env'], 'APP_URL' | 'MAIL_FROM'>, to: string, mail: RenderedEmail, unsubscribeUrl: string): OutgoingMessage {
  const domain = productDomain(env);
  return {
    to,
    from: mailboxWithName(productName(env), env.MAIL_FROM),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: `<${crypto.randomUUID()}@${domain}>`,
  };
}
