// "Publish a newsletter": pick a saved newsletter, a connected platform and its list, see what the
// platform changes, then save it there as a draft campaign, send it now or schedule it.
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Send } from 'lucide-react';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth';
import { Button, buttonClass, Card, CardContent, CardDescription, CardHeader, CardTitle, FieldError, Input, Label, Select, toast } from '../../components/ui';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import type { PlatformCardData } from './platform-card';

type Mode = 'draft' | 'now' | 'schedule';

/** A datetime-local value one day ahead, at the full hour. */
function tomorrow(): string {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  d.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
}

export function PublishPanel({ platforms }: { platforms: PlatformCardData[] }) {
  const utils = trpc.useUtils();
  const connected = platforms.filter((p) => p.allowed && p.connection);
  const newsletters = trpc.drafts.list.useQuery({ limit: 100, offset: 0 });
  const me = useCurrentUser();
  const [pickedNewsletter, setNewsletterId] = useState('');
  const [platformId, setPlatformId] = useState('');
  const [pickedList, setListId] = useState('');
  const [subjectEdit, setSubjectEdit] = useState<{ for: string; value: string } | null>(null);
  const [fromNameEdit, setFromName] = useState<string | null>(null);
  const [fromEmailEdit, setFromEmail] = useState<string | null>(null);
  const [when, setWhen] = useState(tomorrow);
  const [error, setError] = useState<string | null>(null);
  const [confirmSend, setConfirmSend] = useState(false);

  // Choices default to the first option and the account's own name and address until changed.
  const newsletterId = pickedNewsletter || newsletters.data?.[0]?.id || '';
  const platform = connected.find((p) => p.id === platformId) ?? connected[0];
  const chosenPlatform = platform?.id;
  const lists = trpc.integrations.lists.useQuery({ platform: chosenPlatform! }, { enabled: !!chosenPlatform, retry: false });
  const preview = trpc.integrations.preview.useQuery(
    { platform: chosenPlatform!, newsletterId },
    { enabled: !!chosenPlatform && !!newsletterId, retry: false },
  );
  const chosenNewsletter = newsletters.data?.find((n) => n.id === newsletterId);
  const listId = lists.data?.lists.some((l) => l.id === pickedList) ? pickedList : (lists.data?.lists[0]?.id ?? '');
  const subject = subjectEdit?.for === newsletterId ? subjectEdit.value : chosenNewsletter ? chosenNewsletter.subject || chosenNewsletter.title : '';
  const setSubject = (value: string) => setSubjectEdit({ for: newsletterId, value });
  const fromName = fromNameEdit ?? me.name ?? '';
  const fromEmail = fromEmailEdit ?? me.email ?? '';

  const publish = trpc.integrations.publish.useMutation({
    onSuccess: async (p) => {
      setError(null);
      setConfirmSend(false);
      const done = { draft: 'Saved as a draft campaign', scheduled: 'Scheduled', sent: 'Sent', failed: 'Failed' }[p.status];
      toast({ title: `${done} on ${platform?.name ?? p.platform}`, description: p.title, variant: 'success' });
      await Promise.all([utils.integrations.overview.invalidate(), utils.integrations.status.invalidate()]);
    },
    onError: async (e) => {
      setConfirmSend(false);
      setError(errorMessage(e));
      await utils.integrations.overview.invalidate();
    },
  });

  const listName = useMemo(() => lists.data?.lists.find((l) => l.id === listId)?.name ?? '', [lists.data, listId]);

  if (!connected.length) {
    return (
      <Card role="region" aria-labelledby="publish-title">
        <CardHeader>
          <CardTitle id="publish-title">Publish a newsletter</CardTitle>
          <CardDescription>Connect a platform above to publish your saved newsletters to it.</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const run = (mode: Mode) => {
    if (!newsletterId) return setError('Choose a saved newsletter.');
    if (mode === 'schedule' && !when) return setError('Please choose when to send it');
    publish.mutate({
      newsletterId,
      platform: platform!.id,
      listId,
      subject,
      fromName,
      fromEmail,
      mode,
      ...(mode === 'schedule' ? { scheduledAt: new Date(when).toISOString() } : {}),
    });
  };

  return (
    <Card role="region" aria-labelledby="publish-title">
      <CardHeader>
        <CardTitle id="publish-title">Publish a newsletter</CardTitle>
        <CardDescription>Send one of your saved newsletters to a connected platform as a campaign.</CardDescription>
      </CardHeader>
      <CardContent>
        {newsletters.data && newsletters.data.length === 0 ? (
          <p className="text-sm text-muted">
            You have no saved newsletters yet.{' '}
            <Link to="/newsletters" className="text-indigo-600 underline dark:text-indigo-400">
              Go to Newsletters
            </Link>
          </p>
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="space-y-4">
              <div>
                <Label htmlFor="pub-newsletter">Saved newsletter</Label>
                <Select id="pub-newsletter" value={newsletterId} onChange={(e) => setNewsletterId(e.target.value)}>
                  {newsletters.data?.map((n) => (
                    <option key={n.id} value={n.id}>
                      {n.title}
                    </option>
                  ))}
                </Select>
              </div>
              <div>
                <Label htmlFor="pub-platform">Platform</Label>
                <Select id="pub-platform" value={platform?.id} onChange={(e) => setPlatformId(e.target.value)}>
                  {connected.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </Select>
              </div>
              <div>
                <Label htmlFor="pub-list">{platform?.listWord ?? 'List'}</Label>
                <Select id="pub-list" value={listId} onChange={(e) => setListId(e.target.value)} disabled={!lists.data?.lists.length}>
                  {lists.isPending && <option value="">Loading…</option>}
                  {lists.data?.lists.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                      {l.count !== null ? ` (${l.count.toLocaleString()})` : ''}
                    </option>
                  ))}
                </Select>
                {lists.data?.note && <p className="mt-1.5 text-xs text-muted">{lists.data.note}</p>}
                {lists.data && !lists.data.lists.length && <p className="mt-1.5 text-xs text-muted">{platform?.name} has no lists in this account yet.</p>}
                {lists.isError && <FieldError>{errorMessage(lists.error)}</FieldError>}
              </div>
              <div>
                <Label htmlFor="pub-subject">Subject</Label>
                <Input id="pub-subject" value={subject} maxLength={300} onChange={(e) => setSubject(e.target.value)} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <Label htmlFor="pub-from-name">Sender name</Label>
                  <Input id="pub-from-name" value={fromName} maxLength={100} onChange={(e) => setFromName(e.target.value)} />
                </div>
                <div>
                  <Label htmlFor="pub-from-email">Sender e-mail</Label>
                  <Input id="pub-from-email" type="email" value={fromEmail} onChange={(e) => setFromEmail(e.target.value)} />
                </div>
              </div>
            </div>
            <div className="space-y-4">
              <section aria-labelledby="changes-title" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
                <h3 id="changes-title" className="text-sm font-semibold text-zinc-900 dark:text-white">
                  What {platform?.name} changes
                </h3>
                {preview.isError ? (
                  <p className="mt-2 text-sm text-red-600">{errorMessage(preview.error)}</p>
                ) : (
                  <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
                    {(preview.data?.changes ?? []).map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                )}
              </section>
              <div>
                <Label htmlFor="pub-when">Schedule for</Label>
                <Input id="pub-when" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
              </div>
              <FieldError>{error}</FieldError>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="primary"
                  loading={publish.isPending && publish.variables?.mode === 'draft'}
                  disabled={publish.isPending}
                  onClick={() => run('draft')}
                >
                  Save as draft campaign
                </Button>
                <Button variant="outline" disabled={publish.isPending || !listId} onClick={() => setConfirmSend(true)}>
                  <Send aria-hidden /> Send now
                </Button>
                <Button
                  variant="outline"
                  loading={publish.isPending && publish.variables?.mode === 'schedule'}
                  disabled={publish.isPending}
                  onClick={() => run('schedule')}
                >
                  Schedule
                </Button>
              </div>
              <Link to="/newsletters" className={buttonClass('link', 'sm', 'px-0')}>
                Edit your newsletters
              </Link>
            </div>
          </div>
        )}
        <ConfirmDialog
          open={confirmSend}
          onOpenChange={setConfirmSend}
          title={`Send now on ${platform?.name ?? ''}?`}
          description={`“${chosenNewsletter?.title ?? ''}” goes out at once to ${listName || 'the chosen list'}. This cannot be undone.`}
          confirmLabel="Send now"
          pending={publish.isPending}
          onConfirm={() => run('now')}
        />
      </CardContent>
    </Card>
  );
}
