// A publication's welcome mail and its sequence. The creator writes them in Markdown (the one sanitising
// renderer); a reader's confirmation (pending → active, signup.ts) schedules them once in its own
// transaction: the 'welcome' history record { step: 0 } is the once-only guard, so a second click or a
// reader who leaves, joins and confirms again is not welcomed twice. Readers added by hand, by import or by
// the API never pass through a confirmation and are not welcomed. Each mail is a queue job (the confirm page
// never waits on a provider): step 0 at once, step n at confirmation + its day offset. A job sends only to a
// reader still active since that same confirmation and not suppressed, through the creator's own chain,
// with the reader's unsubscribe link and List-Unsubscribe headers, as an issue goes.
import { and, eq } from 'drizzle-orm';
import type { AuthedContext, Deps } from '../context';
import { tx, type DbOrTx, type Tx } from '../db';
import { locks } from '../locks';
import { publications, readerEvents, readerSettings, subscribers, users, type PublicationRow, type SubscriberRow } from '../../../db/schema';
import { findOwned } from '../publications/publications';
import { markdownToEmailHtml, markdownToText } from '../markdown';
import { cleanHeader, mailboxDomain, mailboxWithName } from '../mail/headers';
import { chainFor } from '../mail/chain';
import { deliver } from '../mail/deliver';
import { isSuppressed } from './suppression';
import type { OutgoingMessage } from '../mail/transport';
import { unsubscribeLinks } from './unsubscribe';
import { publicBaseFor } from '../domains/custom-domains';
import { escapeHtml } from '../xml';
import { recordReaderEvent } from './events';
import type { JobHandler } from '../jobs/worker';
import type { WelcomeStep } from '../../shared/schemas/readers';
import type { WelcomePreviewInput, WelcomeSaveInput, WelcomeView } from '../../shared/schemas/welcome';

export const WELCOME_JOB = 'readers.welcome';
export const welcomeJobKey = (subscriberId: string, step: number) => `welcome:${subscriberId}:${step}`;

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_ATTEMPTS = 5;

type Ctx = Pick<AuthedContext, 'db' | 'user' | 'now' | 'env'>;
type WelcomeDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now'>;

interface Stored {
  enabled: boolean;
  subject: string;
  markdown: string;
  sequence: WelcomeStep[];
  updatedAt: Date | null;
}

const DEFAULTS: Stored = { enabled: false, subject: '', markdown: '', sequence: [], updatedAt: null };

async function stored(db: DbOrTx, publicationId: string): Promise<Stored> {
  const [row] = await db.select().from(readerSettings).where(eq(readerSettings.publicationId, publicationId)).limit(1);
  if (!row) return DEFAULTS;
  return { enabled: row.welcomeEnabled, subject: row.welcomeSubject, markdown: row.welcomeMarkdown, sequence: row.sequence ?? [], updatedAt: row.updatedAt };
}

const toView = (s: Stored): WelcomeView => ({
  enabled: s.enabled,
  subject: s.subject,
  markdown: s.markdown,
  sequence: s.sequence,
  updatedAt: s.updatedAt?.toISOString() ?? null,
});

export async function getWelcome(ctx: Ctx, publicationId: string): Promise<WelcomeView> {
  const pub = await findOwned(ctx.db, ctx.user.id, publicationId);
  return toView(await stored(ctx.db, pub.id));
}

/** Saves the welcome fields only: the row's other settings (the preference centre's topics) stay. */
export async function saveWelcome(ctx: Ctx, input: WelcomeSaveInput): Promise<WelcomeView> {
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  const now = ctx.now();
  const sequence = [...input.sequence].sort((a, b) => a.dayOffset - b.dayOffset);
  const values = { welcomeEnabled: input.enabled, welcomeSubject: input.subject, welcomeMarkdown: input.markdown, sequence, updatedAt: now };
  await ctx.db
    .insert(readerSettings)
    .values({ publicationId: pub.id, ...values })
    .onConflictDoUpdate({ target: readerSettings.publicationId, set: values });
  return toView({ enabled: input.enabled, subject: input.subject, markdown: input.markdown, sequence, updatedAt: now });
}

interface MailParts {
  publicationName: string;
  subject: string;
  markdown: string;
  unsubscribeUrl: string;
}

