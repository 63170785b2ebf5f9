// The weekly roll-up for readers who chose one mail a week: each week (Monday 00:00 UTC to the next) a
// publication with such readers gets one issue send gathering the issues it sent that week (their
// subjects, stories and web versions), sent to those readers only. The send's id is derived from the
// publication and the week, so a doubled tick, a retried job or a second process never sends it twice;
// a week without an issue sends nothing.
import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Deps } from '../context';
import { tx } from '../db';
import { issueSends, publications, users, type IssueSendRow } from '../../../db/schema';
import { SEND_JOB, sendJobKey } from './sends';
import { archiveUrl } from './archive';
import { publicBaseFor } from '../domains/custom-domains';
import { MARKERS } from '../newsletter/markers';
import { escapeHtml } from '../xml';
import { publicationsWithWeeklyReaders } from '../readers/preferences';
import type { JobHandler } from '../jobs/worker';

export const ROLLUP_TICK_JOB = 'readers.rollup-tick';
export const ROLLUP_JOB = 'readers.rollup';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

type RollupDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now' | 'queue'> & Partial<Pick<Deps, 'delivery'>>;

/** The last whole week before `now`: from the Monday (00:00 UTC) a week before this week's, to this week's. */
export function lastWeek(now: Date): { start: Date; end: Date } {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  return { start: new Date(end.getTime() - WEEK_MS), end };
}

export const rollupSendId = (publicationId: string, weekStart: Date) => `rollup-${publicationId}-${weekStart.toISOString().slice(0, 10)}`;

/** The publication's issues that went out in the week (roll-ups apart), oldest first. */
async function issuesOfWeek(db: Deps['db'], publicationId: string, week: { start: Date; end: Date }) {
  return db
    .select()
    .from(issueSends)
    .where(
      and(
        eq(issueSends.publicationId, publicationId),
        isNull(issueSends.rollupOf),
        inArray(issueSends.status, ['sending', 'sent']),
        gte(issueSends.startedAt, week.start),
        lt(issueSends.startedAt, week.end),
      ),
    )
    .orderBy(asc(issueSends.startedAt), asc(issueSends.id));
}

/** Each hour: a roll-up job for every publication with weekly readers whose last week had issues and has no roll-up yet. */
export async function enqueueWeeklyRollups(deps: RollupDeps): Promise<number> {
  const week = lastWeek(deps.now());
  let made = 0;
  for (const publicationId of await publicationsWithWeeklyReaders(deps.db)) {
    const id = rollupSendId(publicationId, week.start);
    const [done] = await deps.db.select({ id: issueSends.id }).from(issueSends).where(eq(issueSends.id, id));
    if (done) continue;
    if (!(await issuesOfWeek(deps.db, publicationId, week)).length) continue;
    const job = await deps.queue.enqueue({ kind: ROLLUP_JOB, payload: { publicationId, week: week.start.toISOString() }, uniqueKey: `readers-rollup:${id}` });
    if (job) made++;
  }
  if (made) deps.delivery?.kick();
  return made;
}

const date = (d: Date) => d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The roll-up mail (HTML and text) of a week's issues; exported for its accessibility test. */
export function rollupBodies(name: string, issues: (IssueSendRow & { url: string })[]) {
  const link = 'color:#2563eb;text-decoration:underline';
  const muted = 'color:#6b7280;font-size:12px';
  const items = issues
    .map((s) => {
      const stories = s.articles
        .map((a) => `<li style="margin:4px 0"><a href="${escapeHtml(a.url)}" target="_blank" style="${link}">${escapeHtml(a.title || a.url)}</a></li>`)
        .join('');
      return (
        `<tr><td style="padding:16px 0;border-top:1px solid #e5e7eb">` +
        `<p style="margin:0;${muted}">${escapeHtml(date(s.startedAt!))}</p>` +
        `<h2 style="margin:4px 0 8px;font-size:18px;line-height:1.3"><a href="${escapeHtml(s.url)}" target="_blank" style="color:#111827;text-decoration:none">${escapeHtml(s.subject)}</a></h2>` +
        (stories ? `<ul style="margin:0 0 8px;padding-left:20px;font-size:14px;line-height:1.5">${stories}</ul>` : '') +
        `<p style="margin:0;font-size:14px"><a href="${escapeHtml(s.url)}" target="_blank" style="${link}">Read the issue “${escapeHtml(s.subject)}”</a></p>` +
        `</td></tr>`
      );
    })
    .join('');
  const footer =
    `<p style="margin:24px 0 0;text-align:center;${muted}">You are receiving this weekly roll-up because you chose one mail a week from ${escapeHtml(name)}.</p>` +
    `<p style="margin:8px 0 0;text-align:center;${muted}"><a href="${MARKERS.preferencesUrl}" target="_blank" style="color:#6b7280;text-decoration:underline">Manage preferences</a> · ` +
    `<a href="${MARKERS.unsubscribeUrl}" target="_blank" style="color:#6b7280;text-decoration:underline">Unsubscribe</a></p>`;
  const html =
    `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(name)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f4f5"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#111827"><tr><td style="padding:24px">` +
    `<p style="margin:0 0 8px;font-size:15px">${MARKERS.greeting}</p>` +
    `<h1 style="margin:0 0 8px;font-size:22px">${escapeHtml(name)}: this week's issues</h1>` +
    `<p style="margin:0 0 8px;font-size:15px;line-height:1.5">Here ${issues.length === 1 ? 'is the issue' : `are the ${issues.length} issues`} of the week, in one mail.</p>` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items}</table>${footer}` +
    `</td></tr></table></td></tr></table></body></html>`;
  const text = [
    MARKERS.greeting,
    '',
    `${name}: this week's issues`,
    '',
    ...issues.flatMap((s) => [
      `${date(s.startedAt!)}: ${s.subject}`,
      ...s.articles.map((a) => `  - ${a.title || a.url}: ${a.url}`),
      `  Read the issue: ${s.url}`,
      '',
    ]),
    `You are receiving this weekly roll-up because you chose one mail a week from ${name}.`,
    `Manage preferences: ${MARKERS.preferencesUrl}`,
    `Unsubscribe: ${MARKERS.unsubscribeUrl}`,
    '',
  ].join('\n');
  return { html, text };
}

