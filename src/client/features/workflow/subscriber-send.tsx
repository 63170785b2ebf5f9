// Sending the issue to the publication's subscribers from step 5 (the send bar's button and its
// dialog; the count and the latest send's progress are SubscriberStatus): now or at a chosen time, after a
// confirmation naming how many readers get it. Progress (send-progress.tsx) updates live while the
// server's queue delivers and survives a reload (the latest send is read back). Business and Enterprise
// can test 2–3 subject lines first (subject-test-fields.tsx).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CalendarClock, Users } from 'lucide-react';
import { ReasonButton } from '../../components/ui/reason-button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { TrackingSwitches } from '../analytics';
import type { AssembleRequest } from './types';
import type { UserDtoShape } from '../../../shared/schemas/user';
import type { RouterInputs } from '../../trpc';
import { PrecheckFindings, usePrecheck } from './precheck-panel';
import { SendProgressView } from './send-progress';
import { MSG } from '../../../shared/messages';
import { PRECHECK_MSG } from '../../../shared/precheck';
import { SubjectTestFields, newSubjectTest, subjectTestProblem, subjectTestRequest, type SubjectTestDraft } from './subject-test-fields';
import { AudienceField, SharePanel, useAudience } from '../subscribers';
import { VERIFY_FIRST, WAIT_FOR_PREVIEW } from './send-panel';

const LIVE = new Set(['scheduled', 'sending']);

const newSendId = () => crypto.randomUUID().replace(/-/g, '');

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
  const utils = trpc.useUtils();
  const audience = trpc.sends.audience.useQuery({ publicationId });
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [sendId, setSendId] = useState(newSendId);
  const [test, setTest] = useState<SubjectTestDraft>(() => newSubjectTest(subject));
  const [segmentId, setSegmentId] = useState<string | null>(null);
  const target = useAudience(publicationId, segmentId, open);
  const testProblem = test.on ? subjectTestProblem(test) : null;
  // Checked again each time the dialog opens: the issue may have changed since step 5's check.
  const [opened, setOpened] = useState(0);
  const check = usePrecheck(publicationId, request, `dialog-${opened}`, open);
  const findings = check.data?.findings.filter((f) => f.severity !== 'info').length ?? 0;
  const create = trpc.sends.create.useMutation({
    onSuccess: (res) => {
      setOpen(false);
      setSendId(newSendId());
      setTest(newSubjectTest(subject));
      void utils.sends.list.invalidate({ publicationId });
      toast({ title: res.status === 'scheduled' ? 'Issue scheduled' : 'Sending to your subscribers', description: `“${res.subject}”` });
    },
    onError: (err) => toast({ title: 'Could not send the issue', description: errorMessage(err), variant: 'destructive' }),
  });

  // In the dialog: the readers the chosen audience reaches now, as the send's snapshot will count them.
  const reach = target.recipients ?? 0;
  const toWhom = segmentId
    ? `the ${reach.toLocaleString()} ${reach === 1 ? 'reader' : 'readers'} of this segment`
    : `${reach.toLocaleString()} active ${reach === 1 ? 'subscriber' : 'subscribers'}`;
  const [pastError, setPastError] = useState<string | null>(null);
  const scheduleError = when === 'later' ? pastError : null;
  // Why the dialog's send is off, first reason first (null: it is on).
  const confirmReason = create.isPending
    ? MSG.sending
    : target.recipients === null
      ? 'Counting readers…'
      : target.missing
        ? 'This segment no longer exists: choose another audience'
        : when === 'now' && reach === 0
          ? segmentId
            ? 'No reader is in this segment yet'
            : 'Add at least one subscriber'
          : when === 'later' && !at
            ? 'Choose a date and time'
            : when === 'later' && scheduleError
              ? scheduleError
              : testProblem
                ? testProblem
                : check.data?.blocked
                  ? PRECHECK_MSG.blocked
                  : null;
  // A reason already on screen (the time's or the subject test's error) is what the button points at.
  const testProblemShown = !!testProblem && test.subjects.every((s) => s.trim());
  const confirmReasonId =
    confirmReason && confirmReason === scheduleError
      ? 'send-at-error'
      : confirmReason && confirmReason === testProblem && testProblemShown
        ? 'subject-test-problem'
        : undefined;

  return (
    <>
      <ReasonButton
        className={className}
        reason={subscriberSendReason({ ready: !disabled, verified, counting: audience.isLoading })}
        reasonId={reasonId}
        onClick={() => {
          // Subject A follows the issue's subject until the test is switched on.
          if (!test.on) setTest(newSubjectTest(subject));
          setOpened((n) => n + 1);
          setOpen(true);
        }}
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
          <fieldset className="grid gap-2 text-sm">
            <legend className="sr-only">When</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="when" checked={when === 'now'} onChange={() => setWhen('now')} /> Send now
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="when" checked={when === 'later'} onChange={() => setWhen('later')} /> Schedule
            </label>
            {when === 'later' && (
              <div>
                <Label htmlFor="send-at">Date and time</Label>
                <Input
                  id="send-at"
                  type="datetime-local"
                  value={at}
                  onChange={(e) => {
                    setAt(e.target.value);
                    setPastError(
                      e.target.value && new Date(e.target.value).getTime() <= Date.now() ? 'Choose a time in the future to schedule this issue.' : null,
                    );
                  }}
                  aria-invalid={scheduleError ? true : undefined}
                  aria-describedby={scheduleError ? 'send-at-error' : undefined}
                />
                {scheduleError && (
                  <p id="send-at-error" role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
                    {scheduleError}
                  </p>
                )}
              </div>
            )}
          </fieldset>
          <AudienceField id="send-audience" publicationId={publicationId} audience={target} value={segmentId} onChange={setSegmentId} />
          <SubjectTestFields user={user} value={test} onChange={setTest} active={reach} aiInput={aiInput} />
          {testProblemShown && (
            <p id="subject-test-problem" role="alert" className="text-xs text-red-600 dark:text-red-400">
              {testProblem}
            </p>
          )}
          <TrackingSwitches publicationId={publicationId} />
          <div className="grid gap-2" aria-live="polite">
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{check.isFetching ? 'Checking the issue…' : 'Check before sending'}</p>
            {check.data && <PrecheckFindings result={check.data} compact />}
            {check.data && findings > 0 && !check.data.blocked && <p className="text-xs text-muted">Fix these in step 5, or send anyway.</p>}
          </div>
          <DialogFooter>
            <ReasonButton variant="outline" disabled={create.isPending} reason={MSG.sending} onClick={() => setOpen(false)}>
              Cancel
            </ReasonButton>
            <ReasonButton
              loading={create.isPending}
              reason={confirmReason}
              reasonId={confirmReasonId}
              disabled={!!confirmReason}
              onClick={() =>
                create.mutate({
                  id: sendId,
                  ...request(),
                  publicationId,
                  ...(when === 'later' && at ? { scheduledAt: new Date(at).toISOString() } : {}),
                  subjectTest: subjectTestRequest(test),
                  ...(segmentId ? { segmentId } : {}),
                })
              }
            >
              {`${when === 'now' ? `Send to ${reach.toLocaleString()}` : 'Schedule'}${findings > 0 ? ' anyway' : ''}`}
            </ReasonButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
