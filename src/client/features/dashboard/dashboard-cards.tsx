// The dashboard's three cards (spec §2 Dashboard): integrations, recent publications, subscription plan.
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, CreditCard, Newspaper, Plug, RotateCw } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG } from '../../../shared/messages';
import { CAPABILITIES, formatTrialLabel, PLAN_LABELS, THEME_CAPS, type PlanType } from '../../../shared/plans';
import { PLAN_LIST } from '../../../shared/plan-offers';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/section-card';
import { Table, TableBody, TableHead } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { openPublication, workflowHref } from '../publications';
import { ConnectionBadge, PLATFORM_NAMES as CONNECTABLE } from '../integrations';
import { formatDateTime, formatRelative } from '../../lib/format';
import { IconTile } from '../../components/ui/icon-tile';

// Substack has no API: the card lists it so creators see it is never "connected".
const PLATFORM_NAMES = { ...CONNECTABLE, substack: 'Substack' };
export const RECENT_COUNT = 5;

const cardId = (title: string) => `dash-${title.toLowerCase().replace(/\s+/g, '-')}`;

/** A dashboard card: its icon in a tile, title and line, the content and a footer with its link or button. */
function DashCard({
  icon: Icon,
  title,
  description,
  className,
  footer,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  className?: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  const tile = <IconTile icon={Icon} className="size-9 shrink-0 rounded-lg" iconClassName="size-[18px]" />;
  return (
    <SectionCard
      title={title}
      titleId={cardId(title)}
      description={description}
      icon={tile}
      className={cn('flex flex-col', className)}
      contentClassName="flex-1"
      footer={footer}
    >
      {children}
    </SectionCard>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center text-sm text-red-600 dark:text-red-400">
      {errorMessage(error, MSG.pageErrorBody)}
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden /> Retry
      </Button>
    </div>
  );
}

const rowSkeleton = (n: number, h = 'h-9') =>
  Array.from({ length: n }, (_, i) => <div key={i} aria-hidden className={`${h} animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60`} />);

export function IntegrationsCard() {
  const q = trpc.integrations.status.useQuery(undefined, LOADED);
  const platforms = q.data?.data.platforms;
  return (
    <DashCard
      icon={Plug}
      title="Integrations"
      description="Email platforms connected to your account."
      footer={
        <Link to="/integrations" className={buttonClass('outline', 'sm')}>
          Manage integrations <ArrowRight aria-hidden />
        </Link>
      }
    >
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <ul className="space-y-2" aria-label="Email platforms" aria-busy={q.isPending}>
          {platforms
            ? (Object.keys(PLATFORM_NAMES) as (keyof typeof PLATFORM_NAMES)[]).map((key) => (
                <li key={key} className="flex items-center justify-between gap-2 rounded-lg border border-zinc-100 px-3 py-2 text-sm dark:border-zinc-800">
                  <span className="font-medium text-zinc-800 dark:text-zinc-200">{PLATFORM_NAMES[key]}</span>
                  <ConnectionBadge connected={platforms[key].connected} />
                </li>
              ))
            : rowSkeleton(5)}
        </ul>
      )}
      {q.data && <p className="mt-3 text-xs leading-5 text-muted">{q.data.data.note}</p>}
    </DashCard>
  );
}

const RECENT_COLUMNS = ['Title', { label: 'Status', className: 'w-[4.5rem] sm:w-24' }, { label: 'Saved', className: 'w-24 text-right sm:w-32' }];

