// Settings → Advanced → Webhooks (Professional and up): endpoints that receive the account's events,
// signed as Standard Webhooks says; per endpoint its signing secret, a test event, its delivery log with
// "Resend", turning it back on after it was turned off, and removing it. An account whose plan no longer
// includes webhooks still sees its endpoints (turned off, with the reason) and their logs, and may remove them.
import { useState } from 'react';
import { Webhook } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { capabilitiesFor, PLAN_LABELS } from '../../../shared/plans';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type DeliveryDto, type EndpointDto, type WebhookEventType } from '../../../shared/schemas/webhooks';
import { useCurrentUser } from '../auth';
import { AccountSection, FormError } from './account-section';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const TONE = { delivered: 'success', pending: 'warning', failed: 'danger' } as const;

function DeliveryLog({ endpointId, allowed }: { endpointId: string; allowed: boolean }) {
  const utils = trpc.useUtils();
  const log = trpc.webhooks.deliveries.useQuery(
    { id: endpointId },
    { refetchInterval: (q) => ((q.state.data ?? []).some((d) => d.status === 'pending') ? 3000 : false) },
  );
  const resend = trpc.webhooks.resend.useMutation({
    onSuccess: () => void utils.webhooks.deliveries.invalidate({ id: endpointId }),
    onError: (err) => toast({ title: 'Could not resend', description: errorMessage(err), variant: 'destructive' }),
  });
  if (log.isPending) return <p className="text-xs text-muted">Loading…</p>;
  if (log.isError) return <p className="text-xs text-red-600">{errorMessage(log.error)}</p>;
  if (log.data.length === 0) return <p className="text-xs text-muted">No deliveries yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Deliveries">
      {log.data.map((d: DeliveryDto) => (
        <li key={d.id} className="grid gap-1 rounded-md bg-zinc-50 p-2 text-xs dark:bg-zinc-800/60" data-testid="webhook-delivery">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={TONE[d.status]}>{d.status}</Badge>
            <span className="font-mono">{d.event}</span>
            <span className="text-muted">{when(d.lastAttemptAt ?? d.createdAt)}</span>
            {d.responseStatus !== null && <span className="font-mono">HTTP {d.responseStatus}</span>}
            {d.durationMs !== null && <span className="text-muted">{d.durationMs} ms</span>}
            <span className="text-muted">
              {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
              {d.nextAttemptAt ? `, next ${when(d.nextAttemptAt)}` : ''}
            </span>
            {allowed && (
              <Button size="sm" variant="ghost" className="ml-auto h-6 px-2 text-xs" onClick={() => resend.mutate({ id: d.id })} loading={resend.isPending}>
                Resend
              </Button>
            )}
          </div>
          {d.responseExcerpt && <p className="break-all font-mono text-muted">{d.responseExcerpt}</p>}
        </li>
      ))}
    </ul>
  );
}

function Secret({ id }: { id: string }) {
  const secret = trpc.webhooks.secret.useQuery({ id });
  return (
    <div className="grid gap-1 text-xs">
      <Input readOnly value={secret.data?.secret ?? ''} aria-label="Signing secret" className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      <p className="text-muted">
        Verify each request&apos;s webhook-signature header with this secret (Standard Webhooks; libraries exist for most languages).
      </p>
    </div>
  );
}

