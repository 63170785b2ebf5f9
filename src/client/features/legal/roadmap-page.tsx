import { PublicPage } from '../../components/public-layout';
import { Badge } from '../../components/ui/badge';
import { useTitle } from '../../lib/use-title';

// 'Available' lists only what works today (ARCHITECTURE.md); every plan feature marked 'Coming soon'
// in plans.ts appears under Next or Later.
const STAGES = [
  {
    label: 'Available',
    tone: 'brand' as const,
    items: [
      'Five-step newsletter workflow',
      'Channel search and feed discovery from any site, OPML import',
      'Email-safe themes with dark mode, web and email previews',
      'AI Magic: newsletters, blog posts, social posts, email campaigns and product descriptions that cite their sources, from the built-in engine or an OpenAI-compatible model',
      'Subscribers: signup pages with double opt-in, CSV import and export, one-click unsubscribe',
      'Sending now or scheduled through SMTP, Brevo, Resend, Mailgun or Postmark, with automatic fallback',
      'Open and click analytics',
      'Publishing to Brevo, Mailchimp, MailerLite and beehiiv; copy for Substack',
      'Exports: text, Markdown and PDF; HTML, Word and EPUB on Enterprise',
      'Public web archive and RSS feed of sent issues',
      'Team collaboration on the Enterprise plan',
      'Custom theme colours: your own themes with your logo, colours, fonts, masthead and footer (Professional keeps 10, Business and Enterprise unlimited)',
      "White-label on Enterprise: no Curated branding in issues or on readers' pages, and those pages on your own domain",
      'A/B testing of subject lines: 2–3 subjects tried on part of the list, the winner sent to the rest, with how sure the result is (Business and Enterprise)',
      'A choice of AI model per plan (ChatGPT, Perplexity, Gemini, Claude) when your workspace enables them; the built-in engine always works offline',
      'Webhooks (custom integrations): signed events when readers join, confirm, leave or bounce, issues are sent and links are clicked, retried for a day (Professional and up)',
      'A public API with keys for your own scripts: publications, subscribers, saved newsletters, sends and analytics, documented at /developers (Business and Enterprise; each key its own rate limit on Enterprise)',
      'Recurring issues built from your channels on a schedule, skipped when too little is new, sent automatically or after your approval (Professional and up)',
      'Editing the issue freely: story order, titles and blurbs, text blocks, preheader and sign-off, in every output',
      'A check before every send: links that do not answer, misleading link text, missing alt text, contrast in light and dark, the Gmail clip, the plain-text part, unsubscribe and the subject line',
    ],
  },
  {
    label: 'Next',
    tone: 'neutral' as const,
    items: ['Full article text for summaries of feeds that carry only a teaser', 'Social accounts and cross-posting'],
  },
  {
    label: 'Later',
    tone: 'neutral' as const,
    items: ['Welcome mails, tags and segments, a preference centre and signup forms for your readers'],
  },
];

export function RoadmapPage() {
  useTitle('Roadmap');
  return (
    <PublicPage title="Roadmap" lead="What we are building, and what comes after.">
      <div className="grid gap-6 sm:grid-cols-3">
        {STAGES.map((s) => (
          <section key={s.label} className="rounded-xl border border-zinc-200 p-5 dark:border-zinc-800">
            <Badge tone={s.tone}>{s.label}</Badge>
            <ul className="mt-4 space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
              {s.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </PublicPage>
  );
}
