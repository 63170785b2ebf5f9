// The creator's list of topics readers may choose in the preference centre (each becomes a tag on the
// readers who pick it). Saved as a whole; the server checks every name again.
import { useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { LOADED } from '../../lib/page-data';
import { trpc } from '../../trpc';
import { MAX_TOPICS, tagName } from '../../../shared/schemas/readers';
import { Panel } from '../../components/panel';

function TopicsEditor({ publicationId, saved }: { publicationId: string; saved: string[] }) {
  const utils = trpc.useUtils();
  const [topics, setTopics] = useState(saved);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = trpc.preferences.saveTopics.useMutation({
    onSuccess: (next) => {
      utils.preferences.topics.setData({ publicationId }, next);
      toast({ title: 'Topics saved', description: 'Readers see them on their preferences page.' });
    },
  });
  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = tagName.safeParse(draft);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Not a valid topic.');
    if (topics.length >= MAX_TOPICS) return setProblem(`A publication offers at most ${MAX_TOPICS} topics.`);
    setProblem(null);
    if (!topics.includes(parsed.data)) setTopics([...topics, parsed.data]);
    setDraft('');
  };
  const changed = topics.join('\n') !== saved.join('\n');
  return (
    <Panel headingId="topics-heading" title="Topics readers can choose">
      <p className="text-muted">
        Shown on each reader&apos;s preferences page (the link in every issue&apos;s footer); a topic a reader picks becomes their tag.
      </p>
      {topics.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Topics">
          {topics.map((t) => (
            <li
              key={t}
              className="flex max-w-full items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2.5 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200"
            >
              <span className="truncate">{t}</span>
              <button
                type="button"
                onClick={() => setTopics(topics.filter((x) => x !== t))}
                aria-label={`Remove ${t}`}
                className="rounded-full p-0.5 hover:bg-zinc-200 dark:hover:bg-zinc-700"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="flex items-end gap-2">
        <div className="grid min-w-0 flex-1 gap-1">
          <Label htmlFor="topic-new" className="sr-only">
            New topic
          </Label>
          <Input id="topic-new" placeholder="A topic, e.g. Rust" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={200} />
        </div>
        <Button type="submit" variant="outline">
          Add
        </Button>
      </form>
      {(problem || save.error) && (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {problem ?? errorMessage(save.error)}
        </p>
      )}
      <Button onClick={() => save.mutate({ publicationId, topics })} disabled={!changed} loading={save.isPending}>
        Save topics
      </Button>
    </Panel>
  );
}

export function TopicsPanel({ publicationId }: { publicationId: string }) {
  const topics = trpc.preferences.topics.useQuery({ publicationId }, LOADED);
  if (!topics.data) return null;
  return <TopicsEditor key={topics.data.join('\n')} publicationId={publicationId} saved={topics.data} />;
}
