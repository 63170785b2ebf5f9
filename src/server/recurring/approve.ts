// Approving a prepared issue from the mailed link: the token is bound to its run (its id is the token's
// first part, its SHA-256 is stored), works once (cleared in the same statement that moves the run on)
// and expires. The link's page approves by POST only: mail scanners fetch links with GET.
import { and, eq, gt } from 'drizzle-orm';
import { publications, recurringRuns } from '../../../db/schema';
import { affectedRows } from '../db';
import { AppError } from '../errors';
import { safeEqual, sha256Hex } from '../crypto';
import { RECURRING_MSG, type ApprovalResult } from '../../shared/schemas/recurring';
import { sendRun, type RunDeps } from './run';
import { deadlineJobKey } from './kinds';

export async function approveRun(deps: RunDeps, token: string): Promise<ApprovalResult> {
  const runId = token.split('.')[0] ?? '';
  const [run] = runId ? await deps.db.select().from(recurringRuns).where(eq(recurringRuns.id, runId)) : [];
  const hash = sha256Hex(token);
  if (!run || !run.approveTokenHash || !safeEqual(run.approveTokenHash, hash)) throw new AppError('NOT_FOUND', RECURRING_MSG.tokenInvalid);
  if (run.status !== 'awaiting_approval') throw new AppError('NOT_FOUND', RECURRING_MSG.tokenInvalid);
  if (!run.approveExpiresAt || run.approveExpiresAt.getTime() <= deps.now().getTime()) throw new AppError('BAD_REQUEST', RECURRING_MSG.tokenExpired);
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
  const [pub] = await deps.db.select({ name: publications.name }).from(publications).where(eq(publications.id, run.publicationId));
  return {
    status: done.status,
    publicationName: pub?.name ?? '',
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
