// Substack has no public API: copy a saved newsletter as clean HTML or Markdown and paste it there.
import { useState } from 'react';
import { Copy } from 'lucide-react';
import { trpc } from '../../trpc';
import { Badge, Button, Label, SectionCard, Textarea, toast } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { NewsletterSelect, useSavedNewsletters } from './saved-newsletters';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copied` });
  } catch {
    toast({ title: 'Could not copy', description: 'Your browser did not allow it. Select the text and copy it by hand.', variant: 'destructive' });
  }
}

/** One read-only version of the newsletter with its copy button. */
function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between">
        <Label htmlFor={id} className="mb-0">
          {label}
        </Label>
        <Button size="sm" variant="ghost" onClick={() => void copy(value, label)}>
          <Copy aria-hidden /> Copy {label}
        </Button>
      </div>
      <Textarea id={id} readOnly rows={10} value={value} className="font-mono text-xs" />
    </div>
  );
}

export function SubstackCard() {
  const newsletters = useSavedNewsletters();
  const [chosen, setChosen] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const id = chosen || newsletters.data?.[0]?.id || '';
  const result = trpc.integrations.substack.useQuery({ newsletterId: shown ?? '' }, { enabled: !!shown, retry: false });
  return (
    <SectionCard
      title="Substack"
      titleId="platform-substack"
      description="Copy a saved newsletter as clean HTML or Markdown to paste into Substack’s post editor."
      action={<Badge tone="neutral">Copy and paste</Badge>}
      className="md:col-span-2"
      contentClassName="space-y-4"
    >
      {newsletters.data?.length === 0 ? (
        <p className="text-sm text-muted">Save a newsletter first; it can then be copied for Substack.</p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <NewsletterSelect id="substack-newsletter" value={id} onChange={setChosen} newsletters={newsletters.data} />
          </div>
          <Button variant="outline" disabled={!id} loading={result.isFetching} onClick={() => setShown(id)}>
            Copy for Substack
          </Button>
        </div>
      )}
      {result.isError && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(result.error)}
        </p>
      )}
      {result.data && (
        <div className="space-y-4">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{result.data.note}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            <CopyField id="substack-html" label="HTML" value={result.data.html} />
            <CopyField id="substack-md" label="Markdown" value={result.data.markdown} />
          </div>
        </div>
      )}
    </SectionCard>
  );
}
