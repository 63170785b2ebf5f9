// /auth: provider buttons (Google, GitHub, Email, more options) and the e-mail forms.
import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ChevronDown, KeyRound, Mail } from 'lucide-react';
import { MSG } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { useTitle } from '../../lib/use-title';
import { cn } from '../../lib/cn';
import { CodeForm, ForgotForm, SignInForm, SignUpForm, type EmailView } from './email-forms';
import { FormAlert } from './form-bits';
import { GitHubIcon, GoogleIcon } from './brand-icons';

const TITLES: Record<EmailView, { title: string; lead: string }> = {
  signin: { title: 'Sign in with email', lead: 'Welcome back. Enter your email and password.' },
  signup: { title: 'Create your account', lead: 'Start with the free plan: no credit card needed.' },
  code: { title: 'Sign in with a one-time code', lead: 'We email you a 6-digit code. No password needed.' },
  forgot: { title: 'Reset your password', lead: 'We email you a link to choose a new password.' },
};

const providerBtn =
  'flex h-12 w-full items-center gap-3 rounded-lg border border-zinc-200 bg-white px-5 text-[15px] font-medium text-zinc-900 shadow-xs transition-colors hover:bg-zinc-50 ' +
  'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-5 [&_svg]:shrink-0 ' +
  'dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800';

function ProviderButton({
  provider,
  label,
  icon,
  configured,
}: {
  provider: 'google' | 'github';
  label: string;
  icon: ReactNode;
  configured: boolean | undefined;
}) {
  if (configured) {
    return (
      <a href={`/api/auth/oauth/${provider}`} className={providerBtn}>
        {icon} Continue with {label}
      </a>
    );
  }
  return (
    <div>
      <button type="button" disabled className={providerBtn} aria-describedby={`${provider}-off`}>
        {icon} Continue with {label}
      </button>
      {configured === false && (
        <p id={`${provider}-off`} className="mt-1.5 text-xs text-muted">
          {MSG.providerNotConfigured(label)}
        </p>
      )}
    </div>
  );
}

/** The first view: every way to sign in, the rarer ones behind "More options". */
function SignInChoices({
  oauthError,
  setView,
  more,
  setMore,
}: {
  oauthError?: boolean;
  setView: (v: EmailView) => void;
  more: boolean;
  setMore: (f: (v: boolean) => boolean) => void;
}) {
  const providers = trpc.auth.providers.useQuery(undefined, { staleTime: Infinity });
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Sign in to Curated</h1>
      <p className="mt-2 text-sm text-muted">Build your next issue in minutes.</p>
      {oauthError && (
        <div className="mt-6">
          <FormAlert tone="error">
            {MSG.somethingWentWrong}. {MSG.pleaseTryLater}
          </FormAlert>
        </div>
      )}
      <div className="mt-8 space-y-3">
        <ProviderButton provider="google" label="Google" icon={<GoogleIcon />} configured={providers.data?.google} />
        <ProviderButton provider="github" label="GitHub" icon={<GitHubIcon />} configured={providers.data?.github} />
        <button type="button" className={providerBtn} onClick={() => setView('signin')}>
          <Mail aria-hidden /> Continue with Email
        </button>
        <button
          type="button"
          aria-expanded={more}
          aria-controls="more-options"
          onClick={() => setMore((v) => !v)}
          className="flex w-full items-center justify-center gap-1.5 rounded-md py-2 text-sm font-medium text-muted hover:text-zinc-900 dark:hover:text-white"
        >
          More options <ChevronDown className={cn('size-4 transition-transform', more && 'rotate-180')} aria-hidden />
        </button>
        {more && (
          <div id="more-options" className="space-y-3">
            <button type="button" className={providerBtn} onClick={() => setView('code')}>
              <KeyRound aria-hidden /> Email me a sign-in code
            </button>
            <button type="button" className={providerBtn} onClick={() => setView('signup')}>
              <Mail aria-hidden /> Create an account with email
            </button>
            <button type="button" className={providerBtn} onClick={() => setView('forgot')}>
              <KeyRound aria-hidden /> Forgot password
            </button>
          </div>
        )}
      </div>
    </>
  );
}