/** The mail as readers get it and as the preview shows it: the publication's name, the body, the footer. */
export function renderWelcome(env: Pick<Deps['env'], 'APP_URL'>, p: MailParts): { subject: string; html: string; text: string } {
  const subject = cleanHeader(p.subject);
  const body = markdownToEmailHtml(p.markdown, env.APP_URL);
  const name = escapeHtml(p.publicationName);
  const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
  const html = `<!doctype html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title>
<style>.wm-body a{color:#4f46e5}.wm-body img{max-width:100%;height:auto}.wm-body h2,.wm-body h3{color:#18181b;margin:24px 0 8px}.wm-body p,.wm-body li{line-height:1.6}.wm-body pre{white-space:pre-wrap;background:#f4f4f5;padding:12px;border-radius:6px}.wm-body blockquote{margin:0;padding-left:12px;border-left:3px solid #e4e4e7;color:#52525b}</style>
</head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;border:1px solid #e4e4e7;">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e4e4e7;"><h1 style="margin:0;font-family:${font};font-size:18px;line-height:24px;font-weight:700;color:#18181b;">${name}</h1></td></tr>
<tr><td class="wm-body" style="padding:24px 28px;font-family:${font};font-size:16px;color:#27272a;">${body}</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e4e4e7;font-family:${font};font-size:12px;line-height:1.5;color:#71717a;">
You get this mail because you subscribed to ${name}.<br><a href="${escapeHtml(p.unsubscribeUrl)}" style="color:#71717a;">Unsubscribe</a></td></tr>
</table></td></tr></table>
</body></html>`;
  const text = `${markdownToText(p.markdown, { links: true })}\n\n--\nYou get this mail because you subscribed to ${p.publicationName}.\nUnsubscribe: ${p.unsubscribeUrl}\n`;
  return { subject, html, text };
}

export async function previewWelcome(ctx: Ctx, input: WelcomePreviewInput) {
  const pub = await findOwned(ctx.db, ctx.user.id, input.publicationId);
  // The reader's own link goes here in the real mail; the preview's leads nowhere.
  return renderWelcome(ctx.env, { publicationName: pub.name, subject: input.subject, markdown: input.markdown, unsubscribeUrl: '#unsubscribe' });
}

/**
 * Called by the confirmation, inside its transaction, for a reader who has just become active: schedules
 * the welcome mail and the sequence unless this reader was welcomed before (or the mail is off).
 */
export async function scheduleWelcome(
  deps: Pick<Deps, 'queue'>,
  t: Tx,
  pub: Pick<PublicationRow, 'id'>,
  reader: Pick<SubscriberRow, 'id' | 'source'>,
  confirmedAt: Date,
): Promise<boolean> {
  // Before any job is written: the job engine's key comes last (locks.ts).
  await locks.welcomeOf(t, reader.id);
  const settings = await stored(t, pub.id);
  if (!settings.enabled) return false;
  const [welcomed] = await t
    .select({ id: readerEvents.id })
    .from(readerEvents)
    .where(and(eq(readerEvents.subscriberId, reader.id), eq(readerEvents.kind, 'welcome')))
    .limit(1);
  if (welcomed) return false;
  await recordReaderEvent(t, { publicationId: pub.id, subscriberId: reader.id, kind: 'welcome', source: reader.source, detail: { step: 0 }, at: confirmedAt });
  const since = confirmedAt.getTime();
  await deps.queue.enqueue({ kind: WELCOME_JOB, payload: { subscriberId: reader.id, step: 0, confirmedAt: since }, uniqueKey: welcomeJobKey(reader.id, 0) }, t);
  for (const [i, s] of settings.sequence.entries())
    await deps.queue.enqueue(
      {
        kind: WELCOME_JOB,
        payload: { subscriberId: reader.id, step: i + 1, confirmedAt: since },
        runAt: new Date(since + s.dayOffset * DAY_MS),
        uniqueKey: welcomeJobKey(reader.id, i + 1),
      },
      t,
    );
  return true;
}

type Outcome = 'sent' | 'skipped' | { retryable: string } | { refused: string };