/** The roll-up job: makes the week's roll-up send (once) and its delivery job; nothing when the week had no issue. */
export async function makeRollup(deps: RollupDeps, publicationId: string, weekStartIso: string): Promise<string | null> {
  const start = new Date(weekStartIso);
  if (Number.isNaN(start.getTime())) return null;
  const week = { start, end: new Date(start.getTime() + WEEK_MS) };
  const id = rollupSendId(publicationId, start);
  const [pub] = await deps.db
    .select({ name: publications.name, userId: publications.userId, email: users.email })
    .from(publications)
    .innerJoin(users, eq(users.id, publications.userId))
    .where(eq(publications.id, publicationId));
  if (!pub) return null;
  const issues = await issuesOfWeek(deps.db, publicationId, week);
  if (!issues.length) return null;
  const base = await publicBaseFor(deps, pub.userId);
  const withUrls = await Promise.all(issues.map(async (s) => ({ ...s, url: await archiveUrl(deps.db, base, s) })));
  const { html, text } = rollupBodies(pub.name, withUrls);
  const now = deps.now();
  // A roll-up tracks nothing, tests no subject and targets no segment: those columns keep their defaults.
  const row: typeof issueSends.$inferInsert = {
    id,
    userId: pub.userId,
    publicationId,
    subject: `${pub.name}: this week's issues`.replace(/[\r\n]+/g, ' '),
    fromName: pub.name,
    replyTo: pub.email,
    html,
    text,
    webHtml: html,
    articles: [],
    status: 'sending',
    scheduledAt: now,
    rollupOf: issues.map((s) => s.id),
    createdAt: now,
  };
  const made = await tx(deps.db, async (t) => {
    const inserted = await t.insert(issueSends).values(row).onConflictDoNothing().returning({ id: issueSends.id });
    if (!inserted.length) return false;
    await deps.queue.enqueue({ kind: SEND_JOB, payload: { sendId: id }, uniqueKey: sendJobKey(id) }, t);
    return true;
  });
  if (!made) return null;
  deps.log.info(`weekly roll-up ${id} queued (${issues.length} issues)`);
  deps.delivery?.kick();
  return id;
}

function settled(work: (deps: RollupDeps, payload: Record<string, unknown>) => Promise<unknown>, label: string): JobHandler<RollupDeps> {
  return async (deps, queue, job, worker) => {
    try {
      await work({ ...deps, queue }, job.payload);
      await queue.complete(job.id, worker);
    } catch (err) {
      deps.log.error(`${label} job ${job.id} failed (attempt ${job.attempts})`, err);
      const retryAt = job.attempts < 5 ? new Date(deps.now().getTime() + 60_000 * 2 ** (job.attempts - 1)) : undefined;
      await queue.fail(job.id, worker, err instanceof Error ? err.message : String(err), retryAt);
    }
  };
}

export const rollupJobHandlers: Record<string, JobHandler<RollupDeps>> = {
  [ROLLUP_TICK_JOB]: settled((deps) => enqueueWeeklyRollups(deps), 'weekly roll-up tick'),
  [ROLLUP_JOB]: settled((deps, p) => makeRollup(deps, String(p.publicationId ?? ''), String(p.week ?? '')), 'weekly roll-up'),
};
