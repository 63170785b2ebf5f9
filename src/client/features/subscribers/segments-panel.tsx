// The Subscribers page's "Segments" section: saved groups of readers by rules (a tag they have or lack,
// status, how they joined, opened or clicked in the last N issues, or received them and did neither),
// all or any of the rules. The builder shows the server's live count while the rules change; a saved
// segment is an audience of the send dialog and of the recurring issue.
import { useState } from 'react';
import { Pencil, Plus, SlidersHorizontal, Trash2, X } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { LOADED } from '../../lib/page-data';
import { useDebounced } from '../../lib/use-debounced';
import { trpc, type RouterOutputs } from '../../trpc';
import { MAX_SEGMENT_CONDITIONS, SUBSCRIBER_SOURCES, segmentRules, type SegmentCondition, type SegmentRules } from '../../../shared/schemas/readers';
import { Panel } from '../../components/panel';

type Segment = RouterOutputs['segments']['list'][number];

const STATUSES = ['active', 'pending', 'unsubscribed', 'bounced', 'complained'] as const;

/** The builder's kinds of rule; tag rules split by their operator so each reads as one phrase. */
const KINDS = [
  { kind: 'tagHas', label: 'Has the tag' },
  { kind: 'tagHasNot', label: 'Does not have the tag' },
  { kind: 'status', label: 'Status is' },
  { kind: 'source', label: 'Joined through' },
  { kind: 'engaged', label: 'Opened or clicked one of the last' },
  { kind: 'notEngaged', label: 'Got but ignored the last' },
] as const;
type Kind = (typeof KINDS)[number]['kind'];

const kindOf = (c: SegmentCondition): Kind => (c.field === 'tag' ? (c.op === 'has' ? 'tagHas' : 'tagHasNot') : c.field);

function blank(kind: Kind, tags: string[]): SegmentCondition {
  switch (kind) {
    case 'tagHas':
    case 'tagHasNot':
      return { field: 'tag', op: kind === 'tagHas' ? 'has' : 'hasNot', value: tags[0] ?? '' };
    case 'status':
      return { field: 'status', value: 'active' };
    case 'source':
      return { field: 'source', value: 'form' };
    case 'engaged':
    case 'notEngaged':
      return { field: kind, lastIssues: 3 };
  }
}

const SOURCE_LABEL: Record<(typeof SUBSCRIBER_SOURCES)[number], string> = {
  manual: 'added by hand',
  import: 'a CSV import',
  signup: 'the signup page',
  form: 'a signup form',
  api: 'the API',
};

const issues = (n: number) => `${n} ${n === 1 ? 'issue' : 'issues'}`;

/** A rule in words, for the list of saved segments. */
export function describeCondition(c: SegmentCondition): string {
  switch (c.field) {
    case 'tag':
      return `${c.op === 'has' ? 'tagged' : 'not tagged'} “${c.value}”`;
    case 'status':
      return `status ${c.value}`;
    case 'source':
      return `joined through ${SOURCE_LABEL[c.value]}`;
    case 'engaged':
      return `opened or clicked one of the last ${issues(c.lastIssues)}`;
    case 'notEngaged':
      return `got but ignored the last ${issues(c.lastIssues)}`;
  }
}

const describeRules = (r: SegmentRules) => r.conditions.map(describeCondition).join(r.match === 'all' ? ' and ' : ' or ');

