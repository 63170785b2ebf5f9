// The recurring issue's schedule: when (how often, the weekdays or the day of the month, the time in a
// searchable zone), the channels, how many stories and the minimum of new ones, who writes the intro,
// the audience, and whether a ready issue is sent or waits for approval.
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { RECURRING_MSG, WEEKDAY_NAMES } from '../../../shared/schemas/recurring';
import { AudienceField, useAudience } from '../subscribers';
import { useScheduleForm, type ScheduleForm as Form, type View } from './use-schedule-form';
import { inZone } from './zones';

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** Checkboxes that add their value to a list or take it out. */
function toggled<T>(list: T[], value: T, on: boolean) {
  return on ? [...list, value] : list.filter((v) => v !== value);
}

function ZoneField({ form: { draft, set, zones, timeZone } }: { form: Form }) {
  return (
    <Field id="rec-zone" label="Time zone">
      {/* Searchable: some 400 zones are too many to scroll; the browser filters the list as the creator types. */}
      <Input
        id="rec-zone"
        list="rec-zone-list"
        value={draft.zoneText}
        onChange={(e) => set({ zoneText: e.target.value })}
        onBlur={() => timeZone && set({ zoneText: timeZone })}
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
    </Field>
  );
}

function TimingFields({ form }: { form: Form }) {
  const { draft, set } = form;
  return (
    <>
      <Field id="rec-frequency" label="How often">
        <Select id="rec-frequency" value={draft.frequency} onChange={(e) => set({ frequency: e.target.value as typeof draft.frequency })}>
          <option value="daily">Every day</option>
          <option value="weekdays">On chosen weekdays</option>
          <option value="monthly">Once a month</option>
        </Select>
      </Field>
      {draft.frequency === 'weekdays' && (
        <fieldset className="flex flex-wrap gap-3">
          <legend className="mb-1 font-medium">Weekdays</legend>
          {WEEKDAY_NAMES.map((name, i) => (
            <label key={name} className="flex items-center gap-1">
              <input type="checkbox" checked={draft.weekdays.includes(i)} onChange={(e) => set({ weekdays: toggled(draft.weekdays, i, e.target.checked) })} />
              {name}
            </label>
          ))}
        </fieldset>
      )}
      {draft.frequency === 'monthly' && (
        <Field id="rec-day" label="Day of the month (1–28)">
          <Input id="rec-day" type="number" min={1} max={28} value={draft.dayOfMonth} onChange={(e) => set({ dayOfMonth: Number(e.target.value) })} />
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="rec-time" label="Time">
          <Input id="rec-time" type="time" value={draft.time} onChange={(e) => set({ time: e.target.value })} required />
        </Field>
        <ZoneField form={form} />
      </div>
    </>
  );
}

function ChannelFields({ form: { draft, set, choices, gone } }: { form: Form }) {
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 font-medium">Channels</legend>
      {choices.length === 0 && <p className="text-muted">Choose channels in the workflow first.</p>}
      {choices.map((c) => (
        <label key={c.url} className="flex min-w-0 items-center gap-2">
          <input
            type="checkbox"
            checked={draft.channels.includes(c.url)}
            onChange={(e) => set({ channels: toggled(draft.channels, c.url, e.target.checked) })}
          />
          <span className="truncate">{c.name}</span>
          {gone.has(c.url) && <span className="shrink-0 text-xs text-red-700 dark:text-red-400">no longer among your channels</span>}
        </label>
      ))}
    </fieldset>
  );
}

/** How many stories, the minimum of new ones, and who writes the intro and subject. */
function IssueFields({ form: { draft, set, models } }: { form: Form }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="rec-count" label="Stories per issue">
          <Input id="rec-count" type="number" min={1} max={30} value={draft.storyCount} onChange={(e) => set({ storyCount: Number(e.target.value) })} />
        </Field>
        <Field id="rec-min" label="Skip when fewer new stories than">
          <Input id="rec-min" type="number" min={0} max={30} value={draft.minNewStories} onChange={(e) => set({ minNewStories: Number(e.target.value) })} />
        </Field>
      </div>
      {models.length > 0 && (
        <Field id="rec-model" label="Intro and subject written by">
          <Select id="rec-model" value={draft.model} onChange={(e) => set({ model: e.target.value })}>
            <option value="builtin">Built-in engine (quotes your stories; not counted)</option>
            {models.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name} (one generation per issue)
              </option>
            ))}
          </Select>
        </Field>
      )}
    </>
  );
}

export function ScheduleForm({ publicationId, data }: { publicationId: string; data: View }) {
  const form = useScheduleForm(publicationId, data);
  const { draft, set, timeZone, save, submit } = form;
  const audience = useAudience(publicationId, draft.segmentId);
  const s = data.schedule;
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
      <TimingFields form={form} />
      <ChannelFields form={form} />
      <IssueFields form={form} />
      <AudienceField id="rec-audience" publicationId={publicationId} audience={audience} value={draft.segmentId} onChange={(segmentId) => set({ segmentId })} />
      <Field id="rec-mode" label="When an issue is ready">
        <Select id="rec-mode" value={draft.mode} onChange={(e) => set({ mode: e.target.value as typeof draft.mode })}>
          <option value="approve">Prepare it and ask me</option>
          <option value="auto">Send automatically</option>
        </Select>
      </Field>
      {draft.mode === 'approve' && (
        <Field id="rec-auto" label="Send anyway if I do not answer within (hours, optional)">
          <Input id="rec-auto" type="number" min={1} max={168} value={draft.autoSend} onChange={(e) => set({ autoSend: e.target.value })} />
        </Field>
      )}
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} /> Schedule on
      </label>
      <div>
        <Button type="submit" loading={save.isPending} disabled={!data.allowed || !timeZone}>
          Save schedule
        </Button>
      </div>
    </form>
  );
}
