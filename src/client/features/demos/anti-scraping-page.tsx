// /anti-scraping: protection levels, what each layer does, and the live activity log.
import { Info } from 'lucide-react';
import { useState } from 'react';
import { PublicPage } from '../../components/public-layout';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useTitle } from '../../lib/use-title';
import { ActivityLog } from './activity-log';
import { ProtectedArea } from './protected-area';

const LEVELS = {
  basic: { label: 'Basic', text: 'Text selection, copying and the context menu are blocked; printing shows a notice.' },
  advanced: { label: 'Advanced', text: 'Basic, plus blocked view-source, save and print shortcuts, developer-tools blur and honeypot form fields.' },
  enterprise: { label: 'Enterprise', text: 'Advanced, plus the activity monitor across every protected page and custom rules for your team.' },
} as const;
type Level = keyof typeof LEVELS;

const TABS: { value: string; label: string; points: string[] }[] = [
  {
    value: 'content',
    label: 'Content Protection',
    points: [
      'Text on protected pages cannot be selected or copied, and the context menu stays closed.',
      'Ctrl/Cmd+C, U, S and P are blocked while a protected page is open.',
      'A printed page shows a notice instead of the content.',
      'Docked developer tools blur the content until they are closed.',
    ],
  },
  {
    value: 'forms',
    label: 'Form Security',
    points: [
      'Hidden honeypot fields (website, url, homepage, email_confirm, phone_number) catch form-filling bots.',
      'The server refuses a submission that fills any of them, whatever the browser did.',
      'Every field is validated on the server; submissions are rate-limited per address.',
      'Cross-site posts are refused (the request must come from this site).',
    ],
  },
  {
    value: 'monitor',
    label: 'Activity Monitor',
    points: [
      'Page visits, blocked actions and refused submissions are logged as they happen.',
      'The log keeps the last 50 events and never stores what visitors typed.',
      'The live log below shows the newest 10.',
    ],
  },
  {
    value: 'enterprise',
    label: 'Enterprise Features',
    points: [
      'Protection rules per page and per team.',
      'Security headers on every response: Content-Security-Policy, frame and content-type protections, HSTS in production.',
      'Help from our team to tune the protections for your content.',
    ],
  },
];

export function AntiScrapingPage() {
  useTitle('Anti-Scraping Demo');
  const [level, setLevel] = useState<Level>('advanced');
  return (
    <PublicPage title="Anti-Scraping Demo" lead="Choose a protection level and see what each layer does. Everything on this page is protected.">
      <ProtectedArea page="anti-scraping">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:gap-4">
          <div className="sm:w-56">
            <Label htmlFor="protection-level">Protection level</Label>
            <Select id="protection-level" value={level} onChange={(e) => setLevel(e.target.value as Level)}>
              {Object.entries(LEVELS).map(([value, l]) => (
                <option key={value} value={value}>
                  {l.label}
                </option>
              ))}
            </Select>
          </div>
          <p className="text-sm text-muted sm:pb-2.5">{LEVELS[level].text}</p>
        </div>
        {level === 'enterprise' && (
          <div
            role="note"
            className="mt-4 flex gap-3 rounded-xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-200"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>Enterprise protection is set up with our team: contact sales to enable the activity monitor and custom rules for your account.</p>
          </div>
        )}

        <Tabs defaultValue="content" className="mt-8">
          <TabsList>
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((t) => (
            <TabsContent key={t.value} value={t.value}>
              <ul className="list-disc space-y-2 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
                {t.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </TabsContent>
          ))}
        </Tabs>

        <div className="mt-10">
          <ActivityLog />
        </div>
      </ProtectedArea>
    </PublicPage>
  );
}
