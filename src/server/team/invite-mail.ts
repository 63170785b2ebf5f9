// The invitation mail: who invites you to which team with which role, and the one link to accept.
// Table layout with inline styles, because mail clients drop <style> blocks; "Join <team>" is its one heading.
import { escapeHtml } from '../xml';
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

const ROLE_TEXT = {
  editor: 'As an editor you can open and edit the newsletters shared with the team.',
  viewer: 'As a viewer you can open and preview the newsletters shared with the team.',
} as const;

export function invitationMail(o: { inviterName: string; workspaceName: string; role: 'editor' | 'viewer'; joinUrl: string }) {
  const inviter = oneLine(o.inviterName);
  const team = oneLine(o.workspaceName);
  const subject = `${inviter} invited you to ${team} on Curated`;
  const text = [
    `${inviter} invited you to join ${team} on Curated as ${o.role === 'editor' ? 'an editor' : 'a viewer'}.`,
    ROLE_TEXT[o.role],
    '',
    'Accept the invitation:',
    o.joinUrl,
    '',
    'The link works for 7 days. Sign in with this e-mail address to accept. If you did not expect this, ignore this message.',
  ].join('\n');
  const i = escapeHtml(inviter);
  const t = escapeHtml(team);
  const url = escapeHtml(o.joinUrl);
  const html = `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:32px 16px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<tr><td style="padding-bottom:12px;"><h1 style="margin:0;font-size:20px;line-height:26px;font-weight:bold;color:#18181b;">Join ${t}</h1></td></tr>
<tr><td style="font-size:16px;line-height:24px;padding-bottom:12px;"><strong>${i}</strong> invited you to join <strong>${t}</strong> on Curated as ${o.role === 'editor' ? 'an editor' : 'a viewer'}.</td></tr>
<tr><td style="font-size:15px;line-height:22px;padding-bottom:24px;color:#3f3f46;">${ROLE_TEXT[o.role]}</td></tr>
<tr><td style="padding-bottom:24px;"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-size:16px;font-weight:bold;padding:12px 24px;border-radius:8px;">Accept the invitation</a></td></tr>
<tr><td style="font-size:13px;line-height:20px;color:#71717a;">Or open this link: <a href="${url}" style="color:#4f46e5;word-break:break-all;">${url}</a><br>The link works for 7 days. Sign in with this e-mail address to accept. If you did not expect this, ignore this message.</td></tr>
</table>
</td></tr>
</table>
</body></html>`;
  return { subject, text, html };
}
