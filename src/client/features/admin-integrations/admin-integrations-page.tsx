// /admin/integrations (staff, read-only): which system-level services are configured and how they were
// last found, and for each e-mail platform how many accounts connected it, how many are in error, and
// the last publish and failure. Counts only: never another user's key.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { Badge, PageSpinner, SectionCard, Table, TableBody, TableHead } from '../../components/ui';
import { ListError } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { MSG } from '../../../shared/messages';
import { trpc, type RouterOutputs } from '../../trpc';
import { HealthBadge, When } from './shared';
import { LOADED } from '../../lib/page-data';

type Overview = RouterOutputs['integrations']['adminOverview'];

function Configured({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <Badge tone={on ? 'success' : 'neutral'}>{on ? yes : no}</Badge>;
}

function Setting({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

function MailProviders({ providers }: { providers: Overview['system']['mailProviders'] }) {
  if (providers.length === 0) return <p className="text-muted">None configured: system mail goes through SMTP_URL or the built-in outbox.</p>;
  return (
    <Table caption="System mail providers" scroll="System mail providers" className="min-w-[560px]">
      <TableHead columns={['Provider', 'Priority', 'Last health check', 'Status']} />
      <TableBody>
        {providers.map((p) => (
          <tr key={`${p.kind}-${p.label}-${p.priority}`} className="align-top">
            <td className="py-2 pr-3">
              <span className="font-medium">{p.label}</span> <span className="text-muted">({p.kind})</span>
            </td>
            <td className="py-2 pr-3 capitalize">{p.priority}</td>
            <td className="py-2 pr-3">
              <When at={p.lastCheckAt} />
              {p.lastDetail && <p className="text-xs text-muted">{p.lastDetail}</p>}
            </td>
            <td className="py-2">
              <HealthBadge status={p.lastStatus} />
            </td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}

function SystemServices({ system }: { system: Overview['system'] }) {
  return (
    <SectionCard
      title="System services"
      titleId="system-title"
      description="Configured by the operator for every account."
      contentClassName="space-y-5 text-sm"
    >
      <dl className="grid gap-3 sm:grid-cols-3">
        <Setting term="SMTP_URL">
          <Configured on={system.smtpConfigured} yes="Set" no="Not set (built-in outbox)" />
        </Setting>
        <Setting term="Stripe payments">
          <Configured on={system.stripeConfigured} yes="Configured" no="Not configured" />
        </Setting>
        <Setting term="AI engine">
          <Badge tone={system.ai.kind === 'model' ? 'brand' : 'neutral'}>{system.ai.kind === 'model' ? `Model: ${system.ai.name}` : system.ai.name}</Badge>
        </Setting>
      </dl>
      <div>
        <h3 className="mb-2 font-medium text-zinc-900 dark:text-white">System mail providers</h3>
        <MailProviders providers={system.mailProviders} />
      </div>
    </SectionCard>
  );
}

const PLATFORM_COLUMNS = [
  'Platform',
  { label: 'Connected', className: 'text-right' },
  { label: 'In error', className: 'text-right' },
  { label: 'Last publish', className: 'pl-4' },
  'Last failure',
];

function Platforms({ platforms }: { platforms: Overview['platforms'] }) {
  return (
    <SectionCard title="E-mail platforms" titleId="platforms-title" description="Accounts connected to each platform and how publishing went.">
      <Table caption="E-mail platforms" scroll="E-mail platforms table" className="min-w-[640px]">
        <TableHead columns={PLATFORM_COLUMNS} />
        <TableBody>
          {platforms.map((p) => (
            <tr key={p.platform} className="align-top">
              <td className="py-2 pr-3">
                <Link
                  to="/admin/integrations/$platform"
                  params={{ platform: p.platform }}
                  className="font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400"
                >
                  {p.name}
                </Link>
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{p.connected}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{p.inError ? <Badge tone="warning">{p.inError}</Badge> : 0}</td>
              <td className="py-2 pr-3 pl-4">
                <When at={p.lastPublishAt} />
              </td>
              <td className="py-2">
                <When at={p.lastFailureAt} />
                {p.lastFailure && <p className="text-xs text-red-600 dark:text-red-400">{p.lastFailure}</p>}
              </td>
            </tr>
          ))}
        </TableBody>
      </Table>
    </SectionCard>
  );
}

export function AdminIntegrationsPage() {
  const q = trpc.integrations.adminOverview.useQuery(undefined, LOADED);
  return (
    <>
      <PageHeader title="Admin Integrations" description="System-level services and the e-mail platforms your users connect. Read-only." />
      {q.isError ? (
        <ListError message={errorMessage(q.error, MSG.pageErrorBody)} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <PageSpinner />
      ) : (
        <div className="space-y-8">
          <SystemServices system={q.data.system} />
          <Platforms platforms={q.data.platforms} />
        </div>
      )}
    </>
  );
}
