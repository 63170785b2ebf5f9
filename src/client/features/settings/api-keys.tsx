// Settings → Advanced → API keys (Business and Enterprise; admins): create a named key that can read, or
// read and write; its secret is shown once, to copy. The list shows each key's start, scope, creation
// and last use, its latest requests, and Revoke. Stored with the account (the server keeps a hash).
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Check, Copy, KeyRound } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { API_ACCESS_PLAN, capabilitiesFor, PLAN_LABELS } from '../../../shared/plans';
import type { ApiKeyDto } from '../../../shared/schemas/api-keys';
import { useCurrentUser } from '../auth';
import { AccountSection, FormError } from './account-section';

const SCOPE_LABEL = { read: 'Read', write: 'Read and write' } as const;
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 dark:border-emerald-500/30 dark:bg-emerald-500/10" role="status">
      <p className="text-sm font-medium text-emerald-900 dark:text-emerald-200">Copy this key now. It will not be shown again.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={secret}
          aria-label="New API key"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="api-key-secret"
        />
        <Button
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />} {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <Button size="sm" variant="ghost" className="justify-self-start" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function Requests({ id }: { id: string }) {
  const requests = trpc.apiKeys.requests.useQuery({ id });
  if (requests.isPending) return <p className="text-xs text-muted">Loading…</p>;
  if (requests.isError) return <p className="text-xs text-red-600">{errorMessage(requests.error)}</p>;
  if (requests.data.length === 0) return <p className="text-xs text-muted">No requests yet.</p>;
  return (
    <ul className="grid gap-0.5 font-mono text-xs text-muted">
      {requests.data.map((r, i) => (
        <li key={i} className="flex flex-wrap gap-x-2">
          <span>{when(r.at)}</span>
          <span className={r.status >= 400 ? 'text-red-600 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}>{r.status}</span>
          <span className="break-all">
            {r.method} {r.path}
          </span>
        </li>
      ))}
    </ul>
  );
}

function KeyRow({ k, onRevoke }: { k: ApiKeyDto; onRevoke: (k: ApiKeyDto) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="grid gap-2 py-3" data-testid="api-key-row">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {k.name} <span className="font-mono text-xs text-muted">{k.prefix}…</span>
            <Badge tone={k.scope === 'write' ? 'warning' : 'neutral'}>{SCOPE_LABEL[k.scope]}</Badge>
            {k.ratePerMinute !== null && <Badge tone="brand">{k.ratePerMinute.toLocaleString('en-US')} requests/min</Badge>}
            {k.revokedAt && <Badge tone="danger">Revoked {when(k.revokedAt)}</Badge>}
          </p>
          <p className="text-xs text-muted">
            Created {when(k.createdAt)} · {k.lastUsedAt ? `last used ${when(k.lastUsedAt)}` : 'never used'}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide requests' : 'Requests'}
          </Button>
          {!k.revokedAt && (
            <Button size="sm" variant="outline" onClick={() => onRevoke(k)}>
              Revoke
            </Button>
          )}
        </div>
      </div>
      {open && <Requests id={k.id} />}
    </li>
  );
}

export function ApiKeySettings() {
  const user = useCurrentUser();
  const caps = user ? capabilitiesFor(user) : null;
  const allowed = caps?.apiAccess ?? false;
  const utils = trpc.useUtils();
  const keys = trpc.apiKeys.list.useQuery(undefined, { enabled: allowed });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  // Custom API access (Enterprise): the key's own requests per minute; empty is the default.
  const [rate, setRate] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const create = trpc.apiKeys.create.useMutation({
    onSuccess: (made) => {
      setSecret(made.secret);
      setName('');
      void utils.apiKeys.list.invalidate();
    },
  });
  const revoke = trpc.apiKeys.revoke.useMutation({
    onSuccess: (k) => {
      setRevoking(null);
      toast({ title: `Key "${k.name}" revoked` });
      void utils.apiKeys.list.invalidate();
    },
    onError: (err) => toast({ title: 'Could not revoke the key', description: errorMessage(err), variant: 'destructive' }),
  });

  return (
    <AccountSection
      icon={KeyRound}
      title="API keys"
      requiredPlan={allowed ? null : PLAN_LABELS[API_ACCESS_PLAN]}
      description={
        <>
          Call the API from your own scripts: publications, subscribers, saved newsletters, sends and analytics.{' '}
          <Link to="/developers" className="text-indigo-700 underline underline-offset-2 hover:decoration-2 dark:text-indigo-300">
            API reference
          </Link>
        </>
      }
    >
      <>
        {secret && <NewSecret secret={secret} onDone={() => setSecret(null)} />}
        <form
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ name, scope, ...(rate.trim() ? { ratePerMinute: Number(rate) } : {}) });
          }}
        >
          <Input aria-label="Key name" placeholder="Name, e.g. Nightly sync" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
          <Select aria-label="Access" value={scope} onChange={(e) => setScope(e.target.value as 'read' | 'write')} className="sm:w-44">
            <option value="read">{SCOPE_LABEL.read}</option>
            <option value="write">{SCOPE_LABEL.write}</option>
          </Select>
          {caps?.customApiAccess && (
            <Input
              aria-label="Requests per minute"
              type="number"
              min={10}
              max={10_000}
              placeholder="Requests/min (default)"
              value={rate}
              onChange={(e) => setRate(e.target.value)}
              className="sm:w-48"
            />
          )}
          <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
            Create API key
          </Button>
        </form>
        <FormError error={create.error} />
        {keys.data && keys.data.length > 0 && (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Your API keys">
            {keys.data.map((k) => (
              <KeyRow key={k.id} k={k} onRevoke={setRevoking} />
            ))}
          </ul>
        )}
      </>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke this API key?"
        description={`Scripts using "${revoking?.name ?? ''}" will get 401 from their next request. This cannot be undone.`}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      />
    </AccountSection>
  );
}
