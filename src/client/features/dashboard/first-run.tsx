// What the dashboard leads with: the readers, the last issue's figures, the next step, and the first-run
// checklist. Every tick comes from dashboard.checklist (computed on the server from real rows); the
// checklist card goes once every item is done, or when the creator hides it (kept on the server).
import { Link } from '@tanstack/react-router';
import { ArrowRight, CheckCircle2, Circle, Mail, Sparkles, Users, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { CHECKLIST_ITEMS, type ChecklistKey, type ChecklistView } from '../../../shared/schemas/dashboard';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatDateTime, formatRelative } from '../../lib/format';
import { LOADED } from '../../lib/page-data';
import { trpc } from '../../trpc';
import { CreatePublicationForm } from '../publications';

type ItemLink = { to: '/publications' } | { to: '/workflow'; search: { publicationId: string } } | { to: '/subscribers'; search: { publicationId: string } };

/** Where each item is done: the latest publication's workflow or subscribers page, or /publications before there is one. */
function linkFor(key: ChecklistKey, publicationId: string | null): ItemLink {
  if (key === 'publication' || !publicationId) return { to: '/publications' };
  if (key === 'shared') return { to: '/subscribers', search: { publicationId } };
  return { to: '/workflow', search: { publicationId } };
}

const label = (key: ChecklistKey) => CHECKLIST_ITEMS.find((i) => i.key === key)!.label;

const NEXT_HINT: Record<ChecklistKey, string> = {
  publication: 'Name your newsletter: the five guided steps start from here.',
  channel: 'Pick the feeds your issue draws from, by topic or from any site’s address.',
  test: 'Look at the issue in your own inbox before anyone else sees it.',
  shared: 'Copy your signup page’s address and put it where your readers are.',
  send: 'Your readers are waiting: send the issue from step 5.',
};

const percent = (r: number | null) => (r === null ? '—' : `${Math.round(r * 100)}%`);

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-white">{value}</dd>
      {hint && <dd className="text-xs text-muted">{hint}</dd>}
    </div>
  );
}

function SmallCard({ id, icon: Icon, title, children, className }: { id: string; icon: typeof Users; title: string; children: ReactNode; className?: string }) {
  return (
    <Card role="region" aria-labelledby={id} className={cn('flex flex-col', className)}>
      <CardHeader className="pb-3">
        <div className="flex items-center gap-2.5">
          <Icon className="size-4 text-indigo-600 dark:text-indigo-400" aria-hidden />
          <CardTitle id={id}>{title}</CardTitle>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">{children}</CardContent>
    </Card>
  );
}

export function ReadersCard({ publicationId }: { publicationId: string | null }) {
  const q = trpc.dashboard.overview.useQuery(undefined, LOADED);
  const r = q.data?.readers;
  return (
    <SmallCard id="dash-readers" icon={Users} title="Readers">
      <dl aria-busy={!r}>
        <Stat
          label="Active subscribers"
          value={r ? r.active.toLocaleString('en-US') : '…'}
          hint={r && r.pending > 0 ? `${r.pending.toLocaleString('en-US')} waiting to confirm` : undefined}
        />
      </dl>
      <div className="mt-auto">
        {publicationId ? (
          <Link to="/subscribers" search={{ publicationId }} className={buttonClass('outline', 'sm')}>
            Subscribers <ArrowRight aria-hidden />
          </Link>
        ) : (
          <p className="text-xs text-muted">Readers join a publication: create yours first.</p>
        )}
      </div>
    </SmallCard>
  );
}

export function LastIssueCard() {
  const q = trpc.dashboard.overview.useQuery(undefined, LOADED);
  const last = q.data?.lastIssue;
  return (
    <SmallCard id="dash-last-issue" icon={Mail} title="Last issue">
      {q.data && !last ? (
        <p className="text-sm text-muted">Nothing sent yet. Your first issue’s recipients, opens and clicks show here.</p>
      ) : last ? (
        <>
          <p className="line-clamp-2 text-sm font-medium text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-100">{last.subject}</p>
          <p className="-mt-2 text-xs text-muted">
            {last.publicationName} · {last.status === 'sent' ? 'sent' : last.status}{' '}
            <time dateTime={last.sentAt} title={formatDateTime(last.sentAt)}>
              {formatRelative(last.sentAt)}
            </time>
          </p>
          <dl className="grid grid-cols-3 gap-3">
            <Stat label="Recipients" value={last.recipients.toLocaleString('en-US')} />
            <Stat
              label="Opened"
              value={last.uniqueOpens === null ? '—' : percent(last.openRate)}
              hint={last.uniqueOpens === null ? undefined : `${last.uniqueOpens} readers`}
            />
            <Stat
              label="Clicked"
              value={last.uniqueClicks === null ? '—' : percent(last.clickRate)}
              hint={last.uniqueClicks === null ? undefined : `${last.uniqueClicks} readers`}
            />
          </dl>
          {last.uniqueOpens === null && last.uniqueClicks === null && (
            <p className="text-xs text-muted">Opens and clicks are counted on Professional, Business and Enterprise, while tracking is on.</p>
          )}
        </>
      ) : (
        <div aria-hidden className="h-20 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60" />
      )}
    </SmallCard>
  );
}

