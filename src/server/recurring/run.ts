// One recurring run: read the schedule's channels, drop every story an earlier issue of the publication
// (or an earlier run still waiting for approval) carried, rank the rest, and skip with the reason when
// fewer new stories than the minimum remain; otherwise write the intro and subject, save the issue as a
// newsletter, and send it (mode 'auto') or mail the creator for approval (mode 'approve').
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Deps } from '../context';
import { tx } from '../db';
import { locks } from '../locks';
import { AppError } from '../errors';
import {
  newsletters,
  publications,
  recurringRuns,
  recurringSchedules,
  userChannels,
  users,
  type PublicationRow,
  type RecurringRunRow,
  type RecurringScheduleRow,
} from '../../../db/schema';
import { toSessionUser, type SessionUser } from '../auth/service';
import { capabilitiesFor } from '../../shared/plans';
import { isSampleArticle, type Article } from '../../shared/schemas/content';
import { RECURRING_MSG } from '../../shared/schemas/recurring';
import { articlesForChannels } from '../feeds/articles';
import { canonicalLink } from '../feeds/normalize';
import { rankArticles } from '../ai/rank';
import { articleText, usedArticles } from '../ai/sources';
import { prepare, writeIntro, writeSubjects } from '../ai/builtin';
import { chooseModel } from '../ai/models';
import { completeChat } from '../ai/model';
import { checkOutput, introPrompt, subjectsPrompt } from '../ai/prompts';
import { countedGeneration } from '../ai/quota';
import { BUILTIN, engineOf } from '../ai/runtime';
import { toAiArticle, withoutCitations } from '../../shared/schemas/ai';
import { normalizeWorkflowData } from '../publications/dto';
import { assembleInputFrom } from '../publications/assemble-input';
import { assembleForOwner } from '../newsletter/assemble';
import { createSend } from '../delivery/sends';
import { sha256Hex } from '../crypto';
import { runPrecheck } from '../precheck/run';
import { PRECHECK_MSG, type PrecheckResult } from '../../shared/precheck';
import { storedContentSources } from '../../shared/schemas/newsletter';
import { NO_EDITS, type IssueEdits } from '../../shared/schemas/issue-edits';
import { mailCreator, approvalMail, skippedMail, failedMail } from './mail';
import { deadlineJobKey, RECURRING_DEADLINE_JOB } from './kinds';

export type RunDeps = Pick<Deps, 'db' | 'env' | 'log' | 'now' | 'queue' | 'ai' | 'delivery' | 'mailer'>;

/** How long an approval link works when no auto-send deadline is set. */
const APPROVAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const RUN_MSG = {
  channelGone: (name: string) => `The channel “${name}” is no longer among your channels. Choose the schedule's channels again on the Recurring page.`,
  noTheme: 'The publication has no theme. Choose one in the workflow (step 4) before the next run.',
  allChannelsFailed: (errors: string) => `None of the schedule's channels could be read (${errors}). The next period tries again.`,
  tooFew: (n: number, min: number) =>
    `Only ${n} new ${n === 1 ? 'story' : 'stories'} since the last issue, fewer than the minimum of ${min}. The issue was skipped; the next period tries again.`,
} as const;

async function setRun(deps: Pick<RunDeps, 'db' | 'now'>, id: string, fields: Partial<RecurringRunRow>) {
  await deps.db
    .update(recurringRuns)
    .set({ ...fields, updatedAt: deps.now() })
    .where(eq(recurringRuns.id, id));
}

async function ownerOf(deps: Pick<RunDeps, 'db'>, userId: string): Promise<(SessionUser & { disabled: boolean }) | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ? { ...toSessionUser(row), disabled: Boolean(row.disabledAt) } : null;
}

