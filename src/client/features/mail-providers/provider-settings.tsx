// Mail provider settings for the account (or, for staff, the system): the configured providers with
// their last check, Test and Remove, the webhook address to give the vendor, and a form to add one.
import { useState, type FormEvent } from 'react';
import { Copy, Mail, Plus, Trash2, Zap } from 'lucide-react';
import { trpc, type RouterOutputs } from '../../trpc';
import type { ProviderKind } from '../../../server/mail/transport';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input, Select, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { toast } from '../../components/ui/toast-store';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { formatRelative } from '../../lib/format';
import { HEALTH_TONE } from '../../lib/health';
import { FIELDS, KIND_OPTIONS, initialValues, toSettings } from './fields';

type Scope = 'account' | 'system';
type Provider = RouterOutputs['mailProviders']['list'][number];
type Priority = Provider['priority'];

const PRIORITIES: Priority[] = ['primary', 'secondary', 'fallback'];
const KIND_LABEL = Object.fromEntries(KIND_OPTIONS.map((k) => [k.value, k.label])) as Record<ProviderKind, string>;

function useProviderApi(scope: Scope) {
  const utils = trpc.useUtils();
  const system = scope === 'system';
  const list = system ? trpc.mailProviders.listSystem.useQuery() : trpc.mailProviders.list.useQuery();
  const refresh = () => void (system ? utils.mailProviders.listSystem.invalidate() : utils.mailProviders.list.invalidate());
  const add = (system ? trpc.mailProviders.addSystem : trpc.mailProviders.add).useMutation({ onSuccess: refresh });
  const remove = (system ? trpc.mailProviders.removeSystem : trpc.mailProviders.remove).useMutation({ onSuccess: refresh });
  const test = (system ? trpc.mailProviders.testSystem : trpc.mailProviders.test).useMutation({ onSuccess: refresh });
  const update = (system ? trpc.mailProviders.updateSystem : trpc.mailProviders.update).useMutation({ onSuccess: refresh });
  return { list, add, remove, test, update };
}

function ProviderRow({ p, api }: { p: Provider; api: ReturnType<typeof useProviderApi> }) {
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
function SigningSecretForm({ p, api }: { p: Provider; api: ReturnType<typeof useProviderApi> }) {
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

function AddProviderForm({ api, taken, onDone }: { api: ReturnType<typeof useProviderApi>; taken: Set<Priority>; onDone: () => void }) {
  const [kind, setKind] = useState<ProviderKind>('brevo');
  const [label, setLabel] = useState('');
  const free = PRIORITIES.filter((p) => !taken.has(p));
  const [priority, setPriority] = useState<Priority>(free[0] ?? 'primary');
  const [values, setValues] = useState<Record<string, string>>(() => initialValues('brevo'));
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    api.add.mutate(
      { kind, label: label || undefined, priority, settings: toSettings(kind, values) },
      {
        onSuccess: (p) => {
          toast({ title: `${p.label} added`, description: 'Use Test to check the credentials now.' });
          onDone();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-dashed border-zinc-300 p-4 dark:border-zinc-700" aria-label="Add a mail provider">
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <Label htmlFor="mp-kind">Provider</Label>
          <Select
            id="mp-kind"
            value={kind}
            onChange={(e) => {
              const k = e.target.value as ProviderKind;
              setKind(k);
              setValues(initialValues(k));
              setError(null);
            }}
          >
            {KIND_OPTIONS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="mp-priority">Priority</Label>
          <Select id="mp-priority" value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p} disabled={taken.has(p)}>
                {p}
                {taken.has(p) ? ' (in use)' : ''}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="mp-label">Name (optional)</Label>
          <Input id="mp-label" value={label} maxLength={60} placeholder={KIND_LABEL[kind]} onChange={(e) => setLabel(e.target.value)} />
        </div>
      </div>
      <p className="text-sm text-muted">{KIND_OPTIONS.find((k) => k.value === kind)?.blurb}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS[kind].map((f) => {
          const id = `mp-${f.name}`;
          const common = {
            id,
            value: values[f.name] ?? '',
            placeholder: f.placeholder,
            autoComplete: 'off',
            onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f.name]: e.target.value })),
          };
          return (
            <div key={f.name} className={f.type === 'textarea' ? 'sm:col-span-2' : undefined}>
              <Label htmlFor={id}>
                {f.label}
                {f.optional ? <span className="font-normal text-muted"> (optional)</span> : null}
              </Label>
              {f.type === 'textarea' ? (
                <Textarea {...common} className="font-mono text-xs" />
              ) : f.type === 'select' ? (
                <Select {...common}>
                  {f.options?.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              ) : (
                <Input {...common} type={f.type} min={f.type === 'number' ? 0 : undefined} required={!f.optional} />
              )}
              {f.hint && <p className="mt-1 text-xs text-muted">{f.hint}</p>}
            </div>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={api.add.isPending} disabled={free.length === 0}>
          Add provider
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
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
