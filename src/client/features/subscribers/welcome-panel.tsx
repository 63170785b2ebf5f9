// The Subscribers page's "Welcome mail" section: the mail a reader gets once when they confirm, an
// optional sequence of later mails by day, and the server's own rendering of either in a sandboxed frame
// (no scripts, no same-origin), refreshed as the creator types.
import { useState } from 'react';
import { Mail, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Select, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { useDebounced } from '../../lib/use-debounced';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { MAX_SEQUENCE_STEPS, type WelcomeStep } from '../../../shared/schemas/readers';
import { WELCOME_MSG, welcomeSaveInput } from '../../../shared/schemas/welcome';

interface Draft {
  enabled: boolean;
  subject: string;
  markdown: string;
  sequence: WelcomeStep[];
}

const EMPTY: Draft = { enabled: false, subject: '', markdown: '', sequence: [] };

const STARTER = 'Thanks for confirming your subscription.\n\nHere is what to expect: one issue a week, with the stories worth your time.';

/** The welcome mail as stored, the creator's unsaved edits over it, the mail the preview shows, and the save. */
function useWelcomeDraft(publicationId: string) {
  const utils = trpc.useUtils();
  const stored = trpc.welcome.get.useQuery({ publicationId }, LOADED);
  const [draft, setDraft] = useState<Draft | null>(null);
  // Which mail the preview shows: 0 the welcome mail, n the sequence's n-th.
  const [shown, setShown] = useState(0);
  // Unsaved edits are local; until the first one the editor shows what is stored.
  const d: Draft =
    draft ??
    (stored.data ? { enabled: stored.data.enabled, subject: stored.data.subject, markdown: stored.data.markdown, sequence: stored.data.sequence } : EMPTY);
  const save = trpc.welcome.save.useMutation({
    onSuccess: (saved) => {
      utils.welcome.get.setData({ publicationId }, saved);
      setDraft({ enabled: saved.enabled, subject: saved.subject, markdown: saved.markdown, sequence: saved.sequence });
      setShown(0);
      toast({ title: WELCOME_MSG.saved });
    },
    onError: (err) => toast({ title: 'Could not save the welcome mail', description: errorMessage(err), variant: 'destructive' }),
  });
  // The same rules the server applies, so the first problem is named before anything is sent.
  const parsed = welcomeSaveInput.safeParse({ publicationId, ...d });
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);

  const change = (patch: Partial<Draft>) => setDraft({ ...d, ...patch });
  const changeStep = (i: number, patch: Partial<WelcomeStep>) => change({ sequence: d.sequence.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const addStep = () => {
    const last = d.sequence.reduce((m, s) => Math.max(m, s.dayOffset), 0);
    change({ sequence: [...d.sequence, { dayOffset: Math.min(365, last + (last ? 3 : 2)), subject: '', markdown: '' }] });
    setShown(d.sequence.length + 1);
  };
  const removeStep = (i: number) => {
    change({ sequence: d.sequence.filter((_, j) => j !== i) });
    setShown(0);
  };
  return { stored, d, shown, setShown, save, problem, change, changeStep, addStep, removeStep };
}

type Welcome = ReturnType<typeof useWelcomeDraft>;

/** The later mails, each with its day, subject and message; adding one shows it in the preview. */
function LaterMails({ w: { d, setShown, changeStep, addStep, removeStep } }: { w: Welcome }) {
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Later mails{' '}
          <span className="font-normal text-muted">
            ({d.sequence.length} of {MAX_SEQUENCE_STEPS})
          </span>
        </h3>
        <Button variant="outline" size="sm" onClick={addStep} disabled={d.sequence.length >= MAX_SEQUENCE_STEPS}>
          <Plus aria-hidden /> Add a later mail
        </Button>
      </div>
      {d.sequence.length === 0 && <p className="text-sm text-muted">None: readers get the welcome mail only.</p>}
      <ol className="grid gap-3">
        {d.sequence.map((s, i) => (
          <li key={i} className="grid gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" onFocus={() => setShown(i + 1)}>
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`step-day-${i}`}>Days after confirming</Label>
                <Input
                  id={`step-day-${i}`}
                  type="number"
                  min={1}
                  max={365}
                  value={s.dayOffset}
                  onChange={(e) => changeStep(i, { dayOffset: Math.trunc(Number(e.target.value)) || 0 })}
                  className="w-28"
                />
              </div>
              <Button variant="ghost" size="sm" className="ml-auto" onClick={() => removeStep(i)} aria-label={`Remove the mail of day ${s.dayOffset}`}>
                <Trash2 aria-hidden /> Remove
              </Button>
            </div>
            <Label htmlFor={`step-subject-${i}`} className="sr-only">
              Subject of the mail of day {s.dayOffset}
            </Label>
            <Input
              id={`step-subject-${i}`}
              value={s.subject}
              maxLength={200}
              placeholder="Subject"
              onChange={(e) => changeStep(i, { subject: e.target.value })}
            />
            <Label htmlFor={`step-markdown-${i}`} className="sr-only">
              Message of the mail of day {s.dayOffset} (Markdown)
            </Label>
            <Textarea
              id={`step-markdown-${i}`}
              rows={4}
              value={s.markdown}
              placeholder="Message (Markdown)"
              onChange={(e) => changeStep(i, { markdown: e.target.value })}
              className="font-mono text-sm"
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The server's rendering of the mail chosen, refreshed as the creator types. */
function WelcomePreview({ publicationId, w: { stored, d, shown, setShown } }: { publicationId: string; w: Welcome }) {
  const current = shown === 0 ? { subject: d.subject, markdown: d.markdown } : (d.sequence[shown - 1] ?? { subject: d.subject, markdown: d.markdown });
  // Strings, so a re-render with the same text does not restart the wait.
  const subject = useDebounced(current.subject.replace(/[\r\n]+/g, ' ').slice(0, 200), 400);
  const markdown = useDebounced(current.markdown.slice(0, 20_000), 400);
  const preview = trpc.welcome.preview.useQuery(
    { publicationId, subject, markdown },
    { placeholderData: (p) => p, retry: false, enabled: stored.data !== undefined },
  );
  return (
    <div className="grid min-w-0 content-start gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Preview</h3>
        <Select aria-label="Mail to preview" value={String(shown)} onChange={(e) => setShown(Number(e.target.value))} className="w-auto max-w-full">
          <option value="0">Welcome mail</option>
          {d.sequence.map((s, i) => (
            <option key={i} value={String(i + 1)}>
              Day {s.dayOffset}: {s.subject || '(no subject)'}
            </option>
          ))}
        </Select>
      </div>
      <p className="truncate text-sm text-muted">
        Subject: <span className="font-medium text-zinc-900 dark:text-zinc-100">{current.subject || '(no subject)'}</span>
      </p>
      <div className="overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-950">
        {preview.isError ? (
          <p className="p-4 text-sm text-red-700 dark:text-red-400">{errorMessage(preview.error)}</p>
        ) : (
          <iframe
            title="Welcome mail preview"
            sandbox=""
            srcDoc={preview.data?.html ?? ''}
            referrerPolicy="no-referrer"
            className="block h-[480px] w-full bg-white"
          />
        )}
      </div>
    </div>
  );
}

export function WelcomePanel({ publicationId }: { publicationId: string }) {
  const w = useWelcomeDraft(publicationId);
  const { stored, d, setShown, save, problem, change } = w;
  if (stored.isError) return null;
  return (
    <section
      aria-labelledby="welcome-heading"
      className="mt-8 grid gap-4 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="welcome-heading" className="flex items-center gap-2 text-lg font-semibold text-zinc-900 dark:text-zinc-100">
            <Mail aria-hidden className="size-5" /> Welcome mail
          </h2>
          <p className="mt-1 text-sm text-muted">
            Sent once to each reader who confirms their subscription on your signup page, then the later mails on their days. Readers you add by hand, import or
            add through the API are not welcomed; the sequence stops when a reader unsubscribes.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Switch id="welcome-enabled" checked={d.enabled} onCheckedChange={(v) => change({ enabled: v, markdown: v && !d.markdown ? STARTER : d.markdown })} />
          <Label htmlFor="welcome-enabled">{d.enabled ? 'On' : 'Off'}</Label>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-4">
          <div className="grid gap-2">
            <Label htmlFor="welcome-subject">Subject</Label>
            <Input
              id="welcome-subject"
              value={d.subject}
              maxLength={200}
              placeholder="Welcome to the newsletter"
              onChange={(e) => change({ subject: e.target.value })}
              onFocus={() => setShown(0)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="welcome-markdown">Message (Markdown)</Label>
            <Textarea
              id="welcome-markdown"
              rows={8}
              value={d.markdown}
              placeholder={STARTER}
              onChange={(e) => change({ markdown: e.target.value })}
              onFocus={() => setShown(0)}
              className="font-mono text-sm"
            />
            <p className="text-xs text-muted">**bold**, *italic*, [links](https://example.com), lists and headings. Scripts and styles are removed.</p>
          </div>
          <LaterMails w={w} />
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => save.mutate({ publicationId, ...d })} loading={save.isPending} disabled={!stored.data || problem !== null}>
              Save welcome mail
            </Button>
            {problem && (
              <p role="status" className="text-sm text-amber-700 dark:text-amber-400">
                {problem}
              </p>
            )}
          </div>
        </div>
        <WelcomePreview publicationId={publicationId} w={w} />
      </div>
    </section>
  );
}
