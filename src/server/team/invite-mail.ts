// The invitation mail: who invites you to which team with which role, and the one link to accept;
// "Join <team>" is its one heading.
import { escapeHtml } from '../xml';
import { linkMailHtml, oneLine } from '../mail/link-mail';

const ROLE_TEXT = {
  editor: 'As an editor you can open and edit the newsletters shared with the team.',
  viewer: 'As a viewer you can open and preview the newsletters shared with the team.',
} as const;

const NOTE = 'The link works for 7 days. Sign in with this e-mail address to accept. If you did not expect this, ignore this message.';

export function invitationMail(o: { inviterName: string; workspaceName: string; role: 'editor' | 'viewer'; joinUrl: string }) {
  const inviter = oneLine(o.inviterName);
  const team = oneLine(o.workspaceName);
  const asRole = o.role === 'editor' ? 'an editor' : 'a viewer';
  const subject = `${inviter} invited you to ${team} on Curated`;
  const text = [`${inviter} invited you to join ${team} on Curated as ${asRole}.`, ROLE_TEXT[o.role], '', 'Accept the invitation:', o.joinUrl, '', NOTE].join(
    '\n',
  );
  const html = linkMailHtml({
    subject,
    heading: `Join ${team}`,
    lines: [`<strong>${escapeHtml(inviter)}</strong> invited you to join <strong>${escapeHtml(team)}</strong> on Curated as ${asRole}.`, ROLE_TEXT[o.role]],
    action: { label: 'Accept the invitation', url: o.joinUrl },
    note: NOTE,
  });
  return { subject, text, html };
}
