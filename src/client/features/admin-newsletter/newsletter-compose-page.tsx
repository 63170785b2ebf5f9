// /admin/newsletters/new (staff): write a product newsletter to the users who opted in to product news.
// Every staff role writes, previews (the server's real e-mail in a sandboxed frame), saves drafts and
// sends a test to themselves; only admins send (the server decides). Earlier newsletters are listed below.
import { useMemo, useState } from 'react';
import { Mail, Save, Send, Users } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { EmailPreview } from '../admin-onboarding';
import { useDebounced } from '../../lib/use-debounced';
import { LOADED } from '../../lib/page-data';
import { EarlierNewsletters } from './earlier-newsletters';

const users = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'user' : 'users'}`;

const failed = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err), variant: 'destructive' });

/** The newsletter being written, its audience, and Save draft / Send test / Send. */
function useCompose() {
  const utils = trpc.useUtils();
  const list = trpc.productNews.list.useQuery(undefined, LOADED);
  const audience = trpc.productNews.audience.useQuery(undefined, { ...LOADED, refetchInterval: 30_000 });
  const [draftId, setDraftId] = useState<string | undefined>();
  const [subject, setSubject] = useState('');
  const [markdown, setMarkdown] = useState('');
  const [confirm, setConfirm] = useState(false);
  const refresh = () => {
    void utils.productNews.list.invalidate();
    void utils.productNews.audience.invalidate();
  };
  const open = (id: string | undefined, s: string, m: string) => {
    setDraftId(id);
    setSubject(s);
    setMarkdown(m);
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
      open(undefined, '', '');
      toast({ title: 'Newsletter is sending', description: `To ${users(d.recipients)}.`, variant: 'success' });
      refresh();
    },
    onError: (err) => {
      setConfirm(false);
      failed('Newsletter not sent')(err);
    },
  });
  const n = audience.data?.count ?? 0;
  const valid = subject.trim().length > 0 && markdown.trim().length > 0;
  const input = { id: draftId, subject, markdown };
  return {
    list,
    audience,
    n,
    draftId,
    setDraftId,
    subject,
    setSubject,
    markdown,
    setMarkdown,
    open,
    confirm,
    setConfirm,
    save,
    test,
    send,
    valid,
    input,
    refresh,
  };
}

type Compose = ReturnType<typeof useCompose>;

function ComposeForm({ c, canSend }: { c: Compose; canSend: boolean }) {
  const { n, valid } = c;
  return (
    <Card className="h-fit p-5">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) c.save.mutate(c.input);
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-zinc-900 dark:text-white">{c.draftId ? 'Editing draft' : 'New product newsletter'}</h2>
          <p className="flex items-center gap-1.5 text-sm text-muted" aria-live="polite">
            <Users className="size-4" aria-hidden />
            {c.audience.isLoading ? 'Counting…' : `${users(n)} opted in`}
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="news-subject">Subject</Label>
          <Input id="news-subject" value={c.subject} maxLength={200} onChange={(e) => c.setSubject(e.target.value.replace(/[\r\n]+/g, ' '))} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="news-body">Body (Markdown)</Label>
          <Textarea id="news-body" rows={14} className="font-mono text-sm" value={c.markdown} onChange={(e) => c.setMarkdown(e.target.value)} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" disabled={!valid} loading={c.save.isPending}>
            <Save aria-hidden /> Save draft
          </Button>
          <Button variant="outline" disabled={!valid} loading={c.test.isPending} onClick={() => c.test.mutate({ subject: c.subject, markdown: c.markdown })}>
            <Mail aria-hidden /> Send test to me
          </Button>
          {canSend && (
            <Button disabled={!valid || n === 0} onClick={() => c.setConfirm(true)}>
              <Send aria-hidden /> Send to {users(n)}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function SendDialog({ c }: { c: Compose }) {
  return (
    <ConfirmDialog
      open={c.confirm}
      onOpenChange={c.setConfirm}
      title={`Send to ${users(c.n)}?`}
      description={`“${c.subject}” goes to every user who opted in to product news (${users(c.n)}). It cannot be stopped once sent.`}
      confirmLabel={`Send to ${users(c.n)}`}
      confirmVariant="primary"
      pending={c.send.isPending}
      onConfirm={() => c.send.mutate(c.input)}
    />
  );
}

export function NewsletterComposePage() {
  const c = useCompose();
  // One object per change of the e-mail (not per render), so the debounce waits for typing to stop.
  const email = useMemo(() => ({ subject: c.subject.slice(0, 200), markdown: c.markdown }), [c.subject, c.markdown]);
  const debounced = useDebounced(email);
  const preview = trpc.productNews.preview.useQuery(debounced, { placeholderData: (prev) => prev, retry: false });
  const canSend = c.list.data?.canSend ?? false;
  return (
    <div>
      <PageHeader
        title="New Newsletter"
        description="Write to the users who turned on product news in their settings. Each gets it once, with a link to unsubscribe."
      />
      {c.list.data && !canSend && (
        <p
          role="note"
          className="mb-4 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
        >
          Only admins send product newsletters. You can write, preview, save drafts and send a test to yourself.
        </p>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <ComposeForm c={c} canSend={canSend} />
        <EmailPreview preview={preview.data} loading={preview.isFetching} error={preview.isError ? errorMessage(preview.error) : null} />
      </div>
      <EarlierNewsletters
        onEdit={(nl) => c.open(nl.id, nl.subject, nl.markdown)}
        onDeleted={(id) => id === c.draftId && c.setDraftId(undefined)}
        refresh={c.refresh}
      />
      <SendDialog c={c} />
    </div>
  );
}
