// Saving a generation (with the creator's edits): as a newsletter draft (newsletters only, it then
// opens in /newsletters) or as a content draft listed under "Your drafts". Not while it is being written.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Save } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import type { AiKind } from '../../../shared/schemas/ai';
import { defaultTitle } from './text';

export function SavePanel({ jobId, kind, topic, text, running }: { jobId: string; kind: AiKind; topic: string; text: string; running: boolean }) {
  const utils = trpc.useUtils();
  const [title, setTitle] = useState<string | null>(null);
  const [savedNewsletter, setSavedNewsletter] = useState(false);
  const value = title ?? defaultTitle(text, topic, kind);
  const save = trpc.ai.save.useMutation({
    onSuccess: (saved) => {
      if (saved.as === 'newsletter') {
        setSavedNewsletter(true);
        toast({ title: 'Saved to your newsletters', description: 'Open Newsletters to preview, export or send it.' });
        void utils.drafts.list.invalidate();
      } else {
        toast({ title: 'Draft saved' });
        void utils.ai.drafts.invalidate();
      }
    },
    onError: (err) => toast({ title: 'Could not save', description: errorMessage(err), variant: 'destructive' }),
  });
  const disabled = running || !text.trim() || !value.trim();
  const run = (as: 'newsletter' | 'draft') => save.mutate({ jobId, as, title: value.trim(), body: text });
  return (
    <section aria-labelledby="save-heading" className="grid gap-3 border-t border-zinc-100 pt-4 dark:border-zinc-800">
      <h3 id="save-heading" className="sr-only">
        Save
      </h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Label htmlFor="ai-save-title">Title</Label>
          <Input id="ai-save-title" value={value} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          {kind === 'newsletter' && (
            <Button onClick={() => run('newsletter')} disabled={disabled} loading={save.isPending && save.variables?.as === 'newsletter'}>
              <Save aria-hidden />
              Save as newsletter draft
            </Button>
          )}
          <Button
            variant={kind === 'newsletter' ? 'outline' : 'primary'}
            onClick={() => run('draft')}
            disabled={disabled}
            loading={save.isPending && save.variables?.as === 'draft'}
          >
            {kind !== 'newsletter' && <Save aria-hidden />}
            {kind === 'blog' ? 'Save as blog draft' : 'Save as draft'}
          </Button>
        </div>
      </div>
      {running && <p className="text-xs text-muted">You can save once the text is written.</p>}
      {savedNewsletter && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
          Saved to your newsletters.{' '}
          <Link to="/newsletters" className="font-medium underline underline-offset-2">
            Open Newsletters
          </Link>
        </p>
      )}
    </section>
  );
}
