// Campaigns published to platforms: date, title, platform, list, status, a link to open it on the
// platform, and the platform's figures (refreshed on demand).
import { ExternalLink, RotateCw } from 'lucide-react';
import { trpc, type RouterOutputs } from '../../trpc';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, toast, ScrollRegion } from '../../components/ui';
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

export function PublicationsTable({ publications }: { publications: Publication[] }) {
  const utils = trpc.useUtils();
  const refresh = trpc.integrations.refreshStats.useMutation({
    onSuccess: async () => {
      toast({ title: 'Figures refreshed', variant: 'success' });
      await utils.integrations.overview.invalidate();
    },
    onError: (e) => toast({ title: 'Could not refresh the figures', description: errorMessage(e), variant: 'destructive' }),
  });
  return (
    <Card role="region" aria-labelledby="publications-title">
      <CardHeader>
        <CardTitle id="publications-title">Published to platforms</CardTitle>
        <CardDescription>Campaigns made from your newsletters on connected platforms, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {publications.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">Nothing published to a platform yet.</p>
        ) : (
          <ScrollRegion label="Campaigns published to platforms" className="-mx-5 px-5">
            <table className="w-full min-w-[760px] text-sm">
              <caption className="sr-only">Campaigns published to platforms</caption>
              <thead>
                <tr className="text-left text-xs uppercase tracking-wide text-muted">
                  <th scope="col" className="pb-2 font-medium">
                    Date
                  </th>
                  <th scope="col" className="pb-2 font-medium">
                    Title
                  </th>
                  <th scope="col" className="pb-2 font-medium">
                    Platform
                  </th>
                  <th scope="col" className="pb-2 font-medium">
                    List
                  </th>
                  <th scope="col" className="pb-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="pb-2 font-medium">
                    Figures
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {publications.map((p) => (
                  <tr key={p.id} className="align-top">
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
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}