/** The links earlier issues and this schedule's prepared, unsent runs carry: never picked again. */
async function usedLinks(deps: Pick<RunDeps, 'db'>, run: RecurringRunRow) {
  const used = await usedArticles(deps.db, run.userId, run.publicationId);
  const waiting = await deps.db
    .select({ articles: recurringRuns.articles, subject: recurringRuns.subject, at: recurringRuns.createdAt })
    .from(recurringRuns)
    .where(and(eq(recurringRuns.publicationId, run.publicationId), inArray(recurringRuns.status, ['awaiting_approval', 'sent'])));
  for (const w of waiting) for (const a of w.articles) used.push({ url: a.url, title: a.title, issue: w.subject ?? '', sentAt: w.at });
  return used;
}

/** Intro and subject: the built-in engine unless the schedule picked a model the plan still serves (counted then; the built-in engine writes when it fails). */
async function writeIssue(deps: RunDeps, user: SessionUser, name: string, topic: string, modelId: string | null, picks: Article[]) {
  const ai = picks.map((a) => toAiArticle(a));
  const texts: Parameters<typeof prepare>[0] = [];
  for (const article of ai) texts.push({ article, text: await articleText(deps.db, article) });
  const sources = prepare(texts);
  const builtin = () => ({
    intro: withoutCitations(writeIntro(sources, { newsletterName: name })),
    subject: writeSubjects(sources)[0]?.text ?? '',
    engine: BUILTIN.name,
  });
  if (!modelId) return builtin();
  try {
    const model = chooseModel(deps.ai.models, user, modelId);
    if (!model) return builtin();
    return await countedGeneration(deps.db, user, deps.now(), async () => {
      const intro = checkOutput((await completeChat(model.config, introPrompt(sources, name, topic))).trim(), ai);
      const lines = checkOutput(await completeChat(model.config, subjectsPrompt(sources, name)), ai)
        .split('\n')
        .map((l) =>
          withoutCitations(l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, ''))
            .replace(/^["“]|["”]$/g, '')
            .trim(),
        )
        .filter(Boolean);
      return { intro: withoutCitations(intro).slice(0, 2000), subject: (lines[0] ?? builtin().subject).slice(0, 200), engine: engineOf(model).name };
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const b = builtin();
    return { ...b, engine: `${b.engine} (${err.message})` };
  }
}

/** The issue a run sends: its saved newsletter as it is now (the creator may have edited it after the approval mail), else what the run prepared. */
async function issueOf(deps: Pick<RunDeps, 'db'>, run: RecurringRunRow): Promise<RecurringIssue | null> {
  const [saved] = run.newsletterId
    ? await deps.db
        .select({ subject: newsletters.subject, contentSources: newsletters.contentSources })
        .from(newsletters)
        .where(and(eq(newsletters.id, run.newsletterId), eq(newsletters.userId, run.userId)))
    : [];
  const src = saved ? storedContentSources.safeParse(saved.contentSources) : null;
  if (saved && src?.success && src.data.articles.length) {
    return {
      subject: saved.subject || run.subject || '',
      intro: src.data.intro ?? run.content?.intro ?? '',
      articles: src.data.articles as Article[],
      edits: src.data.edits ?? NO_EDITS,
    };
  }
  if (!run.content) return null;
  return { subject: run.subject ?? '', intro: run.content.intro, articles: run.content.articles as Article[], edits: NO_EDITS };
}

export interface RecurringIssue {
  subject: string;
  intro: string;
  articles: Article[];
  edits: IssueEdits;
}

/** The finding that stops a send, in the creator's words. */
export const blockingReason = (r: PrecheckResult) =>
  r.findings
    .filter((f) => f.check === 'unsubscribe' && f.severity === 'error')
    .map((f) => `${f.title}: ${f.detail} ${f.fix}`.trim())
    .join(' ') || PRECHECK_MSG.blocked;

/**
 * The pre-send check of a recurring issue, the creator's own check of the publication's issue (links are
 * requested, so the send's own cache-only check keeps their answers). Kept on the run for the history
 * and the approval mail.
 */
export async function checkRecurringIssue(deps: RunDeps, run: RecurringRunRow, user: SessionUser, issue: RecurringIssue): Promise<PrecheckResult> {
  // The newsletter's own edits (none: NO_EDITS), never the publication's current issue's.
  const result = await runPrecheck({ ...deps, user }, { ...issue, publicationId: run.publicationId, subject: issue.subject || undefined });
  await setRun(deps, run.id, { precheck: result });
  return result;
}

/**
 * Every recurring issue passes here right before it is sent (auto mode, approval, deadline): a finding
 * that must stop the send throws AppError with its text, and the run then ends as failed with it.
 */
export async function beforeRecurringSend(deps: RunDeps, run: RecurringRunRow, user: SessionUser, issue: RecurringIssue): Promise<PrecheckResult> {
  const result = await checkRecurringIssue(deps, run, user, issue);
  if (result.blocked) throw new AppError('PRECONDITION_FAILED', blockingReason(result));
  return result;
}

/** Sends a prepared run (an approval, an unanswered deadline) as its saved newsletter is now. */
export async function sendRun(deps: RunDeps, runId: string): Promise<RecurringRunRow> {
  const [run] = await deps.db.select().from(recurringRuns).where(eq(recurringRuns.id, runId));
  if (!run) throw new AppError('NOT_FOUND', RECURRING_MSG.tokenInvalid);
  const user = await ownerOf(deps, run.userId);
  const issue = await issueOf(deps, run);
  if (!user || !issue) throw new AppError('NOT_FOUND', RECURRING_MSG.tokenInvalid);
  await sendIssue(deps, run, user, issue);
  return (await deps.db.select().from(recurringRuns).where(eq(recurringRuns.id, run.id)))[0]!;
}

/** The send of a run's issue; a refusal ends the run as failed and tells the creator. The send's id is the run's, so a repeat never sends twice. */
async function sendIssue(deps: RunDeps, run: RecurringRunRow, user: SessionUser, issue: RecurringIssue): Promise<void> {
  try {
    await beforeRecurringSend(deps, run, user, issue);
    // The schedule's audience as it is now: a segment deleted since fails the run with its message.
    const [schedule] = await deps.db
      .select({ segmentId: recurringSchedules.segmentId })
      .from(recurringSchedules)
      .where(eq(recurringSchedules.id, run.scheduleId));
    const sent = await createSend(
      { ...deps, user },
      {
        id: `recurring-${run.id}`,
        publicationId: run.publicationId,
        articles: issue.articles,
        intro: issue.intro,
        edits: issue.edits,
        subject: issue.subject || undefined,
        ...(schedule?.segmentId ? { segmentId: schedule.segmentId } : {}),
      },
      run.newsletterId ? { newsletterId: run.newsletterId } : {},
    );
    await setRun(deps, run.id, {
      status: 'sent',
      sendId: sent.id,
      reason: null,
      approveTokenHash: null,
      subject: issue.subject || run.subject,
      articles: issue.articles.map((a) => ({ id: a.id, title: a.title, url: a.url })),
    });
    deps.delivery.kick();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await setRun(deps, run.id, { status: 'failed', reason: err.message, approveTokenHash: null });
    await mailCreator(deps, user.email, failedMail(deps.env, run, err.message, 'send'));
  }
}

/** Marks a queued (or interrupted) run running, under its lock; null when it already ended (a repeat of the job). */
export async function claimRun(deps: Pick<RunDeps, 'db' | 'now'>, runId: string): Promise<RecurringRunRow | null> {
  return tx(deps.db, async (t) => {
    await locks.recurringRun(t, runId);
    const [run] = await t.select().from(recurringRuns).where(eq(recurringRuns.id, runId));
    if (!run || !['queued', 'running'].includes(run.status)) return null;
    await t.update(recurringRuns).set({ status: 'running', updatedAt: deps.now() }).where(eq(recurringRuns.id, runId));
    return run;
  });
}

type WorkflowData = ReturnType<typeof normalizeWorkflowData>;

/**
 * Why the run cannot read its channels or render its issue, or null. A channel the creator removed from
 * both the publication and their own list is not read behind their back.
 */
export async function channelProblem(deps: Pick<RunDeps, 'db'>, schedule: RecurringScheduleRow, wd: WorkflowData, userId: string): Promise<string | null> {
  const known = new Set([
    ...wd.selectedChannels.map((c) => c.url),
    ...(await deps.db.select({ url: userChannels.feedUrl }).from(userChannels).where(eq(userChannels.userId, userId))).map((c) => c.url),
  ]);
  const gone = schedule.channels.find((c) => !known.has(c.url));
  if (gone) return RUN_MSG.channelGone(gone.name);
  if (!wd.selectedTheme) return RUN_MSG.noTheme;
  return null;
}

/**
 * The run's stories: the channels' new ones (none an earlier issue or a waiting run carried), ranked; or
 * the reason to skip the period (every channel failed, fewer new stories than the schedule's minimum).
 */
export async function pickStories(
  deps: RunDeps,
  run: RecurringRunRow,
  schedule: RecurringScheduleRow,
  wd: WorkflowData,
  user: SessionUser,
): Promise<{ picks: Article[] } | { skip: string }> {
  const fetched = await articlesForChannels({ ...deps, user }, { channels: schedule.channels });
  const real = fetched.articles.filter((a) => !isSampleArticle(a));
  if (!real.length && fetched.errors.length) return { skip: RUN_MSG.allChannelsFailed(fetched.errors.map((e) => e.message).join('; ')) };
  const used = await usedLinks(deps, run);
  const usedSet = new Set(used.map((u) => canonicalLink(u.url)));
  const fresh = real.filter((a) => !usedSet.has(canonicalLink(a.url)));
  const min = Math.max(1, schedule.minNewStories);
  if (fresh.length < min) return { skip: RUN_MSG.tooFew(fresh.length, min) };
  const ranked = rankArticles(fresh, { topic: wd.topic, newsletterName: wd.newsletterName, used, count: schedule.storyCount, now: deps.now() });
  const byId = new Map(fresh.map((a) => [a.id, a]));
  const picks = ranked.picks.map((p) => byId.get(p.id)!).filter(Boolean);
  if (picks.length < min) return { skip: RUN_MSG.tooFew(picks.length, min) };
  return { picks };
}

/**
 * The run's issue assembled now (so a deleted theme or a plan that lost it fails the run with the
 * assembly's own words) and saved as a newsletter; returns what the run keeps of it.
 */
export async function saveRunIssue(
  deps: RunDeps,
  user: SessionUser,
  pub: PublicationRow,
  schedule: RecurringScheduleRow,
  picks: Article[],
  written: { intro: string; subject: string; engine: string },
) {
  const assembled = await assembleForOwner(
    { ...deps, user },
    user.id,
    assembleInputFrom({ articles: picks, intro: written.intro, subject: written.subject || undefined }, pub),
  );
  const newsletterId = crypto.randomUUID();
  await deps.db.insert(newsletters).values({
    id: newsletterId,
    userId: user.id,
    title: assembled.subject.slice(0, 200) || pub.name,
    subject: assembled.subject,
    content: assembled.text,
    htmlContent: assembled.webHtml,
    status: 'draft',
    contentSources: { channels: schedule.channels, articles: picks, intro: written.intro },
    publicationId: pub.id,
    currentIssueOf: null,
    createdAt: deps.now(),
    updatedAt: deps.now(),
  });
  const prepared = {
    subject: assembled.subject,
    articles: picks.map((a) => ({ id: a.id, title: a.title, url: a.url })),
    content: { intro: written.intro, articles: picks as unknown as Record<string, unknown>[] },
    newsletterId,
    engine: written.engine,
  };
  const issue: RecurringIssue = { subject: assembled.subject, intro: written.intro, articles: picks, edits: NO_EDITS };
  return { webHtml: assembled.webHtml, prepared, issue };
}
type SavedIssue = Awaited<ReturnType<typeof saveRunIssue>>;

/**
 * Approve mode: the issue is checked now (the approval mail lists what the creator may want to fix
 * before approving), the run waits with its approval token (and its auto-send deadline, when set), and
 * the creator gets the mail.
 */
export async function askApproval(deps: RunDeps, run: RecurringRunRow, schedule: RecurringScheduleRow, user: SessionUser, pubName: string, saved: SavedIssue) {
  const { prepared, issue } = saved;
  const checked = await checkRecurringIssue(deps, run, user, issue);
  const token = `${run.id}.${crypto.randomBytes(32).toString('base64url')}`;
  const now = deps.now().getTime();
  const autoSendAt = schedule.autoSendAfterHours ? new Date(now + schedule.autoSendAfterHours * 3_600_000) : null;
  await tx(deps.db, async (t) => {
    await t
      .update(recurringRuns)
      .set({
        ...prepared,
        status: 'awaiting_approval',
        approveTokenHash: sha256Hex(token),
        approveExpiresAt: autoSendAt ?? new Date(now + APPROVAL_DAYS * DAY_MS),
        autoSendAt,
        updatedAt: deps.now(),
      })
      .where(eq(recurringRuns.id, run.id));
    if (autoSendAt)
      await deps.queue.enqueue({ kind: RECURRING_DEADLINE_JOB, payload: { runId: run.id }, runAt: autoSendAt, uniqueKey: deadlineJobKey(run.id) }, t);
  });
  await mailCreator(deps, user.email, approvalMail(deps.env, { ...run, ...prepared, autoSendAt }, pubName, saved.webHtml, token, checked));
}

/** The run job's work. A run that already ended (a repeat of the job) does nothing. */
export async function executeRun(deps: RunDeps, runId: string): Promise<void> {
  const run = await claimRun(deps, runId);
  if (!run) return;
  const [schedule] = await deps.db.select().from(recurringSchedules).where(eq(recurringSchedules.id, run.scheduleId));
  const [pub] = await deps.db.select().from(publications).where(eq(publications.id, run.publicationId));
  const user = await ownerOf(deps, run.userId);
  if (!schedule || !pub || !user) return;
  const fail = async (reason: string) => {
    await setRun(deps, run.id, { status: 'failed', reason });
    if (!user.disabled) await mailCreator(deps, user.email, failedMail(deps.env, run, reason));
  };
  const skip = async (reason: string) => {
    await setRun(deps, run.id, { status: 'skipped', reason });
    await mailCreator(deps, user.email, skippedMail(deps.env, run, pub.name, reason));
  };
  if (user.disabled) return setRun(deps, run.id, { status: 'failed', reason: 'The account is disabled.' });
  if (!capabilitiesFor(user).recurringIssues) return fail(RECURRING_MSG.needsPlan);
  const wd = normalizeWorkflowData(pub.workflowData, pub);
  const problem = await channelProblem(deps, schedule, wd, user.id);
  if (problem) return fail(problem);

  try {
    const stories = await pickStories(deps, run, schedule, wd, user);
    if ('skip' in stories) return skip(stories.skip);
    const written = await writeIssue(deps, user, wd.newsletterName, wd.topic, schedule.model, stories.picks);
    const saved = await saveRunIssue(deps, user, pub, schedule, stories.picks, written);
    if (schedule.mode === 'auto') {
      await setRun(deps, run.id, saved.prepared);
      // The issue just saved, sent as it is: nothing to read back.
      return sendIssue(deps, { ...run, ...saved.prepared }, user, saved.issue);
    }
    await askApproval(deps, run, schedule, user, pub.name, saved);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return fail(err.message);
  }
}
