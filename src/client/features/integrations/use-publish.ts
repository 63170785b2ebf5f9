// The state of "Publish a newsletter": the choices (defaulting to the first newsletter, platform and list, and the
// account's own name and address until changed), the platform's lists and preview, and the publish itself.
import { useMemo, useState } from 'react';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth';
import { toast } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import type { PlatformCardData } from './platform-card';
import { useSavedNewsletters } from './saved-newsletters';

export type PublishMode = 'draft' | 'now' | 'schedule';

/** A datetime-local value one day ahead, at the full hour. */
function tomorrow(): string {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  d.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
}

export function usePublish(connected: PlatformCardData[]) {
  const utils = trpc.useUtils();
  const newsletters = useSavedNewsletters();
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

  const run = (mode: PublishMode) => {
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

  return {
    newsletters,
    newsletterId,
    setNewsletterId,
    platform,
    setPlatformId,
    lists,
    listId,
    setListId,
    listName,
    preview,
    chosenNewsletter,
    subject,
    setSubject,
    fromName,
    setFromName,
    fromEmail,
    setFromEmail,
    when,
    setWhen,
    error,
    confirmSend,
    setConfirmSend,
    publish,
    run,
  };
}

export type Publish = ReturnType<typeof usePublish>;
