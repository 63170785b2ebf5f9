// The free trial, without a card and without a password: /trial-signup takes a name and an address
// (billing.startTrial makes the account and mails a 6-digit code), /trial-confirmation signs the
// visitor in with that code (auth.verifyCode, as /auth's Email option), /trial-success says what next.
import { Link, useNavigate } from '@tanstack/react-router';
import { MailCheck, MailOpen } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MSG } from '../../../shared/messages';
import { SUPPORT_EMAIL, TRIAL_DAYS, normalizeTrialPlan } from '../../../shared/plans';
import { PLAN_OFFERS } from '../../../shared/plan-offers';
import { BILLING_MSG } from '../../../shared/schemas/billing';
import { PlanFeatureList } from '../../components/plan-features';
import { NoticeIcon, PublicPage } from '../../components/public-layout';
import { Button, buttonClass } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { isCompleteCode, sanitizeCode } from '../../lib/one-time-code';
import { useTitle } from '../../lib/use-title';
import { trpc } from '../../trpc';

/** What the trial gives, in the words the signup page uses. */
export const trialGives = (planName: string) =>
  `${TRIAL_DAYS} days of ${planName}, no card needed; afterwards your account moves to the free plan and keeps everything you made`;

function FormCard({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-xs sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/60">{children}</div>;
}

export function TrialSignupPage({ plan }: { plan: string }) {
  useTitle('Start your free trial');
  const navigate = useNavigate();
  // A trial gives Basic or Professional (business, enterprise and unknown plans start on Basic).
  const trialPlan = normalizeTrialPlan(plan);
  const offer = PLAN_OFFERS.find((p) => p.id === trialPlan)!;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const start = trpc.billing.startTrial.useMutation({
    onSuccess: (r, input) => {
      if (!r.success) {
        toast({ title: BILLING_MSG.trialFailedTitle, description: r.message || BILLING_MSG.trialFailed, variant: 'destructive' });
        return;
      }
      void navigate({ to: '/trial-confirmation', search: { email: input.email } });
    },
    onError: (err) => toast({ title: BILLING_MSG.trialFailedTitle, description: errorMessage(err, BILLING_MSG.trialFailed), variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    const m = email.trim();
    if (!n || !m) {
      toast({ title: BILLING_MSG.missingInfoTitle, description: BILLING_MSG.missingInfo, variant: 'destructive' });
      return;
    }
    start.mutate({ name: n, email: m, plan: trialPlan });
  };

  return (
    <PublicPage title="Start your free trial" lead={`${trialGives(offer.name)}.`}>
      <div className="grid gap-8 md:grid-cols-[1fr_16rem]">
        <FormCard>
          {/* noValidate: the spec's own 'Missing information' toast answers an empty field. */}
          <form className="space-y-4" onSubmit={submit} noValidate aria-label="Free trial">
            <div>
              <Label htmlFor="trial-name">Full name</Label>
              <Input id="trial-name" name="name" autoComplete="name" maxLength={200} required value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div>
              <Label htmlFor="trial-email">Email</Label>
              <Input
                id="trial-email"
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <p className="mt-1.5 text-xs text-muted">We e-mail you a 6-digit code to sign in. No password needed.</p>
            </div>
            <Button type="submit" size="lg" className="w-full" loading={start.isPending || start.isSuccess}>
              Start free trial
            </Button>
            <p className="text-center text-sm text-muted">
              Already have an account?{' '}
              <Link to="/auth" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                Sign in
              </Link>
            </p>
          </form>
        </FormCard>
        <aside aria-labelledby="trial-plan-title" className="rounded-2xl bg-indigo-50/70 p-6 dark:bg-indigo-500/10">
          <p className="text-xs font-medium uppercase tracking-wide text-indigo-700 dark:text-indigo-300">Your trial</p>
          <h2 id="trial-plan-title" className="mt-1 text-xl font-semibold text-zinc-900 dark:text-white">
            {offer.name}
          </h2>
          <p className="text-sm text-muted">then {offer.priceLabel} if you choose to keep it</p>
          <PlanFeatureList
            features={offer.features}
            className="mt-4 space-y-2 text-sm text-zinc-700 dark:text-zinc-300"
            checkClassName="text-indigo-600 dark:text-indigo-400"
          />
          <p className="mt-4 text-xs text-muted">{offer.themesLabel}. Nothing is charged when the trial ends.</p>
        </aside>
      </div>
    </PublicPage>
  );
}

export function TrialConfirmationPage({ email: given }: { email: string }) {
  useTitle('Confirm your trial');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [typed, setTyped] = useState('');
  const email = given || typed.trim();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const verify = trpc.auth.verifyCode.useMutation({
    onSuccess: async (r) => {
      utils.auth.check.setData(undefined, { authenticated: true, user: r.user });
      utils.user.get.setData(undefined, r.user);
      await navigate({ to: '/trial-success', search: { email: r.user.email } });
    },
  });
  const resend = trpc.auth.sendCode.useMutation({
    onSuccess: (r) => toast({ title: MSG.codeSent, description: r.message === MSG.codeSent ? undefined : r.message, variant: 'success' }),
    onError: (err) => toast({ title: MSG.codeSendFailed, description: errorMessage(err, MSG.codeSendFailedRetry), variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email) {
      toast({ title: BILLING_MSG.missingInfoTitle, description: BILLING_MSG.missingInfo, variant: 'destructive' });
      return;
    }
    if (!isCompleteCode(code)) {
      setCodeError(MSG.codeFormat);
      return;
    }
    setCodeError(null);
    verify.mutate({ email, code });
  };
  const error = codeError ?? (verify.error ? errorMessage(verify.error, MSG.codeVerifyFailed) : null);

  return (
    <PublicPage title="Confirm your trial">
      <FormCard>
        <NoticeIcon className="mb-5">
          <MailOpen className="size-6" aria-hidden />
        </NoticeIcon>
        <p className="text-lg font-medium text-zinc-900 [overflow-wrap:anywhere] dark:text-white">
          {given ? `Check your inbox: we sent a 6-digit code to ${given}` : 'Check your inbox for the 6-digit code we sent you'}
        </p>
        <p className="mt-1 text-sm text-muted">Type it below to start your trial. It expires in 15 minutes.</p>
        <form className="mt-6 space-y-4" onSubmit={submit} noValidate aria-label="Confirm your trial">
          {!given && (
            <div>
              <Label htmlFor="trial-confirm-email">Email</Label>
              <Input id="trial-confirm-email" type="email" autoComplete="email" value={typed} onChange={(e) => setTyped(e.target.value)} />
            </div>
          )}
          <div>
            <Label htmlFor="trial-code">6-digit code</Label>
            <Input
              id="trial-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              className="max-w-48 text-lg tracking-[0.3em] tabular-nums"
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'trial-code-error' : undefined}
              onChange={(e) => setCode(sanitizeCode(e.target.value))}
            />
            {error && (
              <p id="trial-code-error" role="alert" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
            <Button type="submit" loading={verify.isPending || verify.isSuccess}>
              Confirm
            </Button>
            <Button variant="link" className="h-auto px-0" loading={resend.isPending} disabled={!email} onClick={() => resend.mutate({ email })}>
              Send a new code
            </Button>
          </div>
        </form>
      </FormCard>
    </PublicPage>
  );
}

const PROVIDER_HINTS = [
  { name: 'Gmail', hint: 'Drag our email to the Primary tab, or open it and choose “Add to contacts”.' },
  { name: 'Outlook', hint: 'Right-click the message and choose “Never block sender”, or add us to Safe senders.' },
  { name: 'Yahoo', hint: 'Open the message and choose “Add sender to contacts”, then mark it “Not spam” if needed.' },
];

export function TrialSuccessPage({ email }: { email?: string }) {
  useTitle('Your trial is active');
  const domain = SUPPORT_EMAIL.split('@')[1];
  return (
    <PublicPage
      title="Your trial is active"
      lead={`Your ${TRIAL_DAYS}-day free trial is active${email ? ` for ${email}` : ''}. Make sure our emails reach you:`}
    >
      <ol className="space-y-4 text-zinc-700 dark:text-zinc-300">
        <li className="flex gap-3">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
          Add {SUPPORT_EMAIL} to your contacts.
        </li>
        <li className="flex gap-3">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
          Check your spam or junk folder for our welcome email.
        </li>
        <li className="flex gap-3">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden />
          Whitelist the domain {domain} in your email settings.
        </li>
      </ol>
      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        {PROVIDER_HINTS.map((p) => (
          <div key={p.name} className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
            <h2 className="font-semibold">{p.name}</h2>
            <p className="mt-1 text-sm text-muted">{p.hint}</p>
          </div>
        ))}
      </div>
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <Link to="/" className={buttonClass('primary')}>
          Return Home
        </Link>
        <Link to="/dashboard" className={buttonClass('outline')}>
          Open your dashboard
        </Link>
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {SUPPORT_EMAIL}
        </a>
      </div>
    </PublicPage>
  );
}
