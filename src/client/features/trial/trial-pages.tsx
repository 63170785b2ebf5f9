// Trial pages. The 7-day trial starts with the account itself (PRODUCT.md), so sign-up is the way in.
import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { PLAN_OFFERS, SUPPORT_EMAIL, TRIAL_DAYS, type PlanType } from '../../../shared/plans';
import { PublicPage } from '../../components/public-layout';
import { buttonClass } from '../../components/ui/button';
import { useTitle } from '../../lib/use-title';

export function TrialSignupPage({ plan }: { plan?: PlanType }) {
  useTitle('Start your free trial');
  const offer = PLAN_OFFERS.find((p) => p.id === plan);
  return (
    <PublicPage
      title="Start your free trial"
      lead={`Every account starts with a ${TRIAL_DAYS}-day free trial, no card needed.${offer ? ` You can move to ${offer.name} (${offer.priceLabel}) from your account at any time.` : ''}`}
    >
      <Link to="/auth" className={buttonClass('primary', 'lg')}>
        Create your account
      </Link>
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
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{p.hint}</p>
          </div>
        ))}
      </div>
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <Link to="/" className={buttonClass('primary')}>
          Return Home
        </Link>
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {SUPPORT_EMAIL}
        </a>
      </div>
    </PublicPage>
  );
}
