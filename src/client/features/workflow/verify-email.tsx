// The address check that unlocks sending to other people from step 5: the server sends those only for
// a verified address (403 otherwise), so an unverified user proves theirs here without leaving the
// workflow. A 6-digit code goes to their own address; entering it marks the address verified and
// renews the session, and the refreshed user unlocks the form.
import { useRef, useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { ReasonButton } from '../../components/ui/reason-button';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { isCompleteCode, sanitizeCode } from '../../lib/one-time-code';
import { noteSenderCodeSent, senderCodeSentTo } from '../../lib/sender-code';
import { trpc } from '../../trpc';
import { MSG } from '../../../shared/messages';
import { focusPageHeading } from '../../lib/page-focus';

export const VERIFY_MESSAGE_ID = 'verify-to-send-message';

/**
 * Once the address is proven the box goes away; focus that was in it would fall to <body>. It goes to
 * `focusNext()` (what the page offers next), else the page's heading.
 */
function placeFocusAfter(box: HTMLElement | null, focusNext?: () => HTMLElement | null | undefined) {
  if (!box?.contains(document.activeElement)) return;
  let frames = 0;
  const attempt = () => {
    if (box.isConnected && ++frames < 60) return void requestAnimationFrame(attempt);
    if (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected) return;
    const next = focusNext?.();
    if (next) next.focus();
    else focusPageHeading({ scroll: true });
  };
  requestAnimationFrame(attempt);
}

/** The code's round trip: asking for one (again), what was typed, and the check that proves the address. */
function useSenderCheck(email: string, onVerified: () => void) {
  const utils = trpc.useUtils();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sent, setSent] = useState(() => senderCodeSentTo(email));
  const send = trpc.auth.sendCode.useMutation({
    onSuccess: () => {
      noteSenderCodeSent(email);
      setSent(true);
      setCode('');
      setCodeError(null);
    },
  });
  const verify = trpc.auth.verifyCode.useMutation({
    onSuccess: async (res) => {
      onVerified();
      utils.user.get.setData(undefined, res.user);
      utils.auth.check.setData(undefined, { authenticated: true, user: res.user });
      await Promise.all([utils.user.get.invalidate(), utils.auth.check.invalidate()]);
      toast({ title: 'E-mail address verified', description: 'You can now send newsletters to other people.' });
    },
    onError: (err) => setCodeError(errorMessage(err, MSG.codeVerifyFailed)),
  });
  const sendCode = () => send.mutate({ email, purpose: 'verify-sender' });
  const check = (typed: string) => {
    setCodeError(null);
    verify.mutate({ email, code: typed });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isCompleteCode(code)) return setCodeError(MSG.codeFormat);
    check(code);
  };
  const type = (typed: string) => {
    const next = sanitizeCode(typed);
    setCode(next);
    // Six digits typed or pasted are checked at once (the code is the whole input; Verify stays for a retry).
    if (isCompleteCode(next) && next !== code && !verify.isPending) check(next);
  };
  const sendError = send.error ? errorMessage(send.error, MSG.codeSendFailedRetry) : null;
  return { code, codeError, sent, send, verify, sendCode, submit, type, sendError };
}

function CodeForm({ email, check: c }: { email: string; check: ReturnType<typeof useSenderCheck> }) {
  return (
    <form className="mt-3" noValidate onSubmit={c.submit}>
      <p role="status" className="mb-2 break-words text-xs text-amber-900/80 dark:text-amber-200/80">
        {MSG.codeSent} It went to {email} and expires in 15 minutes.
      </p>
      <Label htmlFor="verify-send-code">6-digit code</Label>
      <div className="flex gap-2">
        <Input
          id="verify-send-code"
          value={c.code}
          onChange={(e) => c.type(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          className="min-w-0 font-mono tracking-widest"
          aria-invalid={c.codeError ? true : undefined}
          aria-describedby={c.codeError ? 'verify-send-code-error' : undefined}
        />
        <ReasonButton type="submit" loading={c.verify.isPending} reason="Checking your code…">
          Verify
        </ReasonButton>
      </div>
      <FieldError id="verify-send-code-error">{c.codeError}</FieldError>
      <FieldError>{c.sendError}</FieldError>
      <ReasonButton
        variant="link"
        size="sm"
        className="mt-1 h-auto px-0 text-xs"
        onClick={c.sendCode}
        disabled={c.send.isPending || c.verify.isPending}
        reason={c.send.isPending ? 'Sending a code…' : 'Checking your code…'}
      >
        Send a new code
      </ReasonButton>
    </form>
  );
}

/** `heading`: where the box stands on its own (the dashboard), its title. `focusNext`: where focus goes once the address is proven. */
export function VerifyEmail({ email, heading, focusNext }: { email: string; heading?: string; focusNext?: () => HTMLElement | null | undefined }) {
  const box = useRef<HTMLDivElement>(null);
  const check = useSenderCheck(email, () => placeFocusAfter(box.current, focusNext));
  return (
    <div ref={box} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-500/40 dark:bg-amber-500/10">
      {heading && <h2 className="mb-1 font-medium text-amber-950 dark:text-amber-100">{heading}</h2>}
      <p id={VERIFY_MESSAGE_ID} className="flex items-start gap-2 text-amber-900 dark:text-amber-200">
        <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        {MSG.verifyEmailToSend}
      </p>
      {!check.sent ? (
        <div className="mt-3">
          <ReasonButton size="sm" variant="outline" className="w-full" onClick={check.sendCode} loading={check.send.isPending} reason="Sending a code…">
            Send me a code
          </ReasonButton>
          <p className="mt-1.5 break-words text-xs text-amber-900/80 dark:text-amber-200/80">It goes to {email}.</p>
          <FieldError>{check.sendError}</FieldError>
        </div>
      ) : (
        <CodeForm email={email} check={check} />
      )}
    </div>
  );
}
