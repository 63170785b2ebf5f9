// The page behind every issue's "Manage preferences" link: no sign-in, the signed token in the address
// is the authority. Opening it changes nothing; every change is an explicit button press.
import { useState, type FormEvent, type ReactNode } from 'react';
import { CheckCircle2, SlidersHorizontal } from 'lucide-react';
import { ReaderLayout, ReaderNoticeIcon } from '../../components/reader-layout';
import { ErrorLine } from '../../components/error-line';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { trpc, type RouterOutputs } from '../../trpc';
import { READERS_MSG, type ReaderFormat, type ReaderFrequency } from '../../../shared/schemas/readers';

type View = RouterOutputs['preferences']['get'];

const untilDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function Choice({
  name,
  value,
  checked,
  onChange,
  title,
  hint,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: string;
  hint: string;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 p-3 has-[:checked]:border-(--ra) has-[:checked]:bg-[color-mix(in_srgb,var(--ra)_8%,transparent)] dark:border-zinc-800">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className="mt-1 size-4 shrink-0 accent-(--ra)" />
      <span>
        <span className="block font-medium text-zinc-900 dark:text-zinc-100">{title}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-zinc-200 pt-6 dark:border-zinc-800">
      <legend className="float-left mb-3 w-full text-base font-semibold text-zinc-900 dark:text-zinc-100">{title}</legend>
      <div className="clear-both space-y-2">{children}</div>
    </fieldset>
  );
}

const FREQUENCIES: { value: ReaderFrequency; title: string; hint: string }[] = [
  { value: 'every', title: 'Every issue', hint: 'Each issue as soon as it is sent.' },
  { value: 'weekly', title: 'Weekly roll-up', hint: "One mail a week with the week's issues, on Monday." },
];

const FORMATS: { value: ReaderFormat; title: string; hint: string }[] = [
  { value: 'html', title: 'HTML', hint: 'The designed issue, with images and colours.' },
  { value: 'text', title: 'Plain text', hint: 'Text only: light, and easy on any mail app.' },
];

/** One choice of a few, each with its hint. */
function Choices<T extends string>({
  title,
  name,
  options,
  value,
  onChange,
}: {
  title: string;
  name: string;
  options: { value: T; title: string; hint: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <Section title={title}>
      {options.map((o) => (
        <Choice key={o.value} name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} title={o.title} hint={o.hint} />
      ))}
    </Section>
  );
}

function Topics({ topics, chosen, onChange }: { topics: View['topics']; chosen: Set<string>; onChange: (next: Set<string>) => void }) {
  return (
    <Section title="Topics">
      <p className="text-sm text-muted">Pick what you are interested in.</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {topics.map((t) => (
          <label key={t.name} className="flex cursor-pointer items-center gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
            <input
              type="checkbox"
              checked={chosen.has(t.name)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(t.name);
                else next.delete(t.name);
                onChange(next);
              }}
              className="size-4 shrink-0 accent-(--ra)"
            />
            <span className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">{t.name}</span>
          </label>
        ))}
      </div>
    </Section>
  );
}

/** A line that says what a button does, and the button (or buttons) beside it. */
function Action({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{text}</p>
      {children}
    </div>
  );
}

/** The reader's choices as they stand on the page; any change hides the last "saved" note. */
function useChoices(token: string, data: View) {
  const utils = trpc.useUtils();
  const [saved, setSaved] = useState<string | null>(null);
  const [topics, setTopics] = useState(() => new Set(data.topics.filter((t) => t.chosen).map((t) => t.name)));
  const [frequency, setFrequency] = useState<ReaderFrequency>(data.frequency);
  const [format, setFormat] = useState<ReaderFormat>(data.format);
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => (setSaved(null), set(v));
  const save = trpc.preferences.save.useMutation();
  const onSaved = (next: View, message: string) => {
    utils.preferences.get.setData({ token }, next);
    setSaved(message);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { token, topics: data.topics.length ? [...topics] : undefined, frequency, format },
      { onSuccess: (next) => onSaved(next, READERS_MSG.preferencesSaved) },
    );
  };
  const pause = (p: 'month' | 'resume') =>
    save.mutate(
      { token, pause: p },
      { onSuccess: (next) => onSaved(next, p === 'month' ? 'Issues are paused for a month.' : 'Issues are back on from the next one.') },
    );
  return {
    saved,
    topics,
    frequency,
    format,
    setTopics: changed(setTopics),
    setFrequency: changed(setFrequency),
    setFormat: changed(setFormat),
    save,
    submit,
    pause,
  };
}

