// One e-mail platform: what it does, Connected/Disconnected, the account it is connected to, and
// Connect (API key) / Re-check / Disconnect, or the upgrade notice when the plan does not include it.
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Lock, TriangleAlert } from 'lucide-react';
import { trpc, type RouterOutputs } from '../../trpc';
import { Badge, Button, buttonClass, FieldError, Input, Label, SectionCard, toast } from '../../components/ui';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { MSG } from '../../../shared/messages';
import { ConnectionBadge } from './connection-badge';

export type PlatformCardData = RouterOutputs['integrations']['overview']['platforms'][number];
type Connection = NonNullable<PlatformCardData['connection']>;

/** After a change the platforms of /integrations and the dashboard's card load again. */
function useRefreshPlatforms() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.integrations.overview.invalidate(), utils.integrations.status.invalidate()]);
}

function PlatformBadge({ platform }: { platform: PlatformCardData }) {
  if (!platform.allowed) {
    return (
      <Badge tone="neutral">
        <Lock className="size-3" aria-hidden /> {platform.requiredPlan} plan
      </Badge>
    );
  }
  if (platform.connection?.status === 'error') {
    return (
      <Badge tone="warning">
        <TriangleAlert className="size-3" aria-hidden /> Needs attention
      </Badge>
    );
  }
  return <ConnectionBadge connected={platform.connection?.status === 'connected'} />;
}

function ConnectionDetails({ conn }: { conn: Connection }) {
  return (
    <dl className="space-y-1.5">
      <div className="flex gap-2">
        <dt className="text-muted">Account:</dt>
        <dd className="font-medium text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-100">{conn.accountLabel}</dd>
      </div>
      {conn.lastCheckedAt && (
        <div className="flex gap-2">
          <dt className="text-muted">Last checked:</dt>
          <dd>{formatDateTime(conn.lastCheckedAt)}</dd>
        </div>
      )}
      {conn.lastError && (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          {conn.lastError}
        </p>
      )}
    </dl>
  );
}

function KeyForm({ platform }: { platform: PlatformCardData }) {
  const refresh = useRefreshPlatforms();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const connect = trpc.integrations.connect.useMutation({
    onSuccess: async (c) => {
      setKey('');
      setError(null);
      toast({ title: `${platform.name} connected`, description: c.accountLabel, variant: 'success' });
      await refresh();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const fieldId = `key-${platform.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (key.trim().length < 8) return setError('Please paste the whole API key');
    connect.mutate({ platform: platform.id, apiKey: key.trim() });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Label htmlFor={fieldId}>{platform.keyLabel}</Label>
      <Input
        id={fieldId}
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={`${fieldId}-help${error ? ` ${fieldId}-error` : ''}`}
      />
      <p id={`${fieldId}-help`} className="mt-1.5 text-xs text-muted">
        {platform.keyHelp} The key needs permission to read lists and create campaigns.
      </p>
      <FieldError id={`${fieldId}-error`}>{error}</FieldError>
      <Button type="submit" size="sm" className="mt-3" loading={connect.isPending}>
        Connect {platform.name}
      </Button>
    </form>
  );
}

/** Re-check and Disconnect. After a downgrade the saved key can still be deleted, though the platform cannot be used. */
function ConnectionActions({ platform }: { platform: PlatformCardData }) {
  const refresh = useRefreshPlatforms();
  const [confirming, setConfirming] = useState(false);
  const recheck = trpc.integrations.recheck.useMutation({
    onSuccess: async (c) => {
      toast(
        c.status === 'connected'
          ? { title: `${platform.name} answered: the key works`, variant: 'success' }
          : { title: 'The key did not work', description: c.lastError ?? '', variant: 'destructive' },
      );
      await refresh();
    },
    onError: (e) => toast({ title: 'Could not re-check', description: errorMessage(e), variant: 'destructive' }),
  });
  const disconnect = trpc.integrations.disconnect.useMutation({
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: `${platform.name} disconnected` });
      await refresh();
    },
    onError: (e) => toast({ title: 'Could not disconnect', description: errorMessage(e), variant: 'destructive' }),
  });
  return (
    <>
      {platform.allowed && (
        <Button size="sm" variant="outline" loading={recheck.isPending} onClick={() => recheck.mutate({ platform: platform.id })}>
          Re-check
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
        Disconnect
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${platform.name}?`}
        description={`The saved API key is deleted. Campaigns already on ${platform.name} stay there; their figures cannot be refreshed until you connect again.`}
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate({ platform: platform.id })}
      />
    </>
  );
}

export function PlatformCard({ platform }: { platform: PlatformCardData }) {
  const conn = platform.connection;
  return (
    <SectionCard
      title={platform.name}
      titleId={`platform-${platform.id}`}
      description={platform.description}
      action={<PlatformBadge platform={platform} />}
      className="flex flex-col"
      contentClassName="flex-1 text-sm"
      footer={conn ? <ConnectionActions platform={platform} /> : undefined}
      footerClassName="flex flex-wrap gap-2"
    >
      {!platform.allowed ? (
        <div className="rounded-lg bg-zinc-50 p-3 text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
          <p>{platform.lockedMessage}</p>
          <Link to="/upgrade" className={buttonClass('primary', 'sm', 'mt-3')}>
            {MSG.upgradeYourPlan}
          </Link>
        </div>
      ) : conn ? (
        <ConnectionDetails conn={conn} />
      ) : (
        <KeyForm platform={platform} />
      )}
    </SectionCard>
  );
}
