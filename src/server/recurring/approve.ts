// Approving a prepared issue from the mailed link: the token is bound to its run (its id is the token's
// first part, its SHA-256 is stored), works once (cleared in the same statement that moves the run on)
// and expires. The link's page approves by POST only: mail scanners fetch links with GET.
import { and, eq, gt } from 'drizzle-orm';
import { publications, recurringRuns } from '../../../db/schema';
import { affectedRows } from '../db';
import { AppError } from '../errors';
import { safeEqual, sha256Hex } from '../crypto';
import { RECURRING_MSG, type ApprovalResult, type PendingApproval } from '../../shared/schemas/recurring';
import { sendRun, type RunDeps } from './run';
import { deadlineJobKey } from './kinds';

/** The run a mailed token names, while the token is its current, unexpired one; refused in the link's words otherwise. */
async function runOfToken(deps: Pick<RunDeps, 'db' | 'now'>, token: string) {
  const runId = token.split('.')[0] ?? '';
  const [run] = runId ? await deps.db.select().from(recurringRuns).where(eq(recurringRuns.id, runId)) : [];
  const hash = sha256Hex(token);
  if (!run || !run.approveTokenHash || !safeEqual(run.approveTokenHash, hash)) throw new AppError('NOT_FOUND', RECURRING_MSG.tokenInvalid);
  if (run.status !== 'awaiting_approval') throw new AppError('NOT_FOUND', RECURRING_MSG.tokenInvalid);
  if (!run.approveExpiresAt || run.approveExpiresAt.getTime() <= deps.now().getTime()) throw new AppError('BAD_REQUEST', RECURRING_MSG.tokenExpired);
  return { run, hash };
}

const publicationNameOf = async (deps: Pick<RunDeps, 'db'>, publicationId: string) =>
  (await deps.db.select({ name: publications.name }).from(publications).where(eq(publications.id, publicationId)))[0]?.name ?? '';

/** What the Approve link's page shows before the creator answers: the issue and its pre-send check. Reading it changes nothing. */
export async function pendingApproval(deps: Pick<RunDeps, 'db' | 'now'>, token: string): Promise<PendingApproval> {
  const { run } = await runOfToken(deps, token);
  return {
    publicationName: await publicationNameOf(deps, run.publicationId),
    subject: run.subject,
    stories: run.articles.map((a) => ({ title: a.title, url: a.url })),
    newsletterId: run.newsletterId,
    autoSendAt: run.autoSendAt?.toISOString() ?? null,
    expiresAt: run.approveExpiresAt!.toISOString(),
    precheck: run.precheck ?? null,
  };
}

export async function approveRun(deps: RunDeps, token: string): Promise<ApprovalResult> {
  const { run, hash } = await runOfToken(deps, token);
  // The claim: only one request (or the deadline job) moves the run on.
  const res = await deps.db
    .update(recurringRuns)
    .set({ status: 'running', approveTokenHash: null, updatedAt: deps.now() })
    .where(
      and(
        eq(recurringRuns.id, run.id),
        eq(recurringRuns.status, 'awaiting_approval'),
        eq(recurringRuns.approveTokenHash, hash),
        gt(recurringRuns.approveExpiresAt, deps.now()),
      ),
    );
  if (affectedRows(res) !== 1) throw new AppError('NOT_FOUND', RECURRING_MSG.tokenInvalid);
  await deps.queue.cancel(deadlineJobKey(run.id));
  const done = await sendRun(deps, run.id);
  return {
    status: done.status,
    publicationName: await publicationNameOf(deps, run.publicationId),
    subject: done.subject,
    stories: done.articles.map((a) => ({ title: a.title, url: a.url })),
    sendId: done.sendId,
    message: done.status === 'sent' ? 'Approved: the issue is on its way to your subscribers.' : (done.reason ?? 'The issue could not be sent.'),
  };
}

/** The deadline of an unanswered "ask me" issue: sent as if approved, unless it was answered. */
export async function sendAtDeadline(deps: RunDeps, runId: string): Promise<void> {
  const res = await deps.db
    .update(recurringRuns)
    .set({ status: 'running', approveTokenHash: null, updatedAt: deps.now() })
    .where(and(eq(recurringRuns.id, runId), eq(recurringRuns.status, 'awaiting_approval')));
  if (affectedRows(res) === 1) await sendRun(deps, runId);
}
