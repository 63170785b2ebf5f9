// Tagging the readers selected on the Subscribers page.
import { useState } from 'react';
import { Tag } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { tagName } from '../../../shared/schemas/readers';

/** Adds a tag to, or takes it off, the selected readers (the server checks the tag and the per-reader cap). */
export function TagSelection({ publicationId, ids, onDone }: { publicationId: string; ids: string[]; onDone: () => void }) {
  const [tag, setTag] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = (verb: string) => (r: { changed: number }) => {
    toast({ title: `“${tag.trim()}” ${verb} ${r.changed.toLocaleString()} ${r.changed === 1 ? 'reader' : 'readers'}` });
    setTag('');
    onDone();
  };
  const onError = (err: unknown) => setProblem(errorMessage(err));
  const add = trpc.segments.addTags.useMutation({ onSuccess: done('added to'), onError });
  const remove = trpc.segments.removeTags.useMutation({ onSuccess: done('taken off'), onError });
  const run = (which: 'add' | 'remove') => {
    const parsed = tagName.safeParse(tag);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Not a valid tag.');
    setProblem(null);
    (which === 'add' ? add : remove).mutate({ publicationId, ids, tags: [parsed.data] });
  };
  return (
    <form
      className="grid gap-2 rounded-xl border border-indigo-200 bg-indigo-50/60 p-3 text-sm dark:border-indigo-900 dark:bg-indigo-950/40"
      aria-label="Tag the selected subscribers"
      onSubmit={(e) => {
        e.preventDefault();
        run('add');
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{ids.length.toLocaleString()} selected</span>
        <Input
          aria-label="Tag"
          placeholder="A tag, e.g. Rust"
          list="subscriber-tags"
          value={tag}
          maxLength={60}
          onChange={(e) => setTag(e.target.value)}
          className="min-w-40 flex-1 sm:w-44 sm:flex-none"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'tag-selection-problem' : undefined}
        />
        <Button type="submit" size="sm" loading={add.isPending} disabled={!tag.trim()}>
          <Tag aria-hidden /> Add tag
        </Button>
        <Button type="button" size="sm" variant="outline" loading={remove.isPending} disabled={!tag.trim()} onClick={() => run('remove')}>
          Remove tag
        </Button>
      </div>
      {problem && (
        <p id="tag-selection-problem" role="alert" className="text-red-600 dark:text-red-400">
          {problem}
        </p>
      )}
    </form>
  );
}
