import { PublicPage } from '../../components/public-layout';
import { Badge } from '../../components/ui/badge';
import { useTitle } from '../../lib/use-title';

const STAGES = [
  {
    label: 'Available',
    tone: 'brand' as const,
    items: [
      'Five-step newsletter workflow',
      'Channel search and feed discovery from any site',
      'Email-safe themes with dark mode',
      'Sending through Brevo or your own SMTP server, scheduled or now',
      'AI summaries and drafts that cite their sources',
      'Open and click analytics',
      'Publishing to Brevo, Mailchimp, MailerLite and beehiiv',
      'Team collaboration on the Enterprise plan',
    ],
  },
  {
    label: 'Next',
    tone: 'neutral' as const,
    items: ['Full article text for summaries of feeds that carry only a teaser', 'Social accounts and cross-posting'],
  },
  { label: 'Later', tone: 'neutral' as const, items: ['A/B testing of subject lines', 'Public API'] },
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