/** One e-mail form with its title, the way back to every option and the links to the neighbouring forms. */
function EmailForm({ view, plan, setView }: { view: EmailView; plan?: string; setView: (v: EmailView | null) => void }) {
  return (
    <>
      <button
        type="button"
        onClick={() => setView(null)}
        className="mb-6 inline-flex min-h-6 items-center gap-1.5 self-start rounded-md text-sm font-medium text-muted hover:text-zinc-900 dark:hover:text-white"
      >
        <ArrowLeft className="size-4" aria-hidden /> All sign-in options
      </button>
      <h1 className="text-2xl font-semibold tracking-tight">{TITLES[view].title}</h1>
      <p className="mt-2 text-sm text-muted">{TITLES[view].lead}</p>
      <div className="mt-8">
        {view === 'signin' && <SignInForm />}
        {view === 'signup' && <SignUpForm plan={plan} />}
        {view === 'code' && <CodeForm />}
        {view === 'forgot' && <ForgotForm />}
      </div>
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        {view === 'signin' ? (
          <>
            <button type="button" className="min-h-6 font-medium text-indigo-600 hover:underline dark:text-indigo-400" onClick={() => setView('signup')}>
              Create an account
            </button>
            <button type="button" className="min-h-6 text-muted hover:underline" onClick={() => setView('forgot')}>
              Forgot password?
            </button>
          </>
        ) : (
          <button type="button" className="min-h-6 font-medium text-indigo-600 hover:underline dark:text-indigo-400" onClick={() => setView('signin')}>
            {view === 'signup' ? 'Already have an account? Sign in' : 'Sign in with a password'}
          </button>
        )}
      </div>
    </>
  );
}

function AuthFooter() {
  return (
    <footer>
      <p className="mx-auto max-w-sm text-center text-xs leading-5 text-muted">
        By continuing you agree to our{' '}
        <Link to="/terms" className="underline hover:text-zinc-900 dark:hover:text-white">
          Terms
        </Link>
        ,{' '}
        <Link to="/privacy" className="underline hover:text-zinc-900 dark:hover:text-white">
          Privacy Policy
        </Link>{' '}
        and{' '}
        <Link to="/refund" className="underline hover:text-zinc-900 dark:hover:text-white">
          Refund Policy
        </Link>
        .
      </p>
    </footer>
  );
}

export function AuthPage({ oauthError, initialView = null, plan }: { oauthError?: boolean; initialView?: EmailView | null; plan?: string }) {
  const [view, setView] = useState<EmailView | null>(initialView);
  // Coming back from a form keeps "More options" as it was left.
  const [more, setMore] = useState(false);
  useTitle(view ? TITLES[view].title : 'Sign in');
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <div className="flex flex-col px-4 py-6 sm:px-10">
        <header className="flex items-center justify-between">
          <Logo />
          <ThemeToggle />
        </header>
        <main className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-12">
          {view === null ? (
            <SignInChoices oauthError={oauthError} setView={setView} more={more} setMore={setMore} />
          ) : (
            <EmailForm view={view} plan={plan} setView={setView} />
          )}
        </main>
        <AuthFooter />
      </div>
      <AuthAside />
    </div>
  );
}

function AuthAside() {
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-indigo-700 to-violet-800 p-12 text-white lg:flex lg:flex-col lg:justify-end">
      <div aria-hidden className="absolute -right-24 -top-24 size-96 rounded-full bg-white/10 blur-3xl" />
      <div aria-hidden className="absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-400/20 blur-3xl" />
      <div className="relative max-w-md">
        <h2 className="text-3xl font-semibold leading-tight tracking-tight">A newsletter a week, from the sources you trust.</h2>
        <ul className="mt-8 space-y-3 text-indigo-100">
          <li>• Real feeds, searched by topic or found from any site</li>
          <li>• Themes that hold up in Outlook, Gmail and dark mode</li>
          <li>• Save, export or send a test through your own SMTP server</li>
        </ul>
      </div>
    </aside>
  );
}
