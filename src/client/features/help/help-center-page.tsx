// /help: where to start, how to reach support, the guides by topic and the common questions.
import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowRight, BookOpen, LifeBuoy, Sparkles, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { SUPPORT_EMAIL } from '../../../shared/plans';
import { HELP_FAQ } from './faq-data';
import { Card, FaqSection, HelpShell, SectionHeading } from './help-parts';

type To = NonNullable<LinkProps['to']>;

// Widened like the sidebar's links: /ai-magic's optional ?job= is left out.
const AI_MAGIC: To = '/ai-magic';

const GETTING_STARTED: { to: To; label: string; hint: string }[] = [
  { to: '/quick-start-guide', label: 'Quick Start Guide', hint: 'From a new account to your first issue in three steps' },
  { to: '/auth', label: 'Create your account', hint: 'Sign up with a password, an e-mailed code, Google or GitHub' },
  { to: '/publications', label: 'Create a publication', hint: 'Name it, pick a theme, channels and articles' },
  { to: '/account', label: 'Complete your profile', hint: 'Name, username and avatar' },
];

const FEATURES: { to: To; label: string; hint: string }[] = [
  { to: '/ai-magic', label: 'AI Magic', hint: 'Newsletters, blog posts, social posts, email campaigns and product descriptions that cite their sources' },
  { to: '/newsletters', label: 'Newsletters', hint: 'Saved drafts, previews and exports' },
  { to: '/subscribers', label: 'Subscribers', hint: 'Signup page, CSV import and one-click unsubscribe' },
  { to: '/email-management', label: 'Email Management', hint: 'Your own SMTP, Brevo, Resend, Mailgun or Postmark' },
  { to: '/integrations', label: 'Integrations', hint: 'Publish to Brevo, Mailchimp, MailerLite or beehiiv; copy for Substack' },
  { to: '/analytics', label: 'Analytics', hint: 'Opens, clicks per link, unsubscribes and bounces per issue' },
  { to: '/upgrade', label: 'Plans and billing', hint: 'Compare plans, upgrade and manage your subscription' },
];

const FOOTER_LINKS: { to: To; label: string }[] = [
  { to: '/quick-start-guide', label: 'Quick Start Guide' },
  { to: '/roadmap', label: 'Roadmap' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/refund', label: 'Refund Policy' },
];

function HelpCard({ icon: Icon, title, text, action }: { icon: LucideIcon; title: string; text: string; action: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <li>
      <Card className="flex h-full flex-col">
        <section aria-labelledby={id} className="flex h-full flex-col">
          <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400">
            <Icon className="size-5" aria-hidden />
          </span>
          <h2 id={id} className="mt-4 text-lg font-semibold text-zinc-900 dark:text-white">
            {title}
          </h2>
          <p className="mt-1 flex-1 text-sm text-muted">{text}</p>
          <div className="mt-4 text-sm font-medium text-indigo-600 dark:text-indigo-400 [&_a]:inline-flex [&_a]:min-h-6 [&_a]:items-center [&_a]:gap-1 [&_a]:break-all [&_a:hover]:underline">
            {action}
          </div>
        </section>
      </Card>
    </li>
  );
}

function TopicList({ id, title, items }: { id: string; title: string; items: { to: To; label: string; hint: string }[] }) {
  return (
    <section aria-labelledby={id}>
      <SectionHeading id={id}>{title}</SectionHeading>
      <ul className="mt-4 divide-y divide-zinc-200 rounded-2xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60">
        {items.map((item) => (
          <li key={item.label}>
            <Link to={item.to} className="group flex items-center justify-between gap-4 px-5 py-3.5 hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
              <span className="min-w-0">
                <span className="block text-[15px] font-medium text-zinc-900 dark:text-zinc-100">{item.label}</span>
                <span className="block text-sm text-muted">{item.hint}</span>
              </span>
              <ArrowRight className="size-4 shrink-0 text-muted transition-transform group-hover:translate-x-0.5" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HelpCenterPage() {
  return (
    <HelpShell title="Help Center" lead="Guides, answers and a way to reach us when you need a hand.">
      <ul aria-label="Ways to get help" className="grid gap-4 md:grid-cols-3">
        <HelpCard
          icon={BookOpen}
          title="Quick Start Guide"
          text="Set up your account, write with AI Magic and get your first issue out."
          action={
            <Link to="/quick-start-guide">
              Read the guide <ArrowRight className="size-4" aria-hidden />
            </Link>
          }
        />
        <HelpCard
          icon={LifeBuoy}
          title="Email Support"
          text="Questions about your account, billing or a refund? Write to our support team."
          action={<a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>}
        />
        <HelpCard
          icon={Sparkles}
          title="AI Magic"
          text="Turn the articles of your channels into newsletters, blog posts and social posts."
          action={
            <Link to={AI_MAGIC}>
              Open AI Magic <ArrowRight className="size-4" aria-hidden />
            </Link>
          }
        />
      </ul>

      <div className="grid gap-10 md:grid-cols-2 md:gap-6">
        <TopicList id="getting-started" title="Getting Started" items={GETTING_STARTED} />
        <TopicList id="features-tools" title="Features & Tools" items={FEATURES} />
      </div>

      <FaqSection id="help-faq" title="Frequently Asked Questions" items={HELP_FAQ} />

      <nav
        aria-label="Help links"
        className="flex flex-col gap-4 border-t border-zinc-200 pt-8 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800"
      >
        <p className="text-sm text-muted">
          Didn’t find your answer?{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Contact support
          </a>
        </p>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted">
          {FOOTER_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="inline-flex min-h-6 items-center hover:text-zinc-900 hover:underline dark:hover:text-white">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </HelpShell>
  );
}
