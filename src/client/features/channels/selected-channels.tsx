// The channels picked so far, each with Remove, and the plan's allowance (spec §5).
import { X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { MSG } from '../../../shared/messages';
import type { Channel } from '../../../shared/schemas/content';
import { QualityBadge } from './channel-card';

export function SelectedChannels({
  channels,
  limit,
  showAllowance,
  onRemove,
}: {
  channels: Channel[];
  limit: number;
  showAllowance: boolean;
  onRemove: (c: Channel) => void;
}) {
  const finite = Number.isFinite(limit);
  return (
    <section aria-labelledby="selected-channels-title" className="rounded-lg border border-zinc-200 bg-zinc-50/60 p-4 dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="selected-channels-title" className="font-semibold text-zinc-900 dark:text-zinc-100">
          Selected channels
        </h3>
        <span className="text-sm tabular-nums text-muted" data-testid="channel-counter">
          {showAllowance && finite ? `${channels.length} of ${limit} selected` : `${channels.length} selected`}
        </span>
      </div>
      {showAllowance && finite && <p className="mt-1 text-sm text-muted">{MSG.channelAllowance(limit)}</p>}
      {channels.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No channels selected yet. Search by topic or add a site by its address.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-2" aria-label="Selected channels">
          {channels.map((c) => (
            <li key={c.url} className="flex items-center gap-3 rounded-md border border-zinc-200 bg-white px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{c.name}</p>
                <p className="truncate text-xs text-muted">{c.url}</p>
              </div>
              <span className="hidden sm:inline-flex">
                <QualityBadge channel={c} />
              </span>
              <Button variant="ghost" size="sm" onClick={() => onRemove(c)} aria-label={`Remove ${c.name}`}>
                <X aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
