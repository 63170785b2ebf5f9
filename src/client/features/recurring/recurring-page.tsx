// A publication's recurring issue: the schedule form (when, channels, how many stories, the minimum of
// new ones, send or ask first), "Run now", the next run in the creator's zone, and the history of runs.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Play, Repeat } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Button, buttonClass } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Badge } from '../../components/ui/badge';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { RECURRING_MSG, WEEKDAY_NAMES } from '../../../shared/schemas/recurring';
import { AudienceField, useAudience } from '../subscribers';

type View = RouterOutputs['recurring']['get'];
type Run = View['runs'][number];

const STATUS_LABEL: Record<Run['status'], string> = {
  queued: 'Queued',
  running: 'Being prepared',
  skipped: 'Skipped',
  awaiting_approval: 'Awaiting approval',
  sent: 'Sent',
  failed: 'Failed',
  expired: 'Expired',
};

function inZone(iso: string, zone: string) {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(iso));
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows, the browser's own and the saved one first. */
function zoneChoices(saved: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([saved, browserZone(), 'UTC', ...all])];
}

/**
 * The zone typed into the searchable picker: its id in any case, with spaces for underscores, or a city
 * alone when only one zone has it ("berlin" is Europe/Berlin). Null until it names one.
 */
function zoneOf(typed: string, zones: readonly string[]): string | null {
  const t = typed.trim().toLowerCase().replace(/\s+/g, '_');
  if (!t) return null;
  const exact = zones.find((z) => z.toLowerCase() === t);
  if (exact) return exact;
  const byCity = zones.filter((z) => z.toLowerCase().split('/').pop() === t);
  return byCity.length === 1 ? byCity[0]! : null;
}

export function RecurringPage({ publicationId }: { publicationId: string }) {
  if (!publicationId)
    return (
      <>
        <PageHeader title="Recurring issue" />
        <EmptyState icon={Repeat} title="Choose a publication" body="A recurring issue belongs to a publication. Open one from your publications.">
          <Link to="/publications" className={buttonClass('primary')}>
            Go to publications
          </Link>
        </EmptyState>
      </>
    );
  return <PublicationRecurring publicationId={publicationId} />;
}

