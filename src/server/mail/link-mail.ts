// The frame of a short mail whose point is one link (a reader's confirmation, a team invitation): one
// heading, a few lines, the link as a button and written out, and a note on how long it works. Table layout
// with inline styles, because mail clients drop <style> blocks. The caller passes its lines as HTML it has
// escaped; the heading, the link and the note are escaped here.
import { escapeHtml } from '../xml';

export interface LinkMail {
  subject: string;
  heading: string;
  /** The body's lines, as escaped HTML; the first is the lead, the others smaller. */
  lines: string[];
  action: { label: string; url: string };
  note: string;
}

/** A header or subject value on one line. */
export const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

export function linkMailHtml(mail: LinkMail): string {
  const url = escapeHtml(mail.action.url);
  const [lead, ...rest] = mail.lines;
  const more = rest.map((line) => `<tr><td style="font-size:15px;line-height:22px;padding-bottom:24px;color:#3f3f46;">${line}</td></tr>`).join('\n');
  return `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:32px 16px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<tr><td style="padding-bottom:12px;"><h1 style="margin:0;font-size:20px;line-height:26px;font-weight:bold;color:#18181b;">${escapeHtml(mail.heading)}</h1></td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:${rest.length ? 12 : 24}px;">${lead}</td></tr>
${more ? `${more}\n` : ''}<tr><td style="padding-bottom:24px;"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-size:16px;font-weight:bold;padding:12px 24px;border-radius:8px;">${escapeHtml(mail.action.label)}</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#71717a;">Or open this link: <a href="${url}" style="color:#4f46e5;word-break:break-all;">${url}</a><br>${escapeHtml(mail.note)}</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
}
