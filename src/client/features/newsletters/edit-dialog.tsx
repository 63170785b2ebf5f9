// Editing a saved newsletter's body (story order, titles and blurbs, text blocks, preheader, sign-off)
// with step 5's editor; saving rebuilds its stored email and plain text on the server (drafts.edit).
import { useState } from 'react';
import { NO_EDITS, type IssueEdits } from '../../../shared/schemas/issue-edits';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { IssueEditor, type EditableStory } from '../workflow';

export function EditDialog({ id, onOpenChange }: { id: string | null; onOpenChange: (open: boolean) => void }) {
  const draft = trpc.drafts.get.useQuery({ id: id ?? '' }, { enabled: id !== null });
  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100dvh-2rem)] flex-col overflow-y-auto p-4 sm:max-w-3xl sm:p-6">
        <DialogHeader>
          <DialogTitle>{draft.data ? `Edit ${draft.data.title}` : 'Edit newsletter'}</DialogTitle>
          <DialogDescription>Saving rebuilds this newsletter's email, plain text and exports.</DialogDescription>
        </DialogHeader>
        {draft.isPending ? (
          <div className="flex justify-center py-10 text-indigo-600">
            <Spinner size="lg" label="Loading newsletter" />
          </div>
        ) : draft.isError ? (
          <p role="alert" className="py-6 text-center text-sm text-red-600">
            {errorMessage(draft.error)}
          </p>
        ) : (
          <EditForm
            key={draft.data.id}
            id={draft.data.id}
            stories={storiesOf(draft.data.contentSources.articles)}
            saved={draft.data.contentSources.edits ?? NO_EDITS}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function storiesOf(articles: readonly { id?: string; title?: string; summary?: string }[]): EditableStory[] {
  return articles
    .filter((a): a is { id: string; title?: string; summary?: string } => !!a.id)
    .map((a) => ({ id: a.id, title: a.title ?? '', summary: a.summary ?? '' }));
}

function EditForm({ id, stories, saved, onDone }: { id: string; stories: EditableStory[]; saved: IssueEdits; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [edits, setEdits] = useState<IssueEdits>(saved);
  const save = trpc.drafts.edit.useMutation({
    onSuccess: () => {
      toast({ title: 'Newsletter updated' });
      void utils.drafts.get.invalidate({ id });
      void utils.drafts.list.invalidate();
      onDone();
    },
    onError: (e) => toast({ title: 'Could not save the changes', description: errorMessage(e), variant: 'destructive' }),
  });
  if (stories.length === 0) return <p className="py-6 text-center text-sm text-muted">This newsletter has no stories to edit.</p>;
  return (
    <div className="grid gap-4">
      <IssueEditor stories={stories} edits={edits} onChange={setEdits} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => save.mutate({ id, edits })} loading={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </div>
  );
}
