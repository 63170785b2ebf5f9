import { Link } from '@tanstack/react-router';
import { ArrowRight, ChartLine, FileDown, Lock, Mail, Palette, Rss, Send, Share2, ShieldCheck, Sparkles, Users, UsersRound } from 'lucide-react';
import { SALES_EMAIL } from '../../../shared/plans';
import { PublicFooter, PublicHeader } from '../../components/public-layout';
import { buttonClass } from '../../components/ui/button';
import { useTitle } from '../../lib/use-title';
import { LeadForm } from './lead-form';
import { Pricing } from './pricing';
import { HeroPreview } from './hero-preview';

// Each line says what the product does today (ARCHITECTURE.md); plan-only parts name their plan.
const FEATURES = [
  {
    icon: Rss,
    title: 'Curate from real feeds',
    body: 'Search channels by topic, or paste any site and we find its feed. Filter by date, skip duplicates and stories you already used.',
  },
  {
    icon: Sparkles,
    title: 'AI Magic that cites its sources',
    body: 'Turn your articles into newsletters, blog posts, social posts, email campaigns and product descriptions. The built-in engine quotes and cites your sources; with a language model set up, the model writes and its citations are checked against them.',
  },
  {
    icon: Palette,
    title: 'Themes that survive every inbox',
    body: 'Email-safe themes tested for Outlook, Gmail and dark mode, kept under Gmail’s clipping limit. Preview each issue as a web page and as email, on desktop and mobile. From Professional, saved themes carry your own colours, fonts and logo.',
  },
  {
    icon: Users,
    title: 'Your own subscribers',
    body: 'A signup page for each publication with double opt-in, CSV import and export, and one-click unsubscribe in every issue.',
  },
  {
    icon: Send,
    title: 'Send now or on schedule',
    body: 'Send an issue now, at a time you choose, or let a publication build a digest on a schedule and skip weeks with too little that is new. Every send is checked first: broken links, the Gmail clip, contrast, unsubscribe. On paid plans, use your own SMTP server, Brevo, Resend, Mailgun or Postmark, with a fallback taking over if one fails. Progress shows live.',
  },
  {
    icon: ChartLine,
    title: 'Analytics: opens and clicks per issue',
    body: 'See opens (Apple’s automatic opens counted apart), clicks per link, unsubscribes and bounces, with trends and a CSV export. On Professional and up; Business adds subject tests that send the winning subject line to the rest of the list.',
  },
  {
    icon: Share2,
    title: 'Publish where your list lives',
    body: 'Publish a saved issue to Brevo, Mailchimp, MailerLite or beehiiv as a draft, now or scheduled, or copy clean HTML and Markdown into Substack. Webhooks tell your own systems when readers join or leave (Professional and up), and Business adds API access with keys for your scripts.',
  },
  {
    icon: FileDown,
    title: 'Exports and a public archive',
    body: 'Export any issue as text, Markdown or PDF (HTML, Word and EPUB on Enterprise). Sent issues get a web archive with an RSS feed.',
  },
  {
    icon: UsersRound,
    title: 'Work as a team',
    body: 'On Enterprise, invite editors and viewers to the publications you share. Editors build issues with you; sending and subscribers stay with you.',
  },
];

/** Where a saved issue can be published (platform APIs; Substack by copy and paste). */
const PUBLISH_TO = ['Brevo', 'Mailchimp', 'MailerLite', 'beehiiv', 'Substack'];
/** What can carry the mail of a send. */
const SEND_THROUGH = ['SMTP', 'Brevo', 'Resend', 'Mailgun', 'Postmark'];

const TRUST = [
  { icon: ShieldCheck, text: '14-day money-back guarantee' },
  { icon: Lock, text: 'Data encrypted in transit and at rest' },
  { icon: Mail, text: 'Support replies within 24 hours' },
];

