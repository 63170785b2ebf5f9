// The double opt-in mail a reader gets after signing up on a publication's page: one link that proves
// the address is theirs. Table layout with inline styles, because mail clients drop <style> blocks; the
// publication's name is the mail's one heading.
import { escapeHtml } from '../../xml';

export function confirmationMail({ publicationName, confirmUrl }: { publicationName: string; confirmUrl: string }) {
  const name = publicationName.replace(/[\r\n]+/g, ' ').trim();
  const subject = `Confirm your subscription to ${name}`;
  const text = [
    `Please confirm that you want to receive ${name}:`,
    '',
    confirmUrl,
    '',
    'The link works for 7 days. If you did not sign up, ignore this message: you will not be subscribed.',
  ].join('\n');
  const n = escapeHtml(name);
  const url = escapeHtml(confirmUrl);
  const html = `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:32px 16px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<tr><td style="padding-bottom:12px;"><h1 style="margin:0;font-size:20px;line-height:26px;font-weight:bold;color:#18181b;">${n}</h1></td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:24px;">Please confirm that you want to receive <strong>${n}</strong>.</td></tr>
<tr><td style="padding-bottom:24px;"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-size:16px;font-weight:bold;padding:12px 24px;border-radius:8px;">Confirm my subscription</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#71717a;">Or open this link: <a href="${url}" style="color:#4f46e5;word-break:break-all;">${url}</a><br>The link works for 7 days. If you did not sign up, ignore this message: you will not be subscribed.</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
  return { subject, text, html };
}
