// /admin/integrations/{platform} (staff, read-only): one platform's connection count, publishes per
// status and recent errors (who, when, what the platform said). Never a key.
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Badge, buttonClass, PageSpinner, SectionCard, Table, TableBody, TableHead } from '../../components/ui';
import { ListError } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { MSG } from '../../../shared/messages';
import { trpc } from '../../trpc';
import { isPlatform, PLATFORM_NAMES, type IntegrationPlatform } from '../integrations';
import { When } from './shared';
import { LOADED } from '../../lib/page-data';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-zinc-200 px-4 py-3 dark:border-zinc-800">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-zinc-900 dark:text-white">{value}</dd>
    </div>
  );
}

function Detail({ platform }: { platform: IntegrationPlatform }) {
  const q = trpc.integrations.adminPlatform.useQuery({ platform }, LOADED);
  if (q.isError) return <ListError message={errorMessage(q.error, MSG.pageErrorBody)} onRetry={() => void q.refetch()} />;
  if (!q.data) return <PageSpinner />;
  const d = q.data;
  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label="Connected accounts" value={d.connected} />
        <Stat label="In error" value={d.inError} />
        <Stat label="Drafts" value={d.publishes.draft} />
        <Stat label="Scheduled" value={d.publishes.scheduled} />
        <Stat label="Sent" value={d.publishes.sent} />
        <Stat label="Failed" value={d.publishes.failed} />
      </dl>
      <p className="text-sm text-muted">
        Last publish: <When at={d.lastPublishAt} />. Last failure: <When at={d.lastFailureAt} />.
      </p>
      <SectionCard title="Recent errors" titleId="errors-title" description="Refused keys and failed publishes, newest first.">
        {d.recentErrors.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">No errors.</p>
        ) : (
          <Table caption="Recent errors" scroll="Recent errors" className="min-w-[560px]">
            <TableHead columns={['User', 'Time', 'Where', 'Message']} />
            <TableBody>
              {d.recentErrors.map((e, i) => (
                <tr key={`${e.at}-${i}`} className="align-top">
                  <td className="py-2 pr-3 [overflow-wrap:anywhere]">{e.email}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <When at={e.at || null} />
                  </td>
                  <td className="py-2 pr-3">
                    <Badge tone={e.kind === 'publish' ? 'danger' : 'warning'}>{e.kind === 'publish' ? 'Publish' : 'Connection'}</Badge>
                  </td>
                  <td className="py-2">{e.message}</td>
                </tr>
              ))}
            </TableBody>
          </Table>
        )}
      </SectionCard>
    </div>
  );
}

export function AdminPlatformPage({ platform }: { platform: string }) {
  const known = isPlatform(platform);
  const name = known ? PLATFORM_NAMES[platform] : platform.charAt(0).toUpperCase() + platform.slice(1);
  return (
    <>
      <PageHeader
        title={`${name} Integration`}
        description={known ? `Connections and publishes to ${name} across all accounts. Read-only.` : undefined}
        actions={
          <Link to="/admin/integrations" className={buttonClass('outline', 'sm')}>
            <ArrowLeft aria-hidden /> All integrations
          </Link>
        }
      />
      {known ? (
        <Detail platform={platform} />
      ) : (
        <p className="rounded-xl border border-dashed border-zinc-300 px-6 py-14 text-center text-sm text-muted dark:border-zinc-700">
          There is no integration called “{platform}”. The platforms are Brevo, Mailchimp, MailerLite and beehiiv.
        </p>
      )}
    </>
  );
}
