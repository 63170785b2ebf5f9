// The double opt-in mail a reader gets after signing up on a publication's page: one link that proves
// the address is theirs; the publication's name is the mail's one heading.
import { escapeHtml } from '../../xml';
import { linkMailHtml, oneLine } from '../../mail/link-mail';

const NOTE = 'The link works for 7 days. If you did not sign up, ignore this message: you will not be subscribed.';

export function confirmationMail({ publicationName, confirmUrl }: { publicationName: string; confirmUrl: string }) {
  const name = oneLine(publicationName);
  const subject = `Confirm your subscription to ${name}`;
  const text = [`Please confirm that you want to receive ${name}:`, '', confirmUrl, '', NOTE].join('\n');
  const html = linkMailHtml({
    subject,
    heading: name,
    lines: [`Please confirm that you want to receive <strong>${escapeHtml(name)}</strong>.`],
    action: { label: 'Confirm my subscription', url: confirmUrl },
    note: NOTE,
  });
  return { subject, text, html };
}
