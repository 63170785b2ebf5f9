// The publication's "Track opens" / "Track clicks" switches, shown where the creator sends an issue.
// Each send freezes the switches as they are when it is created; plans without analytics track nothing.
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';

export function TrackingSwitches({ publicationId }: { publicationId: string }) {
  const utils = trpc.useUtils();
  const id = useId();
  const q = trpc.analytics.tracking.useQuery({ publicationId });
  const set = trpc.analytics.setTracking.useMutation({
    onSuccess: (next) => utils.analytics.tracking.setData({ publicationId }, next),
    onError: (e) => toast({ title: 'Could not change tracking', description: errorMessage(e), variant: 'destructive' }),
  });
  if (!q.data) return null;
  const { trackOpens, trackClicks, available } = q.data;
  const rows = [
    { key: 'trackOpens' as const, label: 'Track opens', on: trackOpens, hint: 'A 1×1 image at the end of the issue.' },
    {
      key: 'trackClicks' as const,
      label: 'Track clicks',
      on: trackClicks,
      hint: 'Links go through a short redirect; the plain-text part keeps the real addresses.',
    },
  ];
  return (
    <fieldset className="grid gap-2 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800" data-testid="tracking-switches">
      <legend className="px-1 text-xs font-medium text-muted">Tracking for this publication</legend>
      {rows.map((r) => (
        <div key={r.key} className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <label htmlFor={`${id}-${r.key}`} className="font-medium text-zinc-900 dark:text-zinc-100">
              {r.label}
            </label>
            <p className="text-xs text-muted">{r.hint}</p>
          </div>
          {/* Not disabled while saving: that would drop the keyboard's focus; a toggle while one saves is ignored. */}
          <Switch
            id={`${id}-${r.key}`}
            checked={r.on}
            aria-busy={set.isPending || undefined}
            onCheckedChange={(v) => !set.isPending && set.mutate({ publicationId, [r.key]: v })}
          />
        </div>
      ))}
      {!available && (
        <p className="text-xs text-muted">
          Your plan does not include analytics, so issues go out without tracking.{' '}
          <Link to="/upgrade" className="text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300">
            Upgrade your plan
          </Link>
        </p>
      )}
    </fieldset>
  );
}
