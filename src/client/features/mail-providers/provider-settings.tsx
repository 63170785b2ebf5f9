// Mail provider settings for the account (or, for staff, the system): the configured providers with
// their last check, Test and Remove, the webhook address to give the vendor, and a form to add one.
import { useState } from 'react';
import { Copy, Mail, Plus, Trash2, Zap } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { formatRelative } from '../../lib/format';
import { HEALTH_TONE } from '../../lib/health';
import { AddProviderForm } from './add-provider-form';
import { KIND_LABEL, PRIORITIES, useProviderApi, type Provider, type ProviderApi, type Scope } from './provider-api';

function ProviderRow({ p, api }: { p: Provider; api: ProviderApi }) {
  const [confirm, setConfirm] = useState(false);
  const testing = api.test.isPending && api.test.variables?.id === p.id;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(p.webhookUrl ?? '');
      toast({ title: 'Webhook address copied' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the address and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <li className="grid gap-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-zinc-900 dark:text-white">{p.label}</span>
        <Badge tone="brand">{p.priority}</Badge>
        <Badge>{KIND_LABEL[p.kind]}</Badge>
        <Badge tone={HEALTH_TONE[p.lastStatus]} data-testid="provider-status">
          {p.lastStatus}
        </Badge>
        <span className="ml-auto flex gap-2">
          <Button
            size="sm"
            variant="outline"
            loading={testing}
            onClick={() =>
              api.test.mutate(
                { id: p.id },
                {
                  onSuccess: (r) =>
                    toast({
                      title: `${r.label}: ${r.lastStatus}`,
                      description: r.lastDetail ?? undefined,
                      variant: r.lastStatus === 'error' ? 'destructive' : undefined,
                    }),
                  onError: (err) => toast({ title: 'Could not test', description: errorMessage(err), variant: 'destructive' }),
                },
              )
            }
          >
            <Zap aria-hidden /> Test
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirm(true)}>
            <Trash2 aria-hidden /> Remove
          </Button>
        </span>
      </div>
      <p className="text-sm text-muted">
        {p.hint}
        {p.lastCheckAt ? ` · checked ${formatRelative(p.lastCheckAt)}` : ' · not checked yet'}
        {p.lastDetail ? ` · ${p.lastDetail}` : ''}
      </p>
      {p.webhookUrl && (
        <div className="grid gap-1">
          <Label htmlFor={`hook-${p.id}`} className="mb-0 text-xs text-muted">
            Webhook address: paste it into {KIND_LABEL[p.kind]}’s webhook settings so bounces and complaints are recorded
          </Label>
          <div className="flex gap-2">
            <Input id={`hook-${p.id}`} readOnly value={p.webhookUrl} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button size="sm" variant="outline" onClick={() => void copy()} aria-label="Copy webhook address">
              <Copy aria-hidden />
            </Button>
          </div>
        </div>
      )}
      {p.signingSecretSet !== null && <SigningSecretForm p={p} api={api} />}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Remove ${p.label}?`}
        description="Its settings are deleted and mail stops going through it; events it sends to the webhook address are refused afterwards."
        confirmLabel="Remove"
        pending={api.remove.isPending}
        onConfirm={() =>
          api.remove.mutate(
            { id: p.id },
            {
              onSuccess: () => {
                setConfirm(false);
                toast({ title: `${p.label} removed` });
              },
              onError: (err) => toast({ title: 'Could not remove', description: errorMessage(err), variant: 'destructive' }),
            },
          )
        }
      />
    </li>
  );
}

const SIGNING = {
  resend: { field: 'webhookSecret', label: 'Resend webhook signing secret' },
  mailgun: { field: 'webhookSigningKey', label: 'Mailgun webhook signing key' },
} as const;

/** Resend and Mailgun sign their events: the secret they show for the webhook address is saved here. */
function SigningSecretForm({ p, api }: { p: Provider; api: ProviderApi }) {
  const [value, setValue] = useState('');
  const spec = SIGNING[p.kind as keyof typeof SIGNING];
  if (!spec) return null;
  const id = `secret-${p.id}`;
  return (
    <form
      className="grid gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        api.update.mutate(
          { id: p.id, settings: { [spec.field]: value } },
          {
            onSuccess: () => {
              setValue('');
              toast({ title: 'Signing secret saved' });
            },
            onError: (err) => toast({ title: 'Could not save', description: errorMessage(err), variant: 'destructive' }),
          },
        );
      }}
    >
      <Label htmlFor={id} className="mb-0 text-xs text-muted">
        {spec.label}: {p.signingSecretSet ? 'saved (enter a new one to replace it)' : 'not saved yet, so events from this provider are refused'}
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="password"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={p.kind === 'resend' ? 'whsec_…' : ''}
        />
        <Button size="sm" variant="outline" type="submit" disabled={!value.trim()} loading={api.update.isPending && api.update.variables?.id === p.id}>
          Save
        </Button>
      </div>
    </form>
  );
}

function ProviderSettings({ scope }: { scope: Scope }) {
  const api = useProviderApi(scope);
  const [adding, setAdding] = useState(false);
  const providers = api.list.data ?? [];
  const taken = new Set(providers.map((p) => p.priority));
  const fallbackNote =
    scope === 'system'
      ? 'Without a system provider, mail goes through the server’s SMTP_URL when it is set, otherwise into the built-in outbox, which keeps mail without delivering it.'
      : 'Without a provider of your own, your mail goes through the system’s mail service (the server’s SMTP, or the built-in outbox that keeps mail without really delivering it).';

  if (api.list.isError) return <ListError message={errorMessage(api.list.error)} onRetry={() => void api.list.refetch()} />;
  if (api.list.isPending) return <ListSkeleton rows={2} />;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted">Mail goes to the primary provider; when it fails, to the secondary, then the fallback. {fallbackNote}</p>
      {providers.length === 0 ? (
        <EmptyState icon={Mail} title="No mail provider yet" body="Add Brevo, Resend, Mailgun, Postmark or your own SMTP server to deliver mail for real." />
      ) : (
        <ul className="grid gap-3" aria-label="Mail providers">
          {providers.map((p) => (
            <ProviderRow key={p.id} p={p} api={api} />
          ))}
        </ul>
      )}
      {adding ? (
        <AddProviderForm api={api} taken={taken} onDone={() => setAdding(false)} />
      ) : (
        <div>
          <Button variant="outline" onClick={() => setAdding(true)} disabled={taken.size >= PRIORITIES.length}>
            <Plus aria-hidden /> Add a provider
          </Button>
          {taken.size >= PRIORITIES.length && (
            <span className="ml-3 text-sm text-muted">Primary, secondary and fallback are all set; remove one to add another.</span>
          )}
        </div>
      )}
    </div>
  );
}

export function MailProviderSettings() {
  return <ProviderSettings scope="account" />;
}

export function SystemMailProviderSettings() {
  return <ProviderSettings scope="system" />;
}
