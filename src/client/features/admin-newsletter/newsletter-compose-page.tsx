// /admin/newsletters/new (staff): write a product newsletter to the users who opted in to product news.
// Every staff role writes, previews (the server's real e-mail in a sandboxed frame), saves drafts and
// sends a test to themselves; only admins send (the server decides). Earlier newsletters are listed below.
import { useMemo, useState } from 'react';
import { Mail, Save, Send, Trash2, Users } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import { EmailPreview } from '../admin-onboarding';
import { useDebounced } from '../../lib/use-debounced';
import { LOADED } from '../../lib/page-data';

const users = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'user' : 'users'}`;
const STATUS_TONE = { draft: 'neutral', sending: 'brand', sent: 'success', failed: 'danger' } as const;

export function NewsletterComposePage() {
  const utils = trpc.useUtils();
  const list = trpc.productNews.list.useQuery(undefined, LOADED);
  const audience = trpc.productNews.audience.useQuery(undefined, { ...LOADED, refetchInterval: 30_000 });
  const [draftId, setDraftId] = useState<string | undefined>();
  const [subject, setSubject] = useState('');
  const [markdown, setMarkdown] = useState('');
  const [confirm, setConfirm] = useState(false);
  // One object per change of the e-mail (not per render), so the debounce waits for typing to stop.
  const email = useMemo(() => ({ subject: subject.slice(0, 200), markdown }), [subject, markdown]);
  const debounced = useDebounced(email);
  const preview = trpc.productNews.preview.useQuery(debounced, { placeholderData: (prev) => prev, retry: false });
  const canSend = list.data?.canSend ?? false;
  const n = audience.data?.count ?? 0;
  const valid = subject.trim().length > 0 && markdown.trim().length > 0;
  const input = { id: draftId, subject, markdown };

  const failed = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err), variant: 'destructive' });
  const refresh = () => {
    void utils.productNews.list.invalidate();
    void utils.productNews.audience.invalidate();
  };
  const save = trpc.productNews.saveDraft.useMutation({
    onSuccess: (d) => {
      setDraftId(d.id);
      toast({ title: 'Draft saved', variant: 'success' });
      refresh();
    },
    onError: failed('Draft not saved'),
  });
  const test = trpc.productNews.sendTest.useMutation({
    onSuccess: (r) => toast({ title: 'Test e-mail sent', description: `Sent to ${r.to}.`, variant: 'success' }),
    onError: failed('Test e-mail not sent'),
  });
  const send = trpc.productNews.send.useMutation({
    onSuccess: (d) => {
      setConfirm(false);
      setDraftId(undefined);
      setSubject('');
      setMarkdown('');
      toast({ title: 'Newsletter is sending', description: `To ${users(d.recipients)}.`, variant: 'success' });
      refresh();
    },
    onError: (err) => {
      setConfirm(false);
      failed('Newsletter not sent')(err);
    },
  });
  const remove = trpc.productNews.deleteDraft.useMutation({
    onSuccess: (_r, v) => {
      if (v.id === draftId) setDraftId(undefined);
      toast({ title: 'Draft deleted', variant: 'success' });
      refresh();
    },
    onError: failed('Draft not deleted'),
  });

  return (
    <div>
      <PageHeader
        title="New Newsletter"
        description="Write to the users who turned on product news in their settings. Each gets it once, with a link to unsubscribe."
      />
      {list.data && !canSend && (
        <p
          role="note"
          className="mb-4 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
        >
          Only admins send product newsletters. You can write, preview, save drafts and send a test to yourself.
        </p>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <Card className="h-fit p-5">
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (valid) save.mutate(input);
            }}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-base font-semibold text-zinc-900 dark:text-white">{draftId ? 'Editing draft' : 'New product newsletter'}</h2>
              <p className="flex items-center gap-1.5 text-sm text-muted" aria-live="polite">
                <Users className="size-4" aria-hidden />
                {audience.isLoading ? 'Counting…' : `${users(n)} opted in`}
              </p>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="news-subject">Subject</Label>
              <Input id="news-subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value.replace(/[\r\n]+/g, ' '))} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="news-body">Body (Markdown)</Label>
              <Textarea id="news-body" rows={14} className="font-mono text-sm" value={markdown} onChange={(e) => setMarkdown(e.target.value)} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="outline" disabled={!valid} loading={save.isPending}>
                <Save aria-hidden /> Save draft
              </Button>
              <Button variant="outline" disabled={!valid} loading={test.isPending} onClick={() => test.mutate({ subject, markdown })}>
                <Mail aria-hidden /> Send test to me
              </Button>
              {canSend && (
                <Button disabled={!valid || n === 0} onClick={() => setConfirm(true)}>
                  <Send aria-hidden /> Send to {users(n)}
                </Button>
              )}
            </div>
          </form>
        </Card>
        <EmailPreview preview={preview.data} loading={preview.isFetching} error={preview.isError ? errorMessage(preview.error) : null} />
      </div>

      <Card className="mt-6 overflow-hidden">
        <h2 className="border-b border-zinc-100 px-5 py-3 text-sm font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white">Earlier newsletters</h2>
        {list.isLoading ? (
          <ListSkeleton rows={2} />
        ) : list.isError ? (
          <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : !list.data?.newsletters.length ? (
          <EmptyState icon={Mail} title="No product newsletters yet" body="Drafts and sent newsletters show here, with how many were delivered." />
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {list.data.newsletters.map((nl) => (
              <li key={nl.id} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
                    <span className="truncate">{nl.subject}</span>
                    <Badge tone={STATUS_TONE[nl.status]}>{nl.status[0]!.toUpperCase() + nl.status.slice(1)}</Badge>
                  </p>
                  <p className="mt-0.5 text-xs text-muted">
                    {nl.status === 'draft'
                      ? `Saved ${formatDateTime(nl.updatedAt)}`
                      : `${formatDateTime(nl.sentAt ?? nl.updatedAt)} · ${nl.sentCount} of ${nl.recipients} sent${nl.failedCount ? ` · ${nl.failedCount} failed` : ''}`}
                  </p>
                </div>
                {nl.status === 'draft' && (
                  <div className="flex shrink-0 gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        setDraftId(nl.id);
                        setSubject(nl.subject);
                        setMarkdown(nl.markdown);
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete draft ${nl.subject}`}
                      loading={remove.isPending && remove.variables?.id === nl.id}
                      onClick={() => remove.mutate({ id: nl.id })}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Dialog open={confirm} onOpenChange={setConfirm}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Send to {users(n)}?</DialogTitle>
            <DialogDescription>
              “{subject}” goes to every user who opted in to product news ({users(n)}). It cannot be stopped once sent.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button loading={send.isPending} onClick={() => send.mutate(input)}>
              Send to {users(n)}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
