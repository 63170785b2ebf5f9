// /: the public landing page: the hero, the features, the services it works with, the free guide and the pricing.
import { Link } from '@tanstack/react-router';
import { ArrowRight, Lock, Mail, ShieldCheck, Sparkles } from 'lucide-react';
import { SALES_EMAIL } from '../../../shared/plans';
import { PublicFooter, PublicHeader } from '../../components/public-layout';
import { buttonClass } from '../../components/ui/button';
import { useTitle } from '../../lib/use-title';
import { LeadForm } from './lead-form';
import { Pricing } from './pricing';
import { HeroPreview } from './hero-preview';
import { Features } from './features-section';
import { SectionIntro } from './section-intro';

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

function Hero() {
  return (
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
            Curated finds the best articles from real feeds, summarises them honestly, lays them out in a theme that looks right in every inbox and sends them
            to your subscribers. Pick, preview, send.
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
  );
}

function Integrations() {
  return (
    <section id="integrations" className="py-16">
      <div className="mx-auto max-w-6xl px-4 text-center sm:px-6">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-muted">Integrations for the email services you use</h2>
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <ServiceList title="Publish to" items={PUBLISH_TO} note="Brevo, Mailchimp, MailerLite and beehiiv by API key; Substack by copy and paste." />
          <ServiceList title="Send through" items={SEND_THROUGH} note="Your own SMTP server or provider account, with automatic fallback." />
        </div>
      </div>
    </section>
  );
}

function GuideOffer() {
  return (
    <section id="guide" className="px-4 sm:px-6">
      <div className="focus-on-brand mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-12 text-white shadow-xl shadow-indigo-600/20 sm:px-12 dark:shadow-none">
        <div className="grid items-center gap-8 lg:grid-cols-2">
          <div>
            <h2 className="text-2xl font-semibold tracking-tight sm:text-3xl">Get the free newsletter guide</h2>
            <p className="mt-3 text-indigo-100">How to pick sources, write a subject line people open, and grow from zero to your first thousand readers.</p>
          </div>
          <div className="rounded-2xl bg-white/10 p-4 ring-1 ring-white/20 backdrop-blur [&_input]:border-white/20 [&_input]:bg-white [&_input]:text-zinc-900">
            <LeadForm />
          </div>
        </div>
      </div>
    </section>
  );
}

function PricingSection() {
  return (
    <section id="pricing" className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionIntro eyebrow="Pricing" title="Launch pricing for the first 50 users" className="mx-auto max-w-2xl text-center">
          Basic and Professional start with a 7-day free trial, no card needed. Cancel at any time and keep access to the end of the billing period.
        </SectionIntro>
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
  );
}

export function LandingPage() {
  useTitle();
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main id="main" className="flex-1">
        <Hero />
        <Features />
        <Integrations />
        <GuideOffer />
        <PricingSection />
      </main>
      <PublicFooter />
    </div>
  );
}