function Pause({ pausedUntil, choices: { save, pause } }: { pausedUntil: string | null; choices: ReturnType<typeof useChoices> }) {
  return (
    <Section title="Take a break">
      {pausedUntil ? (
        <Action text={`Paused until ${untilDate(pausedUntil)}.`}>
          <Button variant="outline" onClick={() => pause('resume')} loading={save.isPending && save.variables?.pause === 'resume'}>
            Resume now
          </Button>
        </Action>
      ) : (
        <Action text="No issues for 30 days, then they start again by themselves.">
          <Button variant="outline" onClick={() => pause('month')} loading={save.isPending && save.variables?.pause === 'month'}>
            Pause for a month
          </Button>
        </Action>
      )}
    </Section>
  );
}

function Leave({ token, publicationName }: { token: string; publicationName: string }) {
  const utils = trpc.useUtils();
  const [confirmLeave, setConfirmLeave] = useState(false);
  const leave = trpc.preferences.unsubscribe.useMutation({ onSuccess: (next) => utils.preferences.get.setData({ token }, next) });
  return (
    <Section title="Unsubscribe">
      <Action text={`Stop all mail from ${publicationName}.`}>
        {confirmLeave ? (
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => setConfirmLeave(false)}>
              Keep me
            </Button>
            <Button variant="destructive" onClick={() => leave.mutate({ token })} loading={leave.isPending}>
              Yes, unsubscribe
            </Button>
          </div>
        ) : (
          <Button variant="outline" onClick={() => setConfirmLeave(true)}>
            Unsubscribe
          </Button>
        )}
      </Action>
      <ErrorLine error={leave.error} className="text-sm text-red-600 dark:text-red-400" />
    </Section>
  );
}

function Form({ token, data }: { token: string; data: View }) {
  const c = useChoices(token, data);
  return (
    <div className="space-y-6">
      <form onSubmit={c.submit} className="space-y-6">
        {data.topics.length > 0 && <Topics topics={data.topics} chosen={c.topics} onChange={c.setTopics} />}
        <Choices title="How often" name="frequency" options={FREQUENCIES} value={c.frequency} onChange={c.setFrequency} />
        <Choices title="Format" name="format" options={FORMATS} value={c.format} onChange={c.setFormat} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="reader" loading={c.save.isPending && !c.save.variables?.pause}>
            Save preferences
          </Button>
          {c.saved && (
            <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
              <CheckCircle2 className="size-4" aria-hidden /> {c.saved}
            </p>
          )}
          <ErrorLine error={c.save.error} className="text-sm text-red-600 dark:text-red-400" />
        </div>
      </form>
      <Pause pausedUntil={data.pausedUntil} choices={c} />
      <Leave token={token} publicationName={data.publicationName} />
    </div>
  );
}

export function PreferencesPage({ token }: { token: string }) {
  const info = trpc.preferences.get.useQuery({ token }, { retry: false });
  useTitle('Preferences', { bare: true });
  const data = info.data;
  return (
    <ReaderLayout brand={data?.brand ?? (info.isError ? null : undefined)}>
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
        {info.isError ? (
          <div className="flex flex-col items-center text-center">
            <ReaderNoticeIcon>
              <SlidersHorizontal className="size-7" aria-hidden />
            </ReaderNoticeIcon>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">Preferences</h1>
            <p role="alert" className="mt-3 text-lg text-muted">
              {errorMessage(info.error)}
            </p>
          </div>
        ) : !data ? (
          <div className="flex justify-center py-16">
            <Spinner />
          </div>
        ) : (
          <>
            <h1 className="text-3xl font-semibold tracking-tight break-words">Your preferences for {data.publicationName}</h1>
            <p className="mt-2 text-muted">For {data.email}. Changes count from the next issue.</p>
            <div className="mt-8">
              {data.status === 'active' ? (
                <Form token={token} data={data} />
              ) : (
                <p role="status" className="rounded-lg border border-zinc-200 p-4 text-zinc-700 dark:border-zinc-800 dark:text-zinc-300">
                  {data.status === 'unsubscribed'
                    ? `You are unsubscribed: ${data.email} will get no more issues of ${data.publicationName}.`
                    : 'This address is not receiving issues right now, so there is nothing to change.'}
                </p>
              )}
            </div>
          </>
        )}
      </div>
    </ReaderLayout>
  );
}