export function RecentPublicationsCard({ className }: { className?: string }) {
  const q = trpc.integrations.status.useQuery(undefined, LOADED);
  const navigate = useNavigate();
  // Campaigns on platforms are listed on /integrations; this card opens the user's own publications.
  const pubs = q.data?.data.publications.flatMap((p) => (p.platform === 'newsletter' ? [p] : [])).slice(0, RECENT_COUNT);
  return (
    <DashCard
      icon={Newspaper}
      title="Recent Publications"
      description="Your latest newsletters and their status."
      className={className}
      footer={
        <Link
          to="/publications"
          className="inline-flex min-h-6 items-center gap-1.5 rounded text-sm font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400 [&_svg]:size-4"
        >
          View all publications <ArrowRight aria-hidden />
        </Link>
      }
    >
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !pubs ? (
        <div className="space-y-2">{rowSkeleton(3)}</div>
      ) : pubs.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-200 px-4 py-8 text-center dark:border-zinc-700">
          <p className="text-sm text-muted">{MSG.noPublications}</p>
          <Link to="/publications" className={buttonClass('outline', 'sm')}>
            Create a publication
          </Link>
        </div>
      ) : (
        <Table caption="Recent publications" className="table-fixed">
          <TableHead columns={RECENT_COLUMNS} />
          <TableBody>
            {pubs.map((p) => (
              <tr key={p.id}>
                <td className="py-2 pr-2 align-top [overflow-wrap:anywhere]">
                  <a
                    href={workflowHref(p.id)}
                    className="line-clamp-2 py-0.5 font-medium text-zinc-900 underline-offset-4 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400"
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                      e.preventDefault();
                      void openPublication({ id: p.id, name: p.title, status: p.status }, navigate);
                    }}
                  >
                    {p.title}
                  </a>
                </td>
                <td className="py-2 align-top">
                  <Badge tone={p.status === 'ready' ? 'success' : 'neutral'}>{p.status === 'ready' ? 'Ready' : 'Draft'}</Badge>
                </td>
                <td className="py-2 text-right align-top text-muted">
                  <time dateTime={p.date} title={formatDateTime(p.date)}>
                    {formatRelative(p.date)}
                  </time>
                </td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </DashCard>
  );
}

const limitText = (n: number, one: string, many: string) => (Number.isFinite(n) ? `${n.toLocaleString('en-US')} ${n === 1 ? one : many}` : `Unlimited ${many}`);

/** The limits that tell plans apart at a glance (the full list is on /upgrade). */
function planLimits(plan: PlanType): string {
  const c = CAPABILITIES[plan];
  return [
    limitText(c.maxChannels, 'channel', 'channels'),
    limitText(THEME_CAPS[plan], 'theme', 'themes'),
    limitText(c.maxNewsletters, 'publication', 'publications'),
  ].join(' · ');
}

/** Every plan with the current one marked; the button opens the plan-upgrade dialog (its cards lead to /upgrade). */
export function SubscriptionCard({ onUpgrade }: { onUpgrade: () => void }) {
  const q = trpc.billing.subscription.useQuery(undefined, LOADED);
  const sub = q.data;
  const plan = sub?.currentPlan;
  const offer = plan ? PLAN_LIST.find((o) => o.id === plan) : undefined;
  const trial = sub && sub.source === null && sub.currentPlan !== 'free' && (sub.trialDaysLeft ?? 0) > 0 ? sub.trialDaysLeft : null;
  return (
    <DashCard
      icon={CreditCard}
      title="Subscription Plans"
      description="Your plan and what each plan includes."
      footer={
        <Button variant={plan === 'enterprise' ? 'outline' : 'primary'} className="w-full" onClick={onUpgrade}>
          {plan === 'enterprise' ? 'Compare plans' : 'Upgrade plan'}
          <ArrowRight aria-hidden />
        </Button>
      }
    >
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !plan ? (
        <div className="space-y-2">
          {rowSkeleton(1, 'h-12')}
          {rowSkeleton(PLAN_LIST.length, 'h-12')}
        </div>
      ) : (
        <>
          <div className="flex items-baseline justify-between gap-2 rounded-lg bg-indigo-50 px-3 py-2.5 dark:bg-indigo-500/10">
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              Current plan: <span className="font-semibold text-zinc-900 dark:text-white">{offer?.name ?? PLAN_LABELS[plan]}</span>
              {trial !== null && <span className="block text-xs text-muted">Free trial: {formatTrialLabel(trial)}</span>}
            </p>
            <span className="shrink-0 text-sm font-medium text-indigo-700 dark:text-indigo-300">
              {trial !== null ? '$0 during the trial' : (offer?.priceLabel ?? PLAN_LIST[0]!.priceLabel)}
            </span>
          </div>
          <ul className="mt-3 divide-y divide-zinc-100 text-sm dark:divide-zinc-800" aria-label="Plans">
            {PLAN_LIST.map((o) => (
              <li key={o.id} className="py-2.5" aria-current={o.id === plan ? 'true' : undefined}>
                <div className="flex items-center justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-2 font-medium text-zinc-900 dark:text-zinc-100">
                    {o.name}
                    {o.id === plan && <Badge tone="success">{MSG.currentPlan}</Badge>}
                  </span>
                  <span className="shrink-0 text-zinc-600 dark:text-zinc-300">{o.priceLabel}</span>
                </div>
                <p className="mt-0.5 text-xs text-muted">{planLimits(o.id)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </DashCard>
  );
}
