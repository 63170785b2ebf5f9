// The landing page's features: what the product does today, one card each.
import { ChartLine, FileDown, Palette, Rss, Send, Share2, Sparkles, Users, UsersRound } from 'lucide-react';
import { SectionIntro } from './section-intro';
import { IconTile } from '../../components/ui/icon-tile';

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

export function Features() {
  return (
    <section id="features" className="border-t border-zinc-100 bg-zinc-50/70 py-20 dark:border-zinc-900 dark:bg-zinc-900/30">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionIntro eyebrow="Features" title="Everything a weekly issue needs" className="max-w-2xl">
          From finding the stories to landing in the inbox, without stitching five tools together. Five guided steps, set up in under 10 minutes.
        </SectionIntro>
        <div className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <div key={title} className="rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900/60">
              <IconTile icon={Icon} className="size-10 rounded-lg" iconClassName="size-5" />
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted">{body}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