function ConditionRow({
  index,
  value,
  tags,
  onChange,
  onRemove,
}: {
  index: number;
  value: SegmentCondition;
  tags: string[];
  onChange: (c: SegmentCondition) => void;
  onRemove?: () => void;
}) {
  const kind = kindOf(value);
  return (
    <li className="flex flex-wrap items-center gap-2" data-testid="segment-rule">
      <Select
        aria-label={`Rule ${index + 1}`}
        value={kind}
        onChange={(e) => onChange(blank(e.target.value as Kind, tags))}
        className="w-auto max-w-full min-w-0 flex-1 sm:flex-none"
      >
        {KINDS.map((k) => (
          <option key={k.kind} value={k.kind}>
            {k.label}
          </option>
        ))}
      </Select>
      {value.field === 'tag' && (
        <Input
          aria-label={`Rule ${index + 1}: tag`}
          list="segment-tags"
          value={value.value}
          maxLength={50}
          placeholder="A tag"
          onChange={(e) => onChange({ ...value, value: e.target.value })}
          className="w-40 min-w-0 flex-1"
        />
      )}
      {value.field === 'status' && (
        <Select
          aria-label={`Rule ${index + 1}: status`}
          value={value.value}
          onChange={(e) => onChange({ ...value, value: e.target.value as typeof value.value })}
          className="w-40"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      )}
      {value.field === 'source' && (
        <Select
          aria-label={`Rule ${index + 1}: how they joined`}
          value={value.value}
          onChange={(e) => onChange({ ...value, value: e.target.value as typeof value.value })}
          className="w-44"
        >
          {SUBSCRIBER_SOURCES.map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABEL[s]}
            </option>
          ))}
        </Select>
      )}
      {(value.field === 'engaged' || value.field === 'notEngaged') && (
        <span className="flex items-center gap-2">
          <Input
            aria-label={`Rule ${index + 1}: number of issues`}
            type="number"
            min={1}
            max={100}
            value={value.lastIssues}
            onChange={(e) => onChange({ ...value, lastIssues: Math.max(1, Math.min(100, Math.round(Number(e.target.value)) || 1)) })}
            className="w-20"
          />
          issues
        </span>
      )}
      {onRemove && (
        <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove rule ${index + 1}`}>
          <X aria-hidden />
        </Button>
      )}
    </li>
  );
}

function LiveCount({ publicationId, rules }: { publicationId: string; rules: SegmentRules }) {
  const debounced = useDebounced(rules, 300);
  const valid = segmentRules.safeParse(debounced);
  const count = trpc.segments.count.useQuery({ publicationId, rules: debounced }, { enabled: valid.success, placeholderData: (p) => p, retry: false });
  let text: string;
  if (!valid.success) text = valid.error.issues[0]?.message ?? 'Finish the rules to see the count.';
  else if (count.isError) text = errorMessage(count.error);
  else if (!count.data) text = 'Counting readers…';
  else
    text = `${count.data.matching.toLocaleString()} ${count.data.matching === 1 ? 'reader matches' : 'readers match'}; ${count.data.recipients.toLocaleString()} would get an issue sent now.`;
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300" aria-live="polite" data-testid="segment-count">
      {text}
    </p>
  );
}

function SegmentEditor({ publicationId, segment, tags, onDone }: { publicationId: string; segment?: Segment; tags: string[]; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [name, setName] = useState(segment?.name ?? '');
  const [rules, setRules] = useState<SegmentRules>(segment?.rules ?? { match: 'all', conditions: [blank('tagHas', tags)] });
  const finished = (verb: string) => () => {
    toast({ title: `Segment ${verb}` });
    void utils.segments.invalidate();
    onDone();
  };
  const onError = (err: unknown) => toast({ title: 'Could not save the segment', description: errorMessage(err), variant: 'destructive' });
  const create = trpc.segments.create.useMutation({ onSuccess: finished('saved'), onError });
  const update = trpc.segments.update.useMutation({ onSuccess: finished('updated'), onError });
  const setCondition = (i: number, c: SegmentCondition) => setRules({ ...rules, conditions: rules.conditions.map((x, j) => (j === i ? c : x)) });
  return (
    <form
      className="grid gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
      aria-label={segment ? `Edit the segment ${segment.name}` : 'New segment'}
      onSubmit={(e) => {
        e.preventDefault();
        if (segment) update.mutate({ id: segment.id, name, rules });
        else create.mutate({ publicationId, name, rules });
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor="segment-name">Name</Label>
        <Input id="segment-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} placeholder="e.g. Rust readers" required />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>Readers who match</span>
        <Select
          aria-label="Match"
          value={rules.match}
          onChange={(e) => setRules({ ...rules, match: e.target.value as SegmentRules['match'] })}
          className="w-auto"
        >
          <option value="all">all of these rules</option>
          <option value="any">any of these rules</option>
        </Select>
      </div>
      <datalist id="segment-tags">
        {tags.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <ul className="grid gap-2">
        {rules.conditions.map((c, i) => (
          <ConditionRow
            key={i}
            index={i}
            value={c}
            tags={tags}
            onChange={(next) => setCondition(i, next)}
            onRemove={rules.conditions.length > 1 ? () => setRules({ ...rules, conditions: rules.conditions.filter((_, j) => j !== i) }) : undefined}
          />
        ))}
      </ul>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={rules.conditions.length >= MAX_SEGMENT_CONDITIONS}
          onClick={() => setRules({ ...rules, conditions: [...rules.conditions, blank('tagHas', tags)] })}
        >
          <Plus aria-hidden /> Add a rule
        </Button>
      </div>
      <LiveCount publicationId={publicationId} rules={rules} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={create.isPending || update.isPending}>
          {segment ? 'Save changes' : 'Save segment'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function SegmentsPanel({ publicationId }: { publicationId: string }) {
  const utils = trpc.useUtils();
  const list = trpc.segments.list.useQuery({ publicationId }, LOADED);
  const tags = trpc.segments.listTags.useQuery({ publicationId }, LOADED);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const remove = trpc.segments.delete.useMutation({
    onSuccess: () => {
      toast({ title: 'Segment deleted' });
      setDeleting(null);
      void utils.segments.invalidate();
    },
    onError: (err) => {
      setDeleting(null);
      toast({ title: 'Could not delete the segment', description: errorMessage(err), variant: 'destructive' });
    },
  });
  const tagNames = (tags.data ?? []).map((t) => t.tag);
  const segments = list.data ?? [];
  return (
    <Panel
      id="segments"
      headingId="segments-heading"
      className="scroll-mt-20 gap-3"
      title={
        <>
          <SlidersHorizontal className="size-4" aria-hidden /> Segments
        </>
      }
      action={
        editing === null && (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
            <Plus aria-hidden /> New segment
          </Button>
        )
      }
    >
      <p className="text-muted">Groups of readers by tag, status, how they joined or how they read. Send an issue or the recurring issue to one of them.</p>
      {editing === 'new' && <SegmentEditor publicationId={publicationId} tags={tagNames} onDone={() => setEditing(null)} />}
      {list.isError && <p className="text-red-600 dark:text-red-400">{errorMessage(list.error)}</p>}
      {list.isSuccess && segments.length === 0 && editing !== 'new' && <p className="text-muted">No segments yet.</p>}
      {segments.length > 0 && (
        <ul className="grid gap-2" aria-label="Saved segments">
          {segments.map((s) =>
            editing === s.id ? (
              <li key={s.id}>
                <SegmentEditor publicationId={publicationId} segment={s} tags={tagNames} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={s.id} className="flex min-w-0 flex-wrap items-start justify-between gap-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
                <div className="min-w-0">
                  <p className="font-medium break-words text-zinc-900 dark:text-zinc-100">{s.name}</p>
                  <p className="break-words text-muted">{describeRules(s.rules)}</p>
                </div>
                <div className="flex gap-1">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(s.id)} aria-label={`Edit ${s.name}`}>
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
                    <Trash2 aria-hidden /> Delete
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete the segment “${deleting?.name ?? ''}”?`}
        description="Its readers stay; only the saved rules go. A send or recurring issue still going to it keeps it until you choose another audience there."
        confirmLabel="Delete segment"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </Panel>
  );
}
