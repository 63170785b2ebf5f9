// /quick-start-guide: three steps from an empty account to newsletters going out, pro tips, the FAQ.
import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowRight, Lightbulb, Mail, Share2, Sparkles, UserRound, type LucideIcon } from 'lucide-react';
import { SUPPORT_EMAIL } from '../../../shared/plans';
import { ComingSoonBadge } from '../../components/plan-features';
import { buttonClass } from '../../components/ui/button';
import { QUICK_START_FAQ } from './faq-data';
import { Card, FaqSection, HelpShell, SectionHeading } from './help-parts';

interface Step {
  title: string;
  icon: LucideIcon;
  intro: string;
  /** What to do, in order; `coming` marks a part that is still being built. */
  tasks: { text: string; coming?: boolean }[];
  action: { to: NonNullable<LinkProps['to']>; label: string };
}

const STEPS: Step[] = [
  {
    title: 'Set Up Your Account',
    icon: UserRound,
    intro: 'A few minutes of setup make every issue after it quicker.',
    tasks: [
      { text: 'Complete your profile on the Account page: your name, username and avatar.' },
      { text: 'Choose your niche and audience, then search channels on that topic for your first publication.' },
      { text: 'Connect an email service (SMTP, Brevo, Resend, Mailgun or Postmark) in Email Management, or use the built-in sender.' },
      { text: 'Set up your first template: pick one of the themes your plan includes.' },
    ],
    action: { to: '/dashboard', label: 'Go to Dashboard' },
  },
  {
    title: 'Use the AI Magic Tool',
    icon: Sparkles,
    intro: 'Turn the articles of your channels into finished pieces that link back to the articles they draw on.',
    tasks: [
      { text: 'Open AI Magic from the dashboard or the sidebar.' },
      { text: 'Enter a topic, or let AI suggest trending topics from your channels.' },
      { text: 'Choose what to write: a newsletter, a blog post, social media posts, an email campaign or a product description.' },
      { text: 'Generate, then read and customise the text.' },
      { text: 'Save it as a newsletter draft to schedule or send it, or keep it as a blog draft.' },
    ],
    action: { to: '/ai-magic', label: 'Open AI Magic' },
  },
  {
    title: 'Automate Your Content Distribution',
    icon: Share2,
    intro: 'Let the schedule do the sending while you pick the stories.',
    tasks: [
      { text: 'Configure the channels each publication draws from.' },
      { text: 'Set posting schedules: send an issue now or at a chosen time up to a year ahead.' },
      { text: 'Let a publication build its own issues: daily, on chosen weekdays or monthly, sent at once or after you approve (Professional and up).' },
      { text: 'Connect your social accounts.', coming: true },
      { text: 'Repurpose each issue across platforms: publish it to Brevo, Mailchimp, MailerLite or beehiiv, or copy it for Substack.' },
      { text: 'Monitor performance with analytics: opens, clicks per link, unsubscribes and bounces per issue.' },
    ],
    action: { to: '/integrations', label: 'View Integrations' },
  },
];

const PRO_TIPS = [
  'Pick a few focused channels: fewer, better sources give sharper issues and better AI results.',
  'Use the date filter in the article step to keep every issue fresh.',
  'Preview on mobile before you send: most readers open newsletters on their phones.',
  'Send yourself a test first; it does not reach your subscribers.',
  'Keep a regular day and time for your issues so readers know when to expect you.',
];

function StepCard({ step, n }: { step: Step; n: number }) {
  const Icon = step.icon;
  const headingId = `step-${n}`;
  return (
    <li>
      <Card className="h-full">
        <section aria-labelledby={headingId} className="flex flex-col gap-4 sm:flex-row sm:gap-6">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400">
            <Icon className="size-6" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="text-lg font-semibold text-zinc-900 sm:text-xl dark:text-white">
              Step {n}: {step.title}
            </h2>
            <p className="mt-1 text-sm text-muted">{step.intro}</p>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-[15px] text-zinc-700 marker:text-zinc-500 dark:text-zinc-300">
              {step.tasks.map((t) => (
                <li key={t.text}>
                  {t.text}
                  {t.coming && <ComingSoonBadge className="ml-2 align-middle" />}
                </li>
              ))}
            </ol>
            <Link to={step.action.to} className={buttonClass('primary', 'md', 'mt-5')}>
              {step.action.label} <ArrowRight aria-hidden />
            </Link>
          </div>
        </section>
      </Card>
    </li>
  );
}

export function QuickStartPage() {
  return (
    <HelpShell title="Quick Start Guide" lead="Get from a new account to your first newsletter in three steps.">
      <ol aria-label="Steps" className="space-y-6">
        {STEPS.map((s, i) => (
          <StepCard key={s.title} step={s} n={i + 1} />
        ))}
      </ol>

      <section aria-labelledby="pro-tips" className="rounded-2xl bg-indigo-50/70 p-6 sm:p-8 dark:bg-indigo-500/10">
        <h2 id="pro-tips" className="flex items-center gap-2 text-lg font-semibold text-zinc-900 dark:text-white">
          <Lightbulb className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden /> Pro Tips
        </h2>
        <ul className="mt-4 space-y-2 text-[15px] text-zinc-700 dark:text-zinc-300">
          {PRO_TIPS.map((tip) => (
            <li key={tip} className="flex gap-2">
              <span className="mt-2 size-1.5 shrink-0 rounded-full bg-indigo-500" aria-hidden />
              {tip}
            </li>
          ))}
        </ul>
      </section>

      <FaqSection id="quick-start-faq" title="Frequently Asked Questions" items={QUICK_START_FAQ} />

      <section aria-labelledby="still-need-help">
        <Card className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <SectionHeading id="still-need-help">Still need help?</SectionHeading>
            <p className="mt-1 text-sm text-muted">Write to our support team, or head back to your dashboard and carry on.</p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClass('outline')}>
              <Mail aria-hidden /> {SUPPORT_EMAIL}
            </a>
            <Link to="/dashboard" className={buttonClass('primary')}>
              Open Dashboard
            </Link>
          </div>
        </Card>
      </section>
    </HelpShell>
  );
}