function EndpointRow({ e, allowed, onRemove }: { e: EndpointDto; allowed: boolean; onRemove: (e: EndpointDto) => void }) {
  const utils = trpc.useUtils();
  const [open, setOpen] = useState<'log' | 'secret' | null>(null);
  const test = trpc.webhooks.test.useMutation({
    onSuccess: () => {
      setOpen('log');
      void utils.webhooks.deliveries.invalidate({ id: e.id });
    },
    onError: (err) => toast({ title: 'Could not send a test event', description: errorMessage(err), variant: 'destructive' }),
  });
  const turnOn = trpc.webhooks.update.useMutation({ onSuccess: () => void utils.webhooks.list.invalidate() });
  return (
    <li className="grid gap-2 py-3" data-testid="webhook-endpoint">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
          <span className="break-all font-mono text-xs">{e.url}</span>
          {e.enabled ? <Badge tone="success">On</Badge> : <Badge tone="danger">Off</Badge>}
        </p>
        <p className="text-xs text-muted">
          {e.description ? `${e.description} · ` : ''}
          {e.events.join(', ')}
        </p>
        {e.disabledReason && <p className="text-xs text-red-600 dark:text-red-400">{e.disabledReason}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {allowed && (
          <Button size="sm" variant="outline" onClick={() => test.mutate({ id: e.id })} loading={test.isPending}>
            Send test event
          </Button>
        )}
        <Button size="sm" variant="ghost" aria-expanded={open === 'log'} onClick={() => setOpen(open === 'log' ? null : 'log')}>
          Deliveries
        </Button>
        <Button size="sm" variant="ghost" aria-expanded={open === 'secret'} onClick={() => setOpen(open === 'secret' ? null : 'secret')}>
          Signing secret
        </Button>
        {allowed && !e.enabled && (
          <Button size="sm" variant="outline" onClick={() => turnOn.mutate({ id: e.id, enabled: true })} loading={turnOn.isPending}>
            Turn on
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => onRemove(e)}>
          Remove
        </Button>
      </div>
      {open === 'log' && <DeliveryLog endpointId={e.id} allowed={allowed} />}
      {open === 'secret' && <Secret id={e.id} />}
    </li>
  );
}

export function WebhookSettings() {
  const user = useCurrentUser();
  const allowed = user ? capabilitiesFor(user).webhooks : false;
  const utils = trpc.useUtils();
  // Asked on every plan: endpoints kept from a plan the account no longer has are shown with their reason.
  const endpoints = trpc.webhooks.list.useQuery(undefined, { enabled: Boolean(user) });
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['subscriber.created']);
  const [removing, setRemoving] = useState<EndpointDto | null>(null);
  const create = trpc.webhooks.create.useMutation({
    onSuccess: () => {
      setUrl('');
      setDescription('');
      toast({ title: 'Webhook endpoint added', description: 'Its signing secret is under "Signing secret".' });
      void utils.webhooks.list.invalidate();
    },
  });
  const remove = trpc.webhooks.delete.useMutation({
    onSuccess: () => {
      setRemoving(null);
      void utils.webhooks.list.invalidate();
    },
  });
  const list = endpoints.data && endpoints.data.length > 0 && (
    <>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Your webhook endpoints">
        {endpoints.data.map((e) => (
          <EndpointRow key={e.id} e={e} allowed={allowed} onRemove={setRemoving} />
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Remove this webhook endpoint?"
        description={`${removing?.url ?? ''} stops receiving events, and its delivery log is deleted.`}
        confirmLabel="Remove endpoint"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </>
  );
  const toggle = (ev: WebhookEventType) => setEvents((list) => (list.includes(ev) ? list.filter((x) => x !== ev) : [...list, ev]));

  return (
    <AccountSection
      icon={Webhook}
      title="Webhooks"
      requiredPlan={allowed ? null : PLAN_LABELS.professional}
      kept={list}
      description="Your own systems told the moment readers join, confirm, leave or bounce, issues are sent, and links are clicked: signed HTTP POSTs, retried for up to a day."
    >
      <>
        <form
          className="grid gap-2"
          onSubmit={(ev) => {
            ev.preventDefault();
            create.mutate({ url, description, events });
          }}
        >
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              aria-label="Endpoint URL"
              placeholder="https://example.com/hooks/curated"
              value={url}
              onChange={(ev) => setUrl(ev.target.value)}
              maxLength={2000}
            />
            <Input
              aria-label="Description"
              placeholder="What it is for (optional)"
              value={description}
              onChange={(ev) => setDescription(ev.target.value)}
              maxLength={200}
            />
          </div>
          <fieldset className="grid gap-1 sm:grid-cols-2">
            <legend className="mb-1 text-xs font-medium text-muted">Events</legend>
            {WEBHOOK_EVENT_TYPES.map((ev) => (
              <label key={ev} className="flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300">
                <input type="checkbox" className="mt-1" checked={events.includes(ev)} onChange={() => toggle(ev)} />
                <span>
                  <span className="font-mono text-xs">{ev}</span>
                  <span className="block text-xs text-muted">{WEBHOOK_EVENT_LABELS[ev]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" className="justify-self-start" loading={create.isPending} disabled={!url.trim() || events.length === 0}>
            Add endpoint
          </Button>
        </form>
        <FormError error={create.error} />
        {list}
      </>
    </AccountSection>
  );
}
