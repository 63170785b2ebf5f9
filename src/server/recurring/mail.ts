// What a recurring schedule tells its creator: an issue to approve (its preview, Approve and Edit), a
// skipped period and why, a failed run and why. Product mail: the system chain (deps.mailer).
import type { Deps } from '../context';
import type { Env } from '../env';
import type { MailMessage } from '../mail/message';
import { escapeHtml } from '../xml';
import type { RecurringRunRow } from '../../../db/schema';
import type { PrecheckResult } from '../../shared/precheck';

const periodLabel = (run: Pick<RecurringRunRow, 'period' | 'createdAt'>) =>
  run.period.startsWith('manual:') ? `the run started ${run.createdAt.toUTCString()}` : `the period of ${new Date(run.period).toUTCString()}`;

const recurringPage = (env: Pick<Env, 'APP_URL'>, publicationId: string) => `${env.APP_URL}/recurring?publicationId=${encodeURIComponent(publicationId)}`;

const editUrl = (env: Pick<Env, 'APP_URL'>, newsletterId: string | null) => `${env.APP_URL}/newsletters?edit=${encodeURIComponent(newsletterId ?? '')}`;

export const approveUrl = (env: Pick<Env, 'APP_URL'>, token: string) => `${env.APP_URL}/recurring/approve?token=${encodeURIComponent(token)}`;

/** Never throws: the run's history already says what happened; a mail that could not go is logged. */
export async function mailCreator(deps: Pick<Deps, 'mailer' | 'log'>, to: string, msg: Omit<MailMessage, 'to'>): Promise<void> {
  try {
    await deps.mailer.send({ ...msg, to });
  } catch (err) {
    deps.log.warn(`recurring: mailing ${to} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function bodyOf(webHtml: string): string {
  const m = /<body[^>]*>([\s\S]*)<\/body>/i.exec(webHtml);
  return m ? m[1]! : webHtml;
}

/** The pre-send check's findings as the approval mail and page list them (worst first, as the check orders them). */
export const findingLines = (check: PrecheckResult | null) => (check?.findings ?? []).map((f) => `${f.title}: ${f.detail}`);

export const checkHeading = (check: PrecheckResult) =>
  check.blocked
    ? 'The pre-send check found a problem that stops this issue from being sent:'
    : `The pre-send check found ${check.findings.length === 1 ? '1 thing' : `${check.findings.length} things`} to look at before you approve:`;

export function approvalMail(
  env: Pick<Env, 'APP_URL'>,
  run: Pick<RecurringRunRow, 'publicationId' | 'subject' | 'articles' | 'autoSendAt' | 'newsletterId'>,
  publicationName: string,
  webHtml: string,
  token: string,
  check: PrecheckResult,
): Omit<MailMessage, 'to'> {
  const approve = approveUrl(env, token);
  const edit = editUrl(env, run.newsletterId);
  const found = findingLines(check);
  const when = run.autoSendAt ? `If you do not answer, it is sent on ${run.autoSendAt.toUTCString()}.` : 'Nothing is sent until you approve it.';
  const text = [
    `Your recurring issue of ${publicationName} is ready: “${run.subject ?? ''}” with ${run.articles.length} stories.`,
    '',
    ...run.articles.map((a) => `- ${a.title} (${a.url})`),
    '',
    `Approve and send it: ${approve}`,
    `Edit it first: ${edit}`,
    '',
    ...(found.length ? [checkHeading(check), ...found.map((f) => `- ${f}`), ''] : []),
    when,
  ].join('\n');
  const subject = `Approve your issue: ${run.subject ?? publicationName}`.slice(0, 250);
  // A whole document (language and direction for screen readers), the issue's body under the request.
  const html = `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head><body>
<div style="font-family:sans-serif;padding:16px;border-bottom:1px solid #ddd">
<p>Your recurring issue of <strong>${escapeHtml(publicationName)}</strong> is ready: “${escapeHtml(run.subject ?? '')}” with ${run.articles.length} stories.</p>
<p><a href="${escapeHtml(approve)}" style="display:inline-block;padding:8px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">Approve and send</a>
&nbsp; <a href="${escapeHtml(edit)}">Edit it first</a></p>
${found.length ? `<p><strong>${escapeHtml(checkHeading(check))}</strong></p><ul>${found.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>` : ''}
<p>${escapeHtml(when)}</p></div>
${bodyOf(webHtml)}
</body></html>`;
  return { subject, text, html, logNote: approve };
}

export function skippedMail(env: Pick<Env, 'APP_URL'>, run: RecurringRunRow, publicationName: string, reason: string): Omit<MailMessage, 'to'> {
  const page = recurringPage(env, run.publicationId);
  return {
    subject: `No issue of ${publicationName} this time`.slice(0, 250),
    text: `The recurring issue of ${publicationName} for ${periodLabel(run)} was skipped.\n\n${reason}\n\nSchedule and history: ${page}`,
  };
}

/**
 * A run that ended as failed: while the issue was being made, or once made and saved, when it was to be
 * sent (the pre-send check stopped it, or the send was refused), with the link to the saved newsletter.
 */
export function failedMail(env: Pick<Env, 'APP_URL'>, run: RecurringRunRow, reason: string, stage: 'make' | 'send' = 'make'): Omit<MailMessage, 'to'> {
  const page = recurringPage(env, run.publicationId);
  if (stage === 'send' && run.newsletterId) {
    return {
      subject: 'Your recurring issue was not sent',
      text: [
        `The recurring issue for ${periodLabel(run)} was made but not sent.`,
        '',
        reason,
        '',
        `The issue is kept with your saved newsletters: ${editUrl(env, run.newsletterId)}`,
        `Schedule and history: ${page}`,
      ].join('\n'),
    };
  }
  return {
    subject: 'Your recurring issue could not be made',
    text: `The recurring issue for ${periodLabel(run)} failed.\n\n${reason}\n\nSchedule and history: ${page}`,
  };
}
