// The send dialog's state: when (now or a future time), the audience and how many it reaches, the
// subject test, the pre-send check run again as the dialog opens, why the send is off, and the send.
import { useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import { PRECHECK_MSG } from '../../../shared/precheck';
import { useAudience, type Audience } from '../subscribers';
import { usePrecheck } from './precheck-panel';
import { newSubjectTest, subjectTestProblem, subjectTestRequest, type SubjectTestDraft } from './subject-test-fields';
import type { AssembleRequest } from './types';

const newSendId = () => crypto.randomUUID().replace(/-/g, '');

export type When = 'now' | 'later';

/** Why the dialog's send is off, first reason first (null: it is on). */
function confirmReasonOf(o: {
  sending: boolean;
  target: Audience;
  segment: boolean;
  when: When;
  at: string;
  scheduleError: string | null;
  testProblem: string | null;
  blocked: boolean;
}): string | null {
  const reach = o.target.recipients ?? 0;
  if (o.sending) return MSG.sending;
  if (o.target.recipients === null) return 'Counting readers…';
  if (o.target.missing) return 'This segment no longer exists: choose another audience';
  if (o.when === 'now' && reach === 0) return o.segment ? 'No reader is in this segment yet' : 'Add at least one subscriber';
  if (o.when === 'later' && !o.at) return 'Choose a date and time';
  if (o.when === 'later' && o.scheduleError) return o.scheduleError;
  if (o.testProblem) return o.testProblem;
  if (o.blocked) return PRECHECK_MSG.blocked;
  return null;
}

export function useSendDialog(publicationId: string, request: () => AssembleRequest, subject: string) {
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<When>('now');
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
  const confirmReason = confirmReasonOf({
    sending: create.isPending,
    target,
    segment: !!segmentId,
    when,
    at,
    scheduleError,
    testProblem,
    blocked: !!check.data?.blocked,
  });
  // A reason already on screen (the time's or the subject test's error) is what the button points at.
  const testProblemShown = !!testProblem && test.subjects.every((s) => s.trim());
  const confirmReasonId =
    confirmReason && confirmReason === scheduleError
      ? 'send-at-error'
      : confirmReason && confirmReason === testProblem && testProblemShown
        ? 'subject-test-problem'
        : undefined;
  const chooseAt = (value: string) => {
    setAt(value);
    setPastError(value && new Date(value).getTime() <= Date.now() ? 'Choose a time in the future to schedule this issue.' : null);
  };
  const send = () =>
    create.mutate({
      id: sendId,
      ...request(),
      publicationId,
      ...(when === 'later' && at ? { scheduledAt: new Date(at).toISOString() } : {}),
      subjectTest: subjectTestRequest(test),
      ...(segmentId ? { segmentId } : {}),
    });

  const openDialog = () => {
    // Subject A follows the subject until the test is switched on.
    if (!test.on) setTest(newSubjectTest(subject));
    setOpened((n) => n + 1);
    setOpen(true);
  };
  return {
    open,
    setOpen,
    openDialog,
    when,
    setWhen,
    at,
    chooseAt,
    scheduleError,
    test,
    setTest,
    testProblem,
    testProblemShown,
    segmentId,
    setSegmentId,
    target,
    reach,
    toWhom,
    check,
    findings,
    create,
    confirmReason,
    confirmReasonId,
    send,
  };
}
