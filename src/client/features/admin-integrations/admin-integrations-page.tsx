// /admin/integrations (staff, read-only): which system-level services are configured and how they were
// last found, and for each e-mail platform how many accounts connected it, how many are in error, and
// the last publish and failure. Counts only: never another user's key.
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, PageSpinner, ScrollRegion } from '../../components/ui';
import { ListError } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { MSG } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { HealthBadge, When } from './shared';
import { LOADED } from '../../lib/page-data';

function Configured({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <Badge tone={on ? 'success' : 'neutral'}>{on ? yes : no}</Badge>;
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
          <Card role="region" aria-labelledby="system-title">
            <CardHeader>
              <CardTitle id="system-title">System services</CardTitle>
              <CardDescription>Configured by the operator for every account.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5 text-sm">
              <dl className="grid gap-3 sm:grid-cols-3">
                <div>
                  <dt className="text-muted">SMTP_URL</dt>
                  <dd className="mt-1">
                    <Configured on={q.data.system.smtpConfigured} yes="Set" no="Not set (built-in outbox)" />
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">Stripe payments</dt>
                  <dd className="mt-1">
                    <Configured on={q.data.system.stripeConfigured} yes="Configured" no="Not configured" />
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">AI engine</dt>
                  <dd className="mt-1">
                    <Badge tone={q.data.system.ai.kind === 'model' ? 'brand' : 'neutral'}>
                      {q.data.system.ai.kind === 'model' ? `Model: ${q.data.system.ai.name}` : q.data.system.ai.name}
                    </Badge>
                  </dd>
                </div>
              </dl>
              <div>
                <h3 className="mb-2 font-medium text-zinc-900 dark:text-white">System mail providers</h3>
                {q.data.system.mailProviders.length === 0 ? (
                  <p className="text-muted">None configured: system mail goes through SMTP_URL or the built-in outbox.</p>
                ) : (
                  <ScrollRegion label="System mail providers">
                    <table className="w-full min-w-[560px]">
                      <caption className="sr-only">System mail providers</caption>
                      <thead>
                        <tr className="text-left text-xs uppercase tracking-wide text-muted">
                          <th scope="col" className="pb-2 font-medium">
                            Provider
                          </th>
                          <th scope="col" className="pb-2 font-medium">
                            Priority
                          </th>
                          <th scope="col" className="pb-2 font-medium">
                            Last health check
                          </th>
                          <th scope="col" className="pb-2 font-medium">
                            Status
                          </th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                        {q.data.system.mailProviders.map((p) => (
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
                      </tbody>
                    </table>
                  </ScrollRegion>
                )}
              </div>
            </CardContent>
          </Card>

          <Card role="region" aria-labelledby="platforms-title">
            <CardHeader>
              <CardTitle id="platforms-title">E-mail platforms</CardTitle>
              <CardDescription>Accounts connected to each platform and how publishing went.</CardDescription>
            </CardHeader>
            <CardContent>
              <ScrollRegion label="E-mail platforms table">
                <table className="w-full min-w-[640px] text-sm">
                  <caption className="sr-only">E-mail platforms</caption>
                  <thead>
                    <tr className="text-left text-xs uppercase tracking-wide text-muted">
                      <th scope="col" className="pb-2 font-medium">
                        Platform
                      </th>
                      <th scope="col" className="pb-2 text-right font-medium">
                        Connected
                      </th>
                      <th scope="col" className="pb-2 text-right font-medium">
                        In error
                      </th>
                      <th scope="col" className="pb-2 pl-4 font-medium">
                        Last publish
                      </th>
                      <th scope="col" className="pb-2 font-medium">
                        Last failure
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                    {q.data.platforms.map((p) => (
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
                  </tbody>
                </table>
              </ScrollRegion>
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
