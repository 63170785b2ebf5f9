// Sending the issue to the publication's subscribers from step 5 (the send bar's button and its
// dialog; the count and the latest send's progress are SubscriberStatus): now or at a chosen time, after a
// confirmation naming how many readers get it. Progress (send-progress.tsx) updates live while the
// server's queue delivers and survives a reload (the latest send is read back). Business and Enterprise
// can test 2–3 subject lines first (subject-test-fields.tsx).
import { Link } from '@tanstack/react-router';
import { CalendarClock, Users } from 'lucide-react';
import { ReasonButton } from '../../components/ui/reason-button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { trpc } from '../../trpc';
import { TrackingSwitches } from '../analytics';
import type { AssembleRequest } from './types';
import type { UserDtoShape } from '../../../shared/schemas/user';
import type { RouterInputs } from '../../trpc';
import { PrecheckFindings, type usePrecheck } from './precheck-panel';
import { SendProgressView } from './send-progress';
import { MSG } from '../../../shared/messages';
import { SubjectTestFields } from './subject-test-fields';
import { AudienceField, SharePanel } from '../subscribers';
import { VERIFY_FIRST, WAIT_FOR_PREVIEW } from './send-panel';
import { useSendDialog, type When } from './use-send-dialog';

const LIVE = new Set(['scheduled', 'sending']);

const useSends = (publicationId: string) =>
  trpc.sends.list.useQuery(
    { publicationId },
    { refetchInterval: (q) => (q.state.data?.some((s) => LIVE.has(s.status)) ? 1000 : false), refetchOnWindowFocus: true },
  );

/** Why "Send to subscribers" is off (null: it is on), said on the button and in the send bar. */
export function subscriberSendReason({ ready, verified, counting }: { ready: boolean; verified: boolean; counting: boolean }): string | null {
  if (!ready) return WAIT_FOR_PREVIEW;
  if (!verified) return VERIFY_FIRST;
  if (counting) return 'Counting subscribers…';
  return null;
}

/** How many readers the issue reaches, the way to manage them, and the latest send's progress. */
export function SubscriberStatus({ publicationId }: { publicationId: string }) {
  const audience = trpc.sends.audience.useQuery({ publicationId });
  const sends = useSends(publicationId);
  const active = audience.data?.active ?? 0;
  const latest = sends.data?.[0];
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <p className="flex items-center gap-1.5 text-sm text-muted">
        <Users className="size-4" aria-hidden />
        {audience.isLoading ? 'Counting subscribers…' : `${active.toLocaleString()} active ${active === 1 ? 'subscriber' : 'subscribers'}`}
        <Link
          to="/subscribers"
          search={{ publicationId }}
          className="ml-auto inline-flex min-h-6 items-center text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300"
        >
          Manage
        </Link>
      </p>
      {!audience.isLoading && active === 0 && !latest && <SharePanel publicationId={publicationId} compact />}
      {latest && <SendProgressView progress={latest} />}
    </div>
  );
}

/** Now, or at a chosen time (which must be in the future). */
function WhenFields({ when, onWhen, at, onAt, error }: { when: When; onWhen: (w: When) => void; at: string; onAt: (v: string) => void; error: string | null }) {
  return (
    <fieldset className="grid gap-2 text-sm">
      <legend className="sr-only">When</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name="when" checked={when === 'now'} onChange={() => onWhen('now')} /> Send now
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name="when" checked={when === 'later'} onChange={() => onWhen('later')} /> Schedule
      </label>
      {when === 'later' && (
        <div>
          <Label htmlFor="send-at">Date and time</Label>
          <Input
            id="send-at"
            type="datetime-local"
            value={at}
            onChange={(e) => onAt(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'send-at-error' : undefined}
          />
          {error && (
            <p id="send-at-error" role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

/** The pre-send check run again as the dialog opens, and what it found. */
function DialogCheck({ check, findings }: { check: ReturnType<typeof usePrecheck>; findings: number }) {
  return (
    <div className="grid gap-2" aria-live="polite">
      <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{check.isFetching ? 'Checking the issue…' : 'Check before sending'}</p>
      {check.data && <PrecheckFindings result={check.data} compact />}
      {check.data && findings > 0 && !check.data.blocked && <p className="text-xs text-muted">Fix these in step 5, or send anyway.</p>}
    </div>
  );
}

export function SubscriberSend({
  publicationId,
  request,
  verified,
  disabled,
  user,
  subject,
  aiInput,
  reasonId,
  className,
}: {
  publicationId: string;
  request: () => AssembleRequest;
  verified: boolean;
  disabled: boolean;
  user: UserDtoShape;
  /** The issue's subject now: the first line of a subject test. */
  subject: string;
  aiInput: RouterInputs['ai']['subjects'] | null;
  /** Visible text that says why the button is off (the send bar's line). */
  reasonId?: string;
  className?: string;
}) {
  const audience = trpc.sends.audience.useQuery({ publicationId });
  const dialog = useSendDialog(publicationId, request, subject);
  const { open, setOpen, when, setWhen, at, chooseAt, scheduleError, test, setTest, segmentId, setSegmentId, target, reach, toWhom } = dialog;
  const { testProblem, testProblemShown, check, findings, create, confirmReason, confirmReasonId, send, openDialog } = dialog;

  return (
    <>
      <ReasonButton
        className={className}
        reason={subscriberSendReason({ ready: !disabled, verified, counting: audience.isLoading })}
        reasonId={reasonId}
        onClick={openDialog}
        disabled={disabled || !verified || audience.isLoading}
      >
        <CalendarClock aria-hidden /> Send to subscribers
      </ReasonButton>

      <Dialog open={open} onOpenChange={(o) => !create.isPending && setOpen(o)}>
        {/* With a subject test and the check's findings the dialog can outgrow a short screen: it scrolls. */}
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Send this issue to your subscribers</DialogTitle>
            <DialogDescription>
              {when === 'now'
                ? `It goes out now to ${toWhom}, each with a one-click unsubscribe link.`
                : `It goes out at the chosen time to ${segmentId ? 'the readers of this segment' : 'every active subscriber'} at that moment.`}
            </DialogDescription>
          </DialogHeader>
          <WhenFields when={when} onWhen={setWhen} at={at} onAt={chooseAt} error={scheduleError} />
          <AudienceField id="send-audience" publicationId={publicationId} audience={target} value={segmentId} onChange={setSegmentId} />
          <SubjectTestFields user={user} value={test} onChange={setTest} active={reach} aiInput={aiInput} />
          {testProblemShown && (
            <p id="subject-test-problem" role="alert" className="text-xs text-red-600 dark:text-red-400">
              {testProblem}
            </p>
          )}
          <TrackingSwitches publicationId={publicationId} />
          <DialogCheck check={check} findings={findings} />
          <DialogFooter>
            <ReasonButton variant="outline" disabled={create.isPending} reason={MSG.sending} onClick={() => setOpen(false)}>
              Cancel
            </ReasonButton>
            <ReasonButton loading={create.isPending} reason={confirmReason} reasonId={confirmReasonId} disabled={!!confirmReason} onClick={send}>
              {`${when === 'now' ? `Send to ${reach.toLocaleString()}` : 'Schedule'}${findings > 0 ? ' anyway' : ''}`}
            </ReasonButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