function PublicationRecurring({ publicationId }: { publicationId: string }) {
  const view = trpc.recurring.get.useQuery(
    { publicationId },
    { ...LOADED, refetchInterval: (q) => (q.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ? 1500 : false) },
  );
  if (view.isPending) return <ListSkeleton />;
  if (view.isError) return <ListError message={errorMessage(view.error)} onRetry={() => void view.refetch()} />;
  const data = view.data;
  return (
    <>
      <PageHeader
        title="Recurring issue"
        description="Issues that build themselves: new stories from your channels, picked by the AI ranking, never repeating an earlier issue."
      />
      {!data.allowed && (
        <div
          role="note"
          className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {RECURRING_MSG.needsPlan}{' '}
          <Link to="/upgrade" className="font-medium underline">
            Upgrade your plan
          </Link>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <ScheduleForm publicationId={publicationId} data={data} />
        <History publicationId={publicationId} data={data} />
      </div>
    </>
  );
}

function ScheduleForm({ publicationId, data }: { publicationId: string; data: View }) {
  const utils = trpc.useUtils();
  const s = data.schedule;
  const [frequency, setFrequency] = useState(s?.frequency ?? 'weekdays');
  const [weekdays, setWeekdays] = useState<number[]>(s?.weekdays ?? [1]);
  const [dayOfMonth, setDayOfMonth] = useState(s?.dayOfMonth ?? 1);
  const [time, setTime] = useState(s?.time ?? '08:00');
  const [zoneText, setZoneText] = useState(s?.timeZone ?? browserZone());
  const [channels, setChannels] = useState<string[]>(s?.channels.map((c) => c.url) ?? data.channelChoices.map((c) => c.url));
  const [storyCount, setStoryCount] = useState(s?.storyCount ?? 5);
  const [minNewStories, setMin] = useState(s?.minNewStories ?? 3);
  const [mode, setMode] = useState(s?.mode ?? 'approve');
  const [autoSend, setAutoSend] = useState<string>(s?.autoSendAfterHours ? String(s.autoSendAfterHours) : '');
  const [enabled, setEnabled] = useState(s?.enabled ?? true);
  const [model, setModel] = useState<string>(s?.model ?? 'builtin');
  const [segmentId, setSegmentId] = useState<string | null>(s?.segmentId ?? null);
  const audience = useAudience(publicationId, segmentId);
  const ai = trpc.ai.status.useQuery(undefined, LOADED);
  const models = ai.data?.enabled ? ai.data.models.filter((m) => m.included) : [];
  const zones = zoneChoices(s?.timeZone ?? browserZone());
  const timeZone = zoneOf(zoneText, zones);
  const save = trpc.recurring.save.useMutation({
    onSuccess: () => {
      toast({ title: 'Schedule saved' });
      void utils.recurring.get.invalidate({ publicationId });
    },
    onError: (e) => toast({ title: 'Could not save the schedule', description: errorMessage(e), variant: 'destructive' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!timeZone) {
      document.getElementById('rec-zone')?.focus();
      return;
    }
    const all = [...data.channelChoices, ...(s?.channels ?? [])];
    save.mutate({
      publicationId,
      enabled,
      frequency,
      weekdays,
      dayOfMonth,
      time,
      timeZone,
      channels: channels.map((url) => all.find((c) => c.url === url)!).filter(Boolean),
      storyCount,
      minNewStories,
      mode,
      autoSendAfterHours: mode === 'approve' && autoSend ? Number(autoSend) : null,
      model: model === 'builtin' ? null : model,
      segmentId,
    });
  };
  const choices = [...new Map([...data.channelChoices, ...(s?.channels ?? [])].map((c) => [c.url, c])).values()];
  // A saved channel the creator has since removed: the server refuses it, so it says why beside it.
  const gone = new Set(choices.filter((c) => !data.channelChoices.some((k) => k.url === c.url)).map((c) => c.url));
  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900"
      aria-label="Schedule"
    >
      <h2 className="font-medium text-zinc-900 dark:text-zinc-100">Schedule</h2>
      {s?.nextRunAt && (
        <p data-testid="next-run">
          Next issue: <strong>{inZone(s.nextRunAt, s.timeZone)}</strong> ({s.timeZone})
        </p>
      )}
      <div className="grid gap-1">
        <Label htmlFor="rec-frequency">How often</Label>
        <Select id="rec-frequency" value={frequency} onChange={(e) => setFrequency(e.target.value as typeof frequency)}>
          <option value="daily">Every day</option>
          <option value="weekdays">On chosen weekdays</option>
          <option value="monthly">Once a month</option>
        </Select>
      </div>
      {frequency === 'weekdays' && (
        <fieldset className="flex flex-wrap gap-3">
          <legend className="mb-1 font-medium">Weekdays</legend>
          {WEEKDAY_NAMES.map((name, i) => (
            <label key={name} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={weekdays.includes(i)}
                onChange={(e) => setWeekdays(e.target.checked ? [...weekdays, i] : weekdays.filter((d) => d !== i))}
              />
              {name}
            </label>
          ))}
        </fieldset>
      )}
      {frequency === 'monthly' && (
        <div className="grid gap-1">
          <Label htmlFor="rec-day">Day of the month (1–28)</Label>
          <Input id="rec-day" type="number" min={1} max={28} value={dayOfMonth} onChange={(e) => setDayOfMonth(Number(e.target.value))} />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="rec-time">Time</Label>
          <Input id="rec-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="rec-zone">Time zone</Label>
          {/* Searchable: some 400 zones are too many to scroll; the browser filters the list as the creator types. */}
          <Input
            id="rec-zone"
            list="rec-zone-list"
            value={zoneText}
            onChange={(e) => setZoneText(e.target.value)}
            onBlur={() => timeZone && setZoneText(timeZone)}
            autoComplete="off"
            spellCheck={false}
            required
            aria-invalid={!timeZone}
            aria-describedby="rec-zone-hint"
          />
          <datalist id="rec-zone-list">
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </datalist>
          <p id="rec-zone-hint" aria-live="polite" className={`text-xs ${timeZone ? 'text-zinc-600 dark:text-zinc-400' : 'text-red-700 dark:text-red-400'}`}>
            {timeZone ? 'Type a city or region to search, e.g. Berlin.' : RECURRING_MSG.badZone}
          </p>
        </div>
      </div>
      <fieldset className="grid gap-1">
        <legend className="mb-1 font-medium">Channels</legend>
        {choices.length === 0 && <p className="text-muted">Choose channels in the workflow first.</p>}
        {choices.map((c) => (
          <label key={c.url} className="flex min-w-0 items-center gap-2">
            <input
              type="checkbox"
              checked={channels.includes(c.url)}
              onChange={(e) => setChannels(e.target.checked ? [...channels, c.url] : channels.filter((u) => u !== c.url))}
            />
            <span className="truncate">{c.name}</span>
            {gone.has(c.url) && <span className="shrink-0 text-xs text-red-700 dark:text-red-400">no longer among your channels</span>}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor="rec-count">Stories per issue</Label>
          <Input id="rec-count" type="number" min={1} max={30} value={storyCount} onChange={(e) => setStoryCount(Number(e.target.value))} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="rec-min">Skip when fewer new stories than</Label>
          <Input id="rec-min" type="number" min={0} max={30} value={minNewStories} onChange={(e) => setMin(Number(e.target.value))} />
        </div>
      </div>
      {models.length > 0 && (
        <div className="grid gap-1">
          <Label htmlFor="rec-model">Intro and subject written by</Label>
          <Select id="rec-model" value={model} onChange={(e) => setModel(e.target.value)}>
            <option value="builtin">Built-in engine (quotes your stories; not counted)</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} (one generation per issue)
              </option>
            ))}
          </Select>
        </div>
      )}
      <AudienceField id="rec-audience" publicationId={publicationId} audience={audience} value={segmentId} onChange={setSegmentId} />
      <div className="grid gap-1">
        <Label htmlFor="rec-mode">When an issue is ready</Label>
        <Select id="rec-mode" value={mode} onChange={(e) => setMode(e.target.value as typeof mode)}>
          <option value="approve">Prepare it and ask me</option>
          <option value="auto">Send automatically</option>
        </Select>
      </div>
      {mode === 'approve' && (
        <div className="grid gap-1">
          <Label htmlFor="rec-auto">Send anyway if I do not answer within (hours, optional)</Label>
          <Input id="rec-auto" type="number" min={1} max={168} value={autoSend} onChange={(e) => setAutoSend(e.target.value)} />
        </div>
      )}
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Schedule on
      </label>
      <div>
        <Button type="submit" loading={save.isPending} disabled={!data.allowed || !timeZone}>
          Save schedule
        </Button>
      </div>
    </form>
  );
}

function History({ publicationId, data }: { publicationId: string; data: View }) {
  const utils = trpc.useUtils();
  const run = trpc.recurring.runNow.useMutation({
    onSuccess: () => void utils.recurring.get.invalidate({ publicationId }),
    onError: (e) => toast({ title: 'Could not start a run', description: errorMessage(e), variant: 'destructive' }),
  });
  return (
    <section
      aria-labelledby="history-heading"
      className="grid content-start gap-3 rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="history-heading" className="font-medium text-zinc-900 dark:text-zinc-100">
          History
        </h2>
        <Button size="sm" onClick={() => run.mutate({ publicationId })} loading={run.isPending} disabled={!data.allowed || !data.schedule}>
          <Play aria-hidden /> Run now
        </Button>
      </div>
      {data.runs.length === 0 ? (
        <p className="text-muted">No runs yet.</p>
      ) : (
        // A list, not a table: at any width each run's issue has the whole panel, nothing cut off or scrolled.
        <ol className="grid divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Runs">
          {data.runs.map((r) => (
            <li key={r.id} className="grid min-w-0 gap-1 py-2.5 first:pt-0" data-testid="recurring-run">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="text-zinc-700 dark:text-zinc-300">{inZone(r.manual ? r.createdAt : r.period, data.schedule?.timeZone ?? 'UTC')}</span>
                <Badge>{STATUS_LABEL[r.status]}</Badge>
              </div>
              {r.subject && <div className="font-medium [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-100">{r.subject}</div>}
              {r.reason && <div className="[overflow-wrap:anywhere] text-muted">{r.reason}</div>}
              {r.stories > 0 && (
                <div className="text-muted">
                  {r.stories} stories{r.engine ? ` · ${r.engine}` : ''}
                </div>
              )}
              {r.findings !== null && (
                <div className="text-muted" data-testid="recurring-run-check">
                  Checked before sending: {r.findings === 0 ? 'nothing to fix' : `${r.findings} ${r.findings === 1 ? 'finding' : 'findings'}`}
                </div>
              )}
              <div className="flex flex-wrap gap-3">
                {r.newsletterId && (
                  <Link to="/newsletters" search={{ edit: r.newsletterId }} className="text-indigo-700 hover:underline dark:text-indigo-300">
                    Edit the issue
                  </Link>
                )}
                {r.sendId && (
                  <Link to="/subscribers" search={{ publicationId }} className="text-indigo-700 hover:underline dark:text-indigo-300">
                    Its send
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
