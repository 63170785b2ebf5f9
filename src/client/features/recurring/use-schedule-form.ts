// The recurring schedule form's state: the schedule as stored (or the defaults), the creator's changes
// to it, the zone typed so far and what it names, and the save.
import { useState, type FormEvent } from 'react';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { LOADED } from '../../lib/page-data';
import { trpc, type RouterOutputs } from '../../trpc';
import type { RecurringScheduleDto } from '../../../shared/schemas/recurring';
import { browserZone, zoneChoices, zoneOf } from './zones';

export type View = RouterOutputs['recurring']['get'];

export interface ScheduleDraft {
  enabled: boolean;
  frequency: RecurringScheduleDto['frequency'];
  weekdays: number[];
  dayOfMonth: number;
  time: string;
  /** The zone as typed; `timeZone` is what it names. */
  zoneText: string;
  /** The chosen channels' addresses. */
  channels: string[];
  storyCount: number;
  minNewStories: number;
  mode: RecurringScheduleDto['mode'];
  /** Hours before an unanswered issue is sent anyway, as typed ('' for never). */
  autoSend: string;
  /** An AI model's id, or 'builtin'. */
  model: string;
  segmentId: string | null;
}

function initialDraft(data: View): ScheduleDraft {
  const s = data.schedule;
  return {
    enabled: s?.enabled ?? true,
    frequency: s?.frequency ?? 'weekdays',
    weekdays: s?.weekdays ?? [1],
    dayOfMonth: s?.dayOfMonth ?? 1,
    time: s?.time ?? '08:00',
    zoneText: s?.timeZone ?? browserZone(),
    channels: s?.channels.map((c) => c.url) ?? data.channelChoices.map((c) => c.url),
    storyCount: s?.storyCount ?? 5,
    minNewStories: s?.minNewStories ?? 3,
    mode: s?.mode ?? 'approve',
    autoSend: s?.autoSendAfterHours ? String(s.autoSendAfterHours) : '',
    model: s?.model ?? 'builtin',
    segmentId: s?.segmentId ?? null,
  };
}

export function useScheduleForm(publicationId: string, data: View) {
  const utils = trpc.useUtils();
  const s = data.schedule;
  const [draft, setDraft] = useState(() => initialDraft(data));
  const set = (patch: Partial<ScheduleDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const ai = trpc.ai.status.useQuery(undefined, LOADED);
  const models = ai.data?.enabled ? ai.data.models.filter((m) => m.included) : [];
  const zones = zoneChoices(s?.timeZone ?? browserZone());
  const timeZone = zoneOf(draft.zoneText, zones);
  const save = trpc.recurring.save.useMutation({
    onSuccess: () => {
      toast({ title: 'Schedule saved' });
      void utils.recurring.get.invalidate({ publicationId });
    },
    onError: (e) => toast({ title: 'Could not save the schedule', description: errorMessage(e), variant: 'destructive' }),
  });
  const choices = [...new Map([...data.channelChoices, ...(s?.channels ?? [])].map((c) => [c.url, c])).values()];
  // A saved channel the creator has since removed: the server refuses it, so it says why beside it.
  const gone = new Set(choices.filter((c) => !data.channelChoices.some((k) => k.url === c.url)).map((c) => c.url));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!timeZone) {
      document.getElementById('rec-zone')?.focus();
      return;
    }
    const all = [...data.channelChoices, ...(s?.channels ?? [])];
    const { zoneText: _typed, autoSend, model, channels, ...rest } = draft;
    save.mutate({
      publicationId,
      ...rest,
      timeZone,
      channels: channels.map((url) => all.find((c) => c.url === url)!).filter(Boolean),
      autoSendAfterHours: draft.mode === 'approve' && autoSend ? Number(autoSend) : null,
      model: model === 'builtin' ? null : model,
    });
  };
  return { draft, set, zones, timeZone, models, choices, gone, save, submit };
}

export type ScheduleForm = ReturnType<typeof useScheduleForm>;
