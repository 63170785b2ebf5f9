// Campaigns published to other platforms, with the figures each platform reports (labelled by source,
// never mixed with the figures of issues the product sent).
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { formatCount } from './format';
import type { Overview } from './types';

export function Platforms({ platforms }: { platforms: Overview['platforms'] }) {
  if (!platforms.length) return null;
  const keys = [
    ['recipients', 'Recipients'],
    ['delivered', 'Delivered'],
    ['uniqueOpens', 'Unique opens'],
    ['opens', 'Opens'],
    ['uniqueClicks', 'Unique clicks'],
    ['clicks', 'Clicks'],
    ['unsubscribes', 'Unsubscribes'],
    ['bounces', 'Bounces'],
    ['complaints', 'Complaints'],
  ] as const;
  return (
    <section className="mt-8" aria-labelledby="platforms-title">
      <h2 id="platforms-title" className="text-base font-semibold text-zinc-900 dark:text-white">
        Campaigns on other platforms
      </h2>
      <p className="mt-1 text-sm text-muted">Figures as each platform reports them; they are not mixed with the issues above.</p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {platforms.map((p) => (
          <Card key={p.id} className="p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 truncate font-medium text-zinc-900 dark:text-zinc-100" title={p.title}>
                {p.title}
              </p>
              <Badge tone="brand">{p.source}</Badge>
            </div>
            <p className="mt-1 text-xs text-muted">
              {p.listName ? `${p.listName} · ` : ''}
              {p.fetchedAt ? `Fetched ${formatDateTime(p.fetchedAt)}` : 'Not fetched yet'}
            </p>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              {keys
                .filter(([k]) => p.stats[k] !== undefined)
                .map(([k, label]) => (
                  <div key={k}>
                    <dt className="text-xs text-muted">{label}</dt>
                    <dd className="font-semibold tabular-nums text-zinc-900 dark:text-zinc-100">{formatCount(p.stats[k]!)}</dd>
                  </div>
                ))}
            </dl>
          </Card>
        ))}
      </div>
    </section>
  );
}
