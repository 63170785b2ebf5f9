// "Publish a newsletter": pick a saved newsletter, a connected platform and its list, see what the
// platform changes, then save it there as a draft campaign, send it now or schedule it.
import type { InputHTMLAttributes } from 'react';
import { Link } from '@tanstack/react-router';
import { Send } from 'lucide-react';
import { Button, buttonClass, FieldError, Input, Label, SectionCard, Select } from '../../components/ui';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import type { PlatformCardData } from './platform-card';
import { usePublish, type Publish } from './use-publish';
import { NewsletterSelect } from './saved-newsletters';

function TextField({ id, label, ...props }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
    </div>
  );
}

/** The left column: what to publish, where, to whom and from whom. */
function Choices({ p, connected }: { p: Publish; connected: PlatformCardData[] }) {
  const { lists, platform } = p;
  return (
    <div className="space-y-4">
      <div>
        <NewsletterSelect id="pub-newsletter" value={p.newsletterId} onChange={p.setNewsletterId} newsletters={p.newsletters.data} />
      </div>
      <div>
        <Label htmlFor="pub-platform">Platform</Label>
        <Select
          id="pub-platform"
          value={platform?.id}
          onChange={(e) => p.setPlatformId(e.target.value)}
          options={connected.map((c) => ({ value: c.id, label: c.name }))}
        />
      </div>
      <div>
        <Label htmlFor="pub-list">{platform?.listWord ?? 'List'}</Label>
        <Select id="pub-list" value={p.listId} onChange={(e) => p.setListId(e.target.value)} disabled={!lists.data?.lists.length}>
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
      <TextField id="pub-subject" label="Subject" value={p.subject} maxLength={300} onChange={(e) => p.setSubject(e.target.value)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="pub-from-name" label="Sender name" value={p.fromName} maxLength={100} onChange={(e) => p.setFromName(e.target.value)} />
        <TextField id="pub-from-email" label="Sender e-mail" type="email" value={p.fromEmail} onChange={(e) => p.setFromEmail(e.target.value)} />
      </div>
    </div>
  );
}

/** The right column: what the platform changes, when, and the three ways to publish. */
function Actions({ p }: { p: Publish }) {
  const { publish, preview, platform } = p;
  return (
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
      <TextField id="pub-when" label="Schedule for" type="datetime-local" value={p.when} onChange={(e) => p.setWhen(e.target.value)} />
      <FieldError>{p.error}</FieldError>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          loading={publish.isPending && publish.variables?.mode === 'draft'}
          disabled={publish.isPending}
          onClick={() => p.run('draft')}
        >
          Save as draft campaign
        </Button>
        <Button variant="outline" disabled={publish.isPending || !p.listId} onClick={() => p.setConfirmSend(true)}>
          <Send aria-hidden /> Send now
        </Button>
        <Button
          variant="outline"
          loading={publish.isPending && publish.variables?.mode === 'schedule'}
          disabled={publish.isPending}
          onClick={() => p.run('schedule')}
        >
          Schedule
        </Button>
      </div>
      <Link to="/newsletters" className={buttonClass('link', 'sm', 'px-0')}>
        Edit your newsletters
      </Link>
    </div>
  );
}

function PublishForm({ connected }: { connected: PlatformCardData[] }) {
  const p = usePublish(connected);
  return (
    <SectionCard title="Publish a newsletter" titleId="publish-title" description="Send one of your saved newsletters to a connected platform as a campaign.">
      {p.newsletters.data && p.newsletters.data.length === 0 ? (
        <p className="text-sm text-muted">
          You have no saved newsletters yet.{' '}
          <Link to="/newsletters" className="text-indigo-600 underline dark:text-indigo-400">
            Go to Newsletters
          </Link>
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Choices p={p} connected={connected} />
          <Actions p={p} />
        </div>
      )}
      <ConfirmDialog
        open={p.confirmSend}
        onOpenChange={p.setConfirmSend}
        title={`Send now on ${p.platform?.name ?? ''}?`}
        description={`“${p.chosenNewsletter?.title ?? ''}” goes out at once to ${p.listName || 'the chosen list'}. This cannot be undone.`}
        confirmLabel="Send now"
        pending={p.publish.isPending}
        onConfirm={() => p.run('now')}
      />
    </SectionCard>
  );
}

export function PublishPanel({ platforms }: { platforms: PlatformCardData[] }) {
  const connected = platforms.filter((p) => p.allowed && p.connection);
  if (!connected.length) {
    return <SectionCard title="Publish a newsletter" titleId="publish-title" description="Connect a platform above to publish your saved newsletters to it." />;
  }
  return <PublishForm connected={connected} />;
}
