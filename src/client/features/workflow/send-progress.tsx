// The latest send's progress in step 5 (sent / failed / remaining, live while the queue delivers), said
// in one sentence to screen readers as it changes; a subject test's phase and its "Send the winner now";
// Cancel for a scheduled send and Retry now while the provider fails.
import { FlaskConical, RefreshCw, Trophy, XCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { LiveRegion } from '../../components/ui/live-region';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { formatConfidence, formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import type { SendProgress } from './types';
import { SentPrecheck } from './precheck-panel';

function statusTone(status: string) {
  if (status === 'sent') return 'success' as const;
  if (status === 'failed') return 'danger' as const;
  if (status === 'canceled') return 'neutral' as const;
  return 'brand' as const;
}

const STATUS_LABEL: Record<string, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  failed: 'Failed',
  canceled: 'Canceled',
};

/**
 * The send's progress in one sentence for screen readers: every change of status, and while it sends, each
 * quarter of the list (every count would be read out each second of a long send).
 */
export function deliveryAnnouncement(p: Pick<SendProgress, 'status' | 'sent' | 'failed' | 'suppressed' | 'total'>): string {
  const done = p.sent + p.failed + p.suppressed;
  const readers = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'reader' : 'readers'}`;
  switch (p.status) {
    case 'sending': {
      const quarter = p.total > 0 ? Math.floor((done / p.total) * 4) * 25 : 0;
      return `Sending: ${quarter} % of ${readers(p.total)} done.`;
    }
    case 'sent':
      return `Sent to ${readers(p.sent)}${p.failed ? `, ${p.failed.toLocaleString('en-US')} failed` : ''}.`;
    case 'failed':
      return `The send failed: ${readers(p.sent)} got it, ${p.failed.toLocaleString('en-US')} failed.`;
    default:
      return `${STATUS_LABEL[p.status] ?? p.status}.`;
  }
}

export function SendProgressView({ progress }: { progress: SendProgress }) {
  const utils = trpc.useUtils();
  const refresh = () => void utils.sends.invalidate();
  const cancel = trpc.sends.cancel.useMutation({
    onSuccess: refresh,
    onError: (e) => toast({ title: 'Could not cancel', description: errorMessage(e), variant: 'destructive' }),
  });
  const retry = trpc.sends.retry.useMutation({
    onSuccess: refresh,
    onError: (e) => toast({ title: 'Could not retry', description: errorMessage(e), variant: 'destructive' }),
  });
  const pickWinner = trpc.sends.pickWinner.useMutation({
    onSuccess: refresh,
    onError: (e) => toast({ title: 'Could not send the winner', description: errorMessage(e), variant: 'destructive' }),
  });
  const done = progress.sent + progress.failed + progress.suppressed;
  const pct = progress.total > 0 ? Math.round((done / progress.total) * 100) : progress.status === 'sent' ? 100 : 0;
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800" data-testid="send-progress">
      <LiveRegion testId="delivery-announcement">{deliveryAnnouncement(progress)}</LiveRegion>
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium text-zinc-900 dark:text-zinc-100" title={progress.subject}>
          {progress.subject}
        </span>
        <Badge tone={statusTone(progress.status)}>{STATUS_LABEL[progress.status] ?? progress.status}</Badge>
      </div>
      {progress.status === 'scheduled' ? (
        <p className="text-muted">
          Goes out {formatDateTime(progress.scheduledAt)} to{' '}
          {progress.segmentName ? `the readers of the segment “${progress.segmentName}”` : 'every active subscriber'} at that time.
        </p>
      ) : (
        <>
          <div
            className="h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            aria-label="Delivery progress"
          >
            <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${pct}%` }} />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-center">
            <div>
              <dt className="text-xs text-muted">Sent</dt>
              <dd className="font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{progress.sent.toLocaleString()}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Failed</dt>
              <dd className="font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{progress.failed.toLocaleString()}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Remaining</dt>
              <dd className="font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{progress.remaining.toLocaleString()}</dd>
            </div>
          </dl>
          {progress.suppressed > 0 && (
            <p className="text-xs text-muted">{progress.suppressed.toLocaleString()} skipped (unsubscribed or suppressed before delivery).</p>
          )}
        </>
      )}
      {progress.segmentName && progress.status !== 'scheduled' && <p className="text-xs text-muted">To the segment “{progress.segmentName}”.</p>}
      <SentPrecheck precheck={progress.precheck} />
      {progress.test && <SubjectTestStatus test={progress.test} onPickNow={() => pickWinner.mutate({ id: progress.id })} picking={pickWinner.isPending} />}
      {progress.lastError && progress.status === 'sending' && (
        <div className="grid gap-2 rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          <p>Delivery is paused while the mail provider fails; it resumes by itself. {progress.lastError}</p>
          <Button size="sm" variant="outline" onClick={() => retry.mutate({ id: progress.id })} loading={retry.isPending}>
            <RefreshCw aria-hidden /> Retry now
          </Button>
        </div>
      )}
      {progress.status === 'scheduled' && (
        <Button size="sm" variant="outline" onClick={() => cancel.mutate({ id: progress.id })} loading={cancel.isPending}>
          <XCircle aria-hidden /> Cancel scheduled send
        </Button>
      )}
    </div>
  );
}

/** Where a subject test stands, in words, with 'Send the winner now' while it waits. */
function SubjectTestStatus({ test, onPickNow, picking }: { test: NonNullable<SendProgress['test']>; onPickNow: () => void; picking: boolean }) {
  const letter = (i: number) => String.fromCharCode(65 + i);
  return (
    <div className="grid gap-2 rounded-md bg-zinc-50 p-2 text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300" data-testid="subject-test-status">
      <p className="flex items-center gap-1.5 font-medium">
        <FlaskConical className="size-4" aria-hidden /> Subject test: {test.subjects.length} subjects, {test.sharePercent} % of the list
      </p>
      {test.phase === 'testing' && <p>Sending each subject to its test group{test.groupSize ? ` (${test.groupSize.toLocaleString()} readers each)` : ''}.</p>}
      {test.phase === 'waiting' && (
        <>
          <p>
            Waiting for readers: the subject with the most {test.rule === 'opens' ? 'opens' : 'clicks'} goes to everyone else
            {test.testEndsAt ? ` at ${formatDateTime(test.testEndsAt)}` : ''}.
          </p>
          <Button size="sm" variant="outline" onClick={onPickNow} loading={picking}>
            <Trophy aria-hidden /> Send the winner now
          </Button>
        </>
      )}
      {test.winner && (
        <p>
          <Trophy className="mr-1 inline size-4 align-[-2px] text-amber-600" aria-hidden />
          Winner: subject {letter(test.winner.variant)}, “{test.winner.subject}”
          {test.winner.withinNoise
            ? ' — the difference is within noise, so this was close to a coin flip.'
            : ` (${formatConfidence(test.winner.confidence)} sure).`}
          {test.phase === 'winner' && ' Sending it to the rest of the list.'}
        </p>
      )}
    </div>
  );
}
