// /twofa-demo: the two-factor flow on its own. 'Send code' mails a 6-digit code (auth.sendCode, as at
// sign-in); 'Verify' checks it with demo.verifyCode, which applies the same rules but signs no one in.
import { CircleCheck, KeyRound, Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../shared/messages';
import { PublicPage } from '../../components/public-layout';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { errorMessage } from '../../lib/errors';
import { isCompleteCode, sanitizeCode } from '../../lib/one-time-code';
import { useTitle } from '../../lib/use-title';
import { trpc } from '../../trpc';

function useTwoFactorDemo() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const send = trpc.auth.sendCode.useMutation({ onSuccess: (_r, input) => setSentTo(input.email) });
  const verify = trpc.demo.verifyCode.useMutation();
  const reset = () => {
    setEmail('');
    setSentTo(null);
    setCode('');
    setCodeError(null);
    send.reset();
    verify.reset();
  };
  const onSend = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) send.mutate({ email: email.trim() });
  };
  const onVerify = (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    if (!isCompleteCode(code)) {
      setCodeError(MSG.codeFormat);
      return;
    }
    setCodeError(null);
    verify.mutate({ email: sentTo, code });
  };
  const verifyError = codeError ?? (verify.error ? errorMessage(verify.error, MSG.codeVerifyFailed) : null);
  return { email, setEmail, sentTo, code, setCode, send, verify, reset, onSend, onVerify, verifyError };
}

type Demo = ReturnType<typeof useTwoFactorDemo>;

function SendForm({ d }: { d: Demo }) {
  const { send, sentTo } = d;
  return (
    <form className="space-y-3" onSubmit={d.onSend} aria-label="Send a code">
      <Label htmlFor="twofa-email">Email</Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id="twofa-email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          placeholder="you@example.com"
          value={d.email}
          onChange={(e) => d.setEmail(e.target.value)}
        />
        <Button type="submit" variant={sentTo ? 'outline' : 'primary'} loading={send.isPending} disabled={!d.email.trim()} className="shrink-0">
          <Mail aria-hidden />
          {sentTo ? 'Send a new code' : 'Send code'}
        </Button>
      </div>
      {send.isSuccess && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {send.data.message}
        </p>
      )}
      <FieldError>{send.error ? errorMessage(send.error, MSG.codeSendFailedRetry) : null}</FieldError>
    </form>
  );
}

function VerifyForm({ d }: { d: Demo }) {
  const { sentTo, verifyError } = d;
  return (
    <form className="space-y-3" onSubmit={d.onVerify} aria-label="Verify the code">
      <Label htmlFor="twofa-code">6-digit code</Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id="twofa-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          className="text-lg tracking-[0.3em] tabular-nums sm:max-w-48"
          disabled={!sentTo}
          value={d.code}
          aria-invalid={verifyError ? true : undefined}
          aria-describedby={verifyError ? 'twofa-code-error' : undefined}
          onChange={(e) => d.setCode(sanitizeCode(e.target.value))}
        />
        <Button type="submit" loading={d.verify.isPending} disabled={!sentTo} className="shrink-0">
          <KeyRound aria-hidden />
          Verify
        </Button>
      </div>
      <FieldError id="twofa-code-error">{verifyError}</FieldError>
    </form>
  );
}

export function TwoFactorDemoPage() {
  useTitle('Two-Factor Demo');
  const d = useTwoFactorDemo();
  const { verify } = d;
  return (
    <PublicPage
      title="Two-Factor Demo"
      lead="Try the second step of signing in: we e-mail a 6-digit code, you type it back. The code works once and expires in 15 minutes."
    >
      <SectionCard
        title="Verify an e-mail address"
        description="This demo only checks the code: it does not sign you in or create an account."
        contentClassName="space-y-6"
      >
        {verify.isSuccess ? (
          <div role="status" className="flex items-start gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200">
            <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
            <div>
              <p className="font-semibold">Verified</p>
              <p className="text-sm [overflow-wrap:anywhere]">
                {verify.data.message} The code for {d.sentTo} is now used up.
              </p>
            </div>
          </div>
        ) : (
          <>
            <SendForm d={d} />
            <VerifyForm d={d} />
          </>
        )}
        <div className="border-t border-zinc-100 pt-4 dark:border-zinc-800">
          <Button variant="ghost" onClick={d.reset}>
            Reset
          </Button>
        </div>
      </SectionCard>
    </PublicPage>
  );
}
