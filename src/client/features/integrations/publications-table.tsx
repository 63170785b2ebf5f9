// Campaigns published to platforms: date, title, platform, list, status, a link to open it on the
// platform, and the platform's figures (refreshed on demand).
import { ExternalLink, RotateCw } from 'lucide-react';
import { trpc, type RouterOutputs } from '../../trpc';
import { Badge, Button, SectionCard, Table, TableBody, TableHead, toast } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { PLATFORM_NAMES, STAT_LABELS, STATUS_LABELS, STATUS_TONES } from './format';

type Publication = RouterOutputs['integrations']['overview']['publications'][number];

function Figures({ p }: { p: Publication }) {
  const stats = p.stats ?? {};
  const shown = STAT_LABELS.filter(([k]) => typeof stats[k] === 'number');
  if (!shown.length) return <span className="text-muted">{p.statsFetchedAt ? 'No figures yet' : '—'}</span>;
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
      {shown.map(([k, label]) => (
        <div key={k} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right font-medium tabular-nums">{stats[k]!.toLocaleString()}</dd>
        </div>
      ))}
    </dl>
  );
}

const COLUMNS = ['Date', 'Title', 'Platform', 'List', 'Status', 'Figures', { label: 'Actions', className: 'text-right' }];

function Row({ p, refresh }: { p: Publication; refresh: ReturnType<typeof useRefreshStats> }) {
  return (
    <tr className="align-top">
      <td className="py-2.5 pr-3 whitespace-nowrap text-muted">
        <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
      </td>
      <td className="py-2.5 pr-3 font-medium text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-100">
        {p.title}
        {p.error && <p className="mt-1 text-xs font-normal text-red-600 dark:text-red-400">{p.error}</p>}
        {p.status === 'scheduled' && p.scheduledAt && <p className="mt-1 text-xs font-normal text-muted">For {formatDateTime(p.scheduledAt)}</p>}
      </td>
      <td className="py-2.5 pr-3">{PLATFORM_NAMES[p.platform]}</td>
      <td className="py-2.5 pr-3 text-muted">{p.listName ?? '—'}</td>
      <td className="py-2.5 pr-3">
        <Badge tone={STATUS_TONES[p.status]}>{STATUS_LABELS[p.status]}</Badge>
      </td>
      <td className="py-2.5 pr-3">
        <Figures p={p} />
      </td>
      <td className="py-2.5 text-right whitespace-nowrap">
        <div className="flex justify-end gap-1">
          {p.remoteUrl && (
            <a
              href={p.remoteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-indigo-600 hover:bg-indigo-50 dark:text-indigo-400 dark:hover:bg-indigo-500/10"
            >
              <ExternalLink className="size-3.5" aria-hidden /> Open in {PLATFORM_NAMES[p.platform]}
            </a>
          )}
          {p.remoteId && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Refresh stats for ${p.title}`}
              loading={refresh.isPending && refresh.variables?.id === p.id}
              onClick={() => refresh.mutate({ id: p.id })}
            >
              <RotateCw aria-hidden /> Refresh stats
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

function useRefreshStats() {
  const utils = trpc.useUtils();
  return trpc.integrations.refreshStats.useMutation({
    onSuccess: async () => {
      toast({ title: 'Figures refreshed', variant: 'success' });
      await utils.integrations.overview.invalidate();
    },
    onError: (e) => toast({ title: 'Could not refresh the figures', description: errorMessage(e), variant: 'destructive' }),
  });
}

export function PublicationsTable({ publications }: { publications: Publication[] }) {
  const refresh = useRefreshStats();
  return (
    <SectionCard
      title="Published to platforms"
      titleId="publications-title"
      description="Campaigns made from your newsletters on connected platforms, newest first."
    >
      {publications.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">Nothing published to a platform yet.</p>
      ) : (
        <Table caption="Campaigns published to platforms" scroll="Campaigns published to platforms" scrollClassName="-mx-5 px-5" className="min-w-[760px]">
          <TableHead columns={COLUMNS} />
          <TableBody>
            {publications.map((p) => (
              <Row key={p.id} p={p} refresh={refresh} />
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
