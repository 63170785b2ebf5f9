// The e-mail forms of /auth: sign in, create account, one-time code, forgot password.
import { useState, type FormEvent } from 'react';
import { MSG } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { noteSenderCodeSent } from '../../lib/sender-code';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/errors';
import { Field, FormAlert } from './form-bits';
import { isCompleteCode, sanitizeCode } from '../../lib/one-time-code';
import { useSignedIn } from './use-signed-in';
import { PLAN_OFFERS } from '../../../shared/plan-offers';

/** A plan sold online (Enterprise is Contact Sales). */
const isPaidPlan = (id: string) => PLAN_OFFERS.some((p) => p.id === id && p.monthlyPrice !== null);

export type EmailView = 'signin' | 'signup' | 'code' | 'forgot';

const text = (e: FormEvent<HTMLFormElement>, name: string) => String(new FormData(e.currentTarget).get(name) ?? '');

export function SignInForm() {
  const signedIn = useSignedIn();
  const m = trpc.auth.signIn.useMutation({ onSuccess: (r) => signedIn(r.user) });
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate({ email: text(e, 'signin-email'), password: text(e, 'signin-password') });
      }}
    >
      {m.error && <FormAlert tone="error">{errorMessage(m.error, MSG.somethingWentWrong)}</FormAlert>}
      <Field id="signin-email" label="Email" type="email" autoComplete="email" required />
      <Field id="signin-password" label="Password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" loading={m.isPending || m.isSuccess}>
        Sign in
      </Button>
    </form>
  );
}

/** `plan`: a paid plan chosen on the landing page; the new account goes on to its checkout page. */
export function SignUpForm({ plan }: { plan?: string }) {
  const signedIn = useSignedIn();
  const next = plan && isPaidPlan(plan) ? plan : undefined;
  const sendCode = trpc.auth.sendCode.useMutation();
  const m = trpc.auth.signUp.useMutation({
    onSuccess: async (r) => {
      // The new address is proven by a code mailed now (sending to readers needs it); the dashboard and step 5
      // open its field. A code that cannot go out now is asked for again from there.
      if (!r.user.emailVerified) {
        await sendCode
          .mutateAsync({ email: r.user.email, purpose: 'verify-sender' })
          .then(() => noteSenderCodeSent(r.user.email))
          .catch(() => undefined);
      }
      await signedIn(r.user, next ? { to: '/upgrade', search: { plan: next } } : undefined);
    },
  });
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate({ name: text(e, 'signup-name'), email: text(e, 'signup-email'), password: text(e, 'signup-password') });
      }}
    >
      {m.error && <FormAlert tone="error">{errorMessage(m.error, MSG.somethingWentWrong)}</FormAlert>}
      <Field id="signup-name" label="Full name" autoComplete="name" required />
      <Field id="signup-email" label="Email" type="email" autoComplete="email" required />
      <Field id="signup-password" label="Password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters." />
      <Button type="submit" className="w-full" loading={m.isPending || m.isSuccess || sendCode.isPending}>
        Create account
      </Button>
    </form>
  );
}

export function CodeForm() {
  const signedIn = useSignedIn();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const send = trpc.auth.sendCode.useMutation();
  const verify = trpc.auth.verifyCode.useMutation({ onSuccess: (r) => signedIn(r.user) });

  if (!send.isSuccess) {
    return (
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate({ email });
        }}
      >
        {send.error && <FormAlert tone="error">{errorMessage(send.error, MSG.codeSendFailedRetry)}</FormAlert>}
        <Field id="code-email" label="Email" type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <Button type="submit" className="w-full" loading={send.isPending}>
          Send code
        </Button>
      </form>
    );
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!isCompleteCode(code)) {
          setCodeError(MSG.codeFormat);
          return;
        }
        setCodeError(null);
        verify.mutate({ email, code });
      }}
    >
      <FormAlert tone="success">{send.data.message}</FormAlert>
      {(codeError || verify.error) && <FormAlert tone="error">{codeError ?? errorMessage(verify.error, MSG.codeVerifyFailed)}</FormAlert>}
      <Field
        id="code-value"
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        placeholder="123456"
        value={code}
        onChange={(v) => setCode(sanitizeCode(v))}
        hint={`Sent to ${email}. It expires in 15 minutes.`}
      />
      <Button type="submit" className="w-full" loading={verify.isPending || verify.isSuccess}>
        Verify and sign in
      </Button>
      <Button
        variant="ghost"
        className="w-full"
        onClick={() => {
          setCode('');
          send.reset();
          verify.reset();
        }}
      >
        Use a different email
      </Button>
    </form>
  );
}

export function ForgotForm() {
  const m = trpc.auth.forgotPassword.useMutation();
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        m.mutate({ email: text(e, 'forgot-email') });
      }}
    >
      {m.error && <FormAlert tone="error">{errorMessage(m.error, MSG.somethingWentWrong)}</FormAlert>}
      {m.isSuccess && <FormAlert tone="success">{m.data.message}</FormAlert>}
      <Field id="forgot-email" label="Email" type="email" autoComplete="email" required />
      <Button type="submit" className="w-full" loading={m.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
