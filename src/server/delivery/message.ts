// One reader's message of an issue send: what all of a send's messages share (the compiled templates,
// sender, list id, where the readers' pages live), prepared once per run, and the message built from it
// for a recipient (greeting, unsubscribe links and headers, tracked links and pixel, their subject).
import { eq } from 'drizzle-orm';
import type { Deps } from '../context';
import { publications, type IssueSendRow, type SendRecipientRow } from '../../../db/schema';
import { mailboxAddress, mailboxWithName, cleanHeader } from '../mail/headers';
import type { OutgoingMessage } from '../mail/transport';
import { compileTemplate, fillTemplate, greetingFor, type CompiledTemplate } from './personalize';
import { escapeHtml } from '../xml';
import { unsubscribeLinks } from '../readers/unsubscribe';
import { preferencesUrl } from '../readers/preferences';
import { archiveUrl } from './archive';
import { clickToken, openToken } from '../tracking/tokens';
import { subjectFor } from './subject-test';
import { publicBaseFor } from '../domains/custom-domains';

type RunnerDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;

/** What every reader's message of one send shares, computed once per run. */
export interface PreparedIssue {
  html: CompiledTemplate;
  text: CompiledTemplate;
  from: string;
  domain: string;
  webUrl: string;
  listId: string;
  /** Where the readers' pages live: the account's custom domain, or APP_URL. */
  base: string;
}

export async function prepareIssue(deps: RunnerDeps, send: IssueSendRow): Promise<PreparedIssue> {
  const domain = mailboxAddress(deps.env.MAIL_FROM).split('@')[1] ?? 'localhost';
  const [pub] = await deps.db.select({ name: publications.name }).from(publications).where(eq(publications.id, send.publicationId));
  const listName = cleanHeader(pub?.name ?? send.fromName).replace(/[<>"]/g, '');
  const base = await publicBaseFor(deps, send.userId);
  return {
    html: compileTemplate(send.html),
    text: compileTemplate(send.text),
    from: mailboxWithName(send.fromName, deps.env.MAIL_FROM),
    domain,
    webUrl: await archiveUrl(deps.db, base, send),
    base,
    listId: `${listName} <${send.publicationId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.list.${domain}>`,
  };
}

export function buildMessage(
  deps: RunnerDeps,
  send: IssueSendRow,
  p: PreparedIssue,
  r: Pick<SendRecipientRow, 'id' | 'email' | 'name' | 'subscriberId' | 'variant'>,
  /** The reader chose plain text: the message has no HTML part (and so no tracked links or pixel). */
  opts: { textOnly?: boolean } = {},
): OutgoingMessage {
  const links = unsubscribeLinks(deps, p.base, r.subscriberId ?? '', send.id, p.domain);
  const preferences = preferencesUrl(deps, p.base, r.subscriberId ?? '');
  const greeting = greetingFor(r.name);
  const secret = deps.env.APP_SECRET;
  const base = p.base;
  // Tracked sends: each link and the pixel carry this reader's signed token (tokens are base64url,
  // so they need no escaping in an attribute).
  const openPixel = send.trackOpens ? `${base}/t/o/${openToken(secret, { sendId: send.id, recipientId: r.id })}.gif` : '';
  const link = send.trackClicks ? (position: number) => `${base}/t/c/${clickToken(secret, { sendId: send.id, recipientId: r.id, position })}` : undefined;
  return {
    to: r.email,
    toName: r.name || undefined,
    from: p.from,
    replyTo: send.replyTo,
    subject: subjectFor(send, r.variant),
    html: opts.textOnly
      ? undefined
      : fillTemplate(
          p.html,
          {
            greeting: escapeHtml(greeting),
            unsubscribeUrl: escapeHtml(links.url),
            preferencesUrl: escapeHtml(preferences),
            webUrl: escapeHtml(p.webUrl),
            openPixel: escapeHtml(openPixel),
          },
          link,
        ),
    text: fillTemplate(p.text, { greeting, unsubscribeUrl: links.url, preferencesUrl: preferences, webUrl: p.webUrl }),
    headers: {
      'List-Unsubscribe': `<${links.url}>, <${links.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': p.listId,
    },
    messageId: `<${send.id}.${r.id}@${p.domain}>`,
    tags: { sendId: send.id, recipientId: String(r.id) },
  };
}
