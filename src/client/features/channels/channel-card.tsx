// One found channel: name, source, description, quality and update frequency, and its select button.
// At the plan's limit the button reads 'Upgrade to select more' and looks disabled, yet stays
// focusable so pressing it explains the limit (toast + upgrade dialog) instead of doing nothing.
import { Check, Plus, Rss } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { MSG } from '../../../shared/messages';
import type { Channel } from '../../../shared/schemas/content';

const QUALITY_TONE = { high: 'success', medium: 'brand', low: 'warning' } as const;

export function QualityBadge({ channel }: { channel: Channel }) {
  if (channel.measured === false) return <Badge tone="neutral">Quality not yet measured</Badge>;
  return <Badge tone={QUALITY_TONE[channel.quality]}>{channel.quality[0].toUpperCase() + channel.quality.slice(1)} quality</Badge>;
}

export function ChannelCard({ channel, selected, locked, onToggle }: { channel: Channel; selected: boolean; locked: boolean; onToggle: () => void }) {
  const headingId = `channel-${channel.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col rounded-lg border p-4 transition-colors',
        selected ? 'border-indigo-400 bg-indigo-50/60 dark:border-indigo-500/60 dark:bg-indigo-500/10' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-orange-50 text-orange-600 dark:bg-orange-500/10 dark:text-orange-400">
          <Rss className="size-4" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h4 id={headingId} className="truncate font-medium text-zinc-900 dark:text-zinc-100" title={channel.name}>
            {channel.name}
          </h4>
          <p className="truncate text-xs text-muted">{channel.source || channel.url}</p>
        </div>
      </div>
      <p className="mt-2 line-clamp-2 min-h-10 text-sm text-muted">{channel.description}</p>
      <div className="mt-3 flex flex-wrap items-center gap-1.5">
        <QualityBadge channel={channel} />
        <Badge tone="neutral">Updates: {channel.frequency}</Badge>
        {channel.isSample && <Badge tone="warning">Sample channel</Badge>}
      </div>
      <div className="mt-4 flex-1" />
      {locked && !selected ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onToggle}
          className="cursor-not-allowed opacity-60"
          aria-label={`${MSG.upgradeToSelectMore} (${channel.name})`}
        >
          {MSG.upgradeToSelectMore}
        </Button>
      ) : (
        <Button
          variant={selected ? 'secondary' : 'outline'}
          size="sm"
          aria-pressed={selected}
          onClick={onToggle}
          aria-label={`${selected ? 'Selected' : 'Select'} ${channel.name}`}
        >
          {selected ? <Check aria-hidden /> : <Plus aria-hidden />}
          {selected ? 'Selected' : 'Select'}
        </Button>
      )}
    </li>
  );
}