function ServiceList({ title, items, note }: { title: string; items: string[]; note: string }) {
  return (
    <div>
      <h3 className="font-semibold text-zinc-900 dark:text-zinc-100">{title}</h3>
      <ul aria-label={title} className="mt-3 flex flex-wrap items-center justify-center gap-2.5">
        {items.map((name) => (
          <li
            key={name}
            className="rounded-full border border-zinc-200 bg-white px-4 py-1.5 text-sm font-semibold text-zinc-700 shadow-xs dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-200"
          >
            {name}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-muted">{note}</p>
    </div>
  );
}

export function LandingPage() {
  useTitle();
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main id="main" className="flex-1">
        <section className="relative overflow-hidden">
          <div aria-hidden className="pointer-events-none absolute inset-x-0 -top-40 -z-10 flex justify-center blur-3xl">
            <div className="h-[28rem] w-[56rem] bg-gradient-to-tr from-indigo-300/50 via-violet-300/40 to-sky-200/40 opacity-70 [clip-path:ellipse(50%_40%_at_50%_50%)] dark:from-indigo-600/30 dark:via-violet-700/20 dark:to-sky-700/10" />
          </div>
          <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pb-20 pt-16 sm:px-6 md:pt-24 lg:grid-cols-[1.1fr_1fr]">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-700 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-300">
                <Sparkles className="size-3.5" aria-hidden /> Launch offer for the first 50 users
              </p>
              <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
                Newsletters from sources you trust, <span className="text-indigo-600 dark:text-indigo-400">in minutes</span>.
              </h1>
              <p className="mt-6 max-w-xl text-lg text-muted text-pretty">
                Curated finds the best articles from real feeds, summarises them honestly, lays them out in a theme that looks right in every inbox and sends
                them to your subscribers. Pick, preview, send.
              </p>
              <div className="mt-8 flex flex-wrap items-center gap-3">
                <Link to="/auth" search={{ mode: 'signup' }} className={buttonClass('primary', 'lg')}>
                  Get Started <ArrowRight aria-hidden />
                </Link>
                <a href={`mailto:${SALES_EMAIL}?subject=Curated%20demo%20request`} className={buttonClass('outline', 'lg')}>
                  Request Demo
                </a>
              </div>
              <p className="mt-4 text-sm text-muted">Free tier, no credit card. Cancel at any time.</p>
            </div>
            <HeroPreview />
          </div>
        </section>

        <section id="features" className="border-t border-zinc-100 bg-zinc-50/70 py-20 dark:border-zinc-900 dark:bg-zinc-900/30">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="max-w-2xl">
              <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">Features</p>
              <h2 className="mt-2 text-3xl font-semibold tracking-tight">Everything a weekly issue needs</h2>
              <p className="mt-3 text-muted">
                From finding the stories to landing in the inbox, without stitching five tools together. Five guided steps, set up in under 10 minutes.
              </p>
            </div>
            <div className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, body }) => (
                <div key={title} className="rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900/60">
                  <span className="inline-flex size-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="mt-4 font-semibold">{title}</h3>
                  <p className="mt-2 text-sm leading-6 text-muted">{body}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section id="integrations" className="py-16">
          <div className="mx-auto max-w-6xl px-4 text-center sm:px-6">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-muted">Integrations for the email services you use</h2>
            <div className="mt-6 grid gap-8 md:grid-cols-2">
              <ServiceList title="Publish to" items={PUBLISH_TO} note="Brevo, Mailchimp, MailerLite and beehiiv by API key; Substack by copy and paste." />
              <ServiceList title="Send through" items={SEND_THROUGH} note="Your own SMTP server or provider account, with automatic fallback." />
            </div>
          </div>
        </section>

        <section id="guide" className="px-4 sm:px-6">
          <div className="focus-on-brand mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-12 text-white shadow-xl shadow-indigo-600/20 sm:px-12 dark:shadow-none">
            <div className="grid items-center gap-8 lg:grid-cols-2">
              <div>
                <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Get the free newsletter guide</h2>
                <p className="mt-3 text-indigo-100">
                  How to pick sources, write a subject line people open, and grow from zero to your first thousand readers.
                </p>
              </div>
              <div className="rounded-2xl bg-white/10 p-4 ring-1 ring-white/20 backdrop-blur [&_input]:border-white/20 [&_input]:bg-white [&_input]:text-zinc-900">
                <LeadForm />
              </div>
            </div>
          </div>
        </section>

        <section id="pricing" className="py-20">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">Pricing</p>
              <h2 className="mt-2 text-3xl font-semibold tracking-tight">Launch pricing for the first 50 users</h2>
              <p className="mt-3 text-muted">
                Basic and Professional start with a 7-day free trial, no card needed. Cancel at any time and keep access to the end of the billing period.
              </p>
            </div>
            <div className="mt-12">
              <Pricing />
            </div>
            <ul className="mt-10 flex flex-wrap justify-center gap-x-8 gap-y-3 text-sm text-muted">
              {TRUST.map(({ icon: Icon, text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Icon className="size-4 text-indigo-600 dark:text-indigo-400" aria-hidden /> {text}
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