/** One mail of the welcome (step 0) or its sequence (step n) to one reader, if it should still go. */
export async function sendWelcomeStep(
  deps: WelcomeDeps,
  payload: { subscriberId: string; step: number; confirmedAt: number },
): Promise<Outcome | { notBefore: Date }> {
  const [row] = await deps.db
    .select({ sub: subscribers, pub: publications, ownerEmail: users.email })
    .from(subscribers)
    .innerJoin(publications, eq(publications.id, subscribers.publicationId))
    .innerJoin(users, eq(users.id, publications.userId))
    .where(eq(subscribers.id, payload.subscriberId))
    .limit(1);
  if (!row) return 'skipped';
  const { sub, pub } = row;
  // Left since (even if they joined again: that confirmation was not welcomed, so its sequence is over).
  if (sub.status !== 'active' || sub.confirmedAt?.getTime() !== payload.confirmedAt) return 'skipped';
  const settings = await stored(deps.db, pub.id);
  if (!settings.enabled) return 'skipped';
  let subject = settings.subject;
  let markdown = settings.markdown;
  if (payload.step > 0) {
    const step = settings.sequence[payload.step - 1];
    if (!step) return 'skipped';
    const due = new Date(payload.confirmedAt + step.dayOffset * DAY_MS);
    if (deps.now().getTime() < due.getTime()) return { notBefore: due };
    ({ subject, markdown } = step);
  }
  if (await isSuppressed(deps.db, pub.userId, sub.email)) return 'skipped';

  const domain = mailboxDomain(deps.env.MAIL_FROM);
  const base = await publicBaseFor(deps, pub.userId);
  const links = unsubscribeLinks(deps, base, sub.id, '', domain);
  const mail = renderWelcome(deps.env, { publicationName: pub.name, subject, markdown, unsubscribeUrl: links.url });
  const listName = cleanHeader(pub.name).replace(/[<>"]/g, '');
  const message: OutgoingMessage = {
    to: sub.email,
    toName: sub.name || undefined,
    from: mailboxWithName(pub.name, deps.env.MAIL_FROM),
    replyTo: row.ownerEmail,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: {
      'List-Unsubscribe': `<${links.url}>, <${links.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${listName} <${pub.id.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.list.${domain}>`,
    },
    // The same id on a repeated run, so a provider or a mail client can tell the mail was sent before.
    messageId: `<welcome.${sub.id}.${payload.step}.${payload.confirmedAt}@${domain}>`,
  };
  const { results, outage } = await deliver(await chainFor(deps, pub.userId), [message], { log: (l) => deps.log.warn(l) });
  const result = results[0]?.result;
  if (outage) return { retryable: outage };
  if (!result?.ok) return { refused: result && !result.ok ? result.error : 'no provider answered' };
  if (payload.step > 0)
    await tx(deps.db, async (t) => {
      await recordReaderEvent(t, {
        publicationId: pub.id,
        subscriberId: sub.id,
        kind: 'welcome',
        source: sub.source,
        detail: { step: payload.step },
        at: deps.now(),
      });
    });
  return 'sent';
}

const readPayload = (p: Record<string, unknown>) => ({
  subscriberId: String(p.subscriberId ?? ''),
  step: Number(p.step ?? 0),
  confirmedAt: Number(p.confirmedAt ?? 0),
});

/** The welcome job: sends, skips, waits for its day, or retries a provider outage with backoff. */
export const handleWelcomeJob: JobHandler<WelcomeDeps> = async (deps, queue, job, worker) => {
  try {
    const outcome = await sendWelcomeStep(deps, readPayload(job.payload));
    if (typeof outcome === 'object' && 'notBefore' in outcome) return await queue.continue(job.id, worker, outcome.notBefore);
    if (typeof outcome === 'object' && 'refused' in outcome) deps.log.warn(`welcome mail job ${job.id} refused by the provider: ${outcome.refused}`);
    if (typeof outcome === 'object' && 'retryable' in outcome) throw new Error(outcome.retryable);
    await queue.complete(job.id, worker);
  } catch (err) {
    deps.log.error(`welcome mail job ${job.id} failed (attempt ${job.attempts})`, err);
    const retryAt = job.attempts < MAX_ATTEMPTS ? new Date(deps.now().getTime() + 60_000 * 2 ** (job.attempts - 1)) : undefined;
    await queue.fail(job.id, worker, err instanceof Error ? err.message : String(err), retryAt);
  }
};

export const welcomeJobHandlers: Record<string, JobHandler<WelcomeDeps>> = { [WELCOME_JOB]: handleWelcomeJob };