export function NextStepCard({ checklist, onLimit, className }: { checklist: ChecklistView | undefined; onLimit: () => void; className?: string }) {
  const next = checklist?.items.find((i) => !i.done)?.key;
  const pubId = checklist?.publicationId ?? null;
  return (
    <SmallCard id="dash-next-step" icon={Sparkles} title="Next step" className={cn('ring-1 ring-indigo-500/40', className)}>
      {!checklist ? (
        <div aria-hidden className="h-20 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60" />
      ) : next === 'publication' ? (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{NEXT_HINT.publication}</p>
          <CreatePublicationForm onLimit={onLimit} stacked toThemes />
        </>
      ) : next ? (
        <>
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{label(next)}</p>
          <p className="-mt-2 text-sm text-zinc-700 dark:text-zinc-300">{NEXT_HINT[next]}</p>
          <div className="mt-auto">
            <Link {...linkFor(next, pubId)} className={buttonClass('primary', 'sm')}>
              {next === 'shared' ? 'Open your signup page settings' : 'Continue your issue'} <ArrowRight aria-hidden />
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">Your first issue is out. Build the next one from fresh stories.</p>
          <div className="mt-auto">
            {pubId ? (
              <Link to="/workflow" search={{ publicationId: pubId }} className={buttonClass('primary', 'sm')}>
                Build your next issue <ArrowRight aria-hidden />
              </Link>
            ) : (
              <Link to="/publications" className={buttonClass('primary', 'sm')}>
                Publications <ArrowRight aria-hidden />
              </Link>
            )}
          </div>
        </>
      )}
    </SmallCard>
  );
}

export function ChecklistCard({ checklist }: { checklist: ChecklistView }) {
  const utils = trpc.useUtils();
  const dismiss = trpc.dashboard.dismissChecklist.useMutation({ onSuccess: (c) => utils.dashboard.checklist.setData(undefined, c) });
  const doneCount = checklist.items.filter((i) => i.done).length;
  return (
    <Card role="region" aria-labelledby="dash-checklist">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="dash-checklist">Your first issue</CardTitle>
          <CardDescription className="mt-1">
            {doneCount} of {checklist.items.length} done
          </CardDescription>
        </div>
        <Button variant="ghost" size="sm" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
          {!dismiss.isPending && <X aria-hidden />} Hide checklist
        </Button>
      </CardHeader>
      <CardContent>
        <div
          role="progressbar"
          aria-label="Checklist progress"
          aria-valuemin={0}
          aria-valuemax={checklist.items.length}
          aria-valuenow={doneCount}
          className="mb-4 h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
            style={{ width: `${(doneCount / checklist.items.length) * 100}%` }}
          />
        </div>
        <ol aria-label="First-run checklist" className="grid gap-1 sm:grid-cols-2 lg:grid-cols-5">
          {checklist.items.map((item, i) => (
            <li key={item.key} data-done={item.done} className="min-w-0">
              <Link
                {...linkFor(item.key, checklist.publicationId)}
                className={cn(
                  'flex h-full items-start gap-2.5 rounded-lg px-2.5 py-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/60',
                  item.done ? 'text-muted' : 'font-medium text-zinc-900 dark:text-zinc-100',
                )}
              >
                {item.done ? (
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
                ) : (
                  <Circle className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
                )}
                <span className="min-w-0">
                  <span className="sr-only">{item.done ? 'Done: ' : `Step ${i + 1}: `}</span>
                  <span className={cn(item.done && 'line-through decoration-zinc-400')}>{label(item.key)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
