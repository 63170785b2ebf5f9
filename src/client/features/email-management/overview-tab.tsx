// Overview: overall health with its last-checked time, today's figures, and the chain's services.
// Health is polled every 30 s and figures every 60 s (spec §9).
import { Activity, MailCheck, MailOpen, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../components/ui/card';
import { SectionCard } from '../../components/ui/section-card';
import { ListError } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../trpc';
import type { EmailScope } from '../../../shared/schemas/email-admin';
import { StatusDot, StatusLabel } from './status';
import { HEALTH_POLL_MS, METRICS_POLL_MS } from './use-email-scope';

/** A share as a whole percentage; '—' when there is nothing to divide by (no 0 % for no mail). */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '—';
  return `${Math.min(100, Math.round((part / whole) * 1000) / 10)}%`;
}

function StatCard({ label, icon, value, note, testId }: { label: string; icon: ReactNode; value: ReactNode; note: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="grid gap-1 p-5">
        <div className="flex items-center justify-between text-sm text-muted">
          <span>{label}</span>
          {icon}
        </div>
        <div className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white" data-testid={`${testId}-value`}>
          {value}
        </div>
        <div className="text-xs text-muted">{note}</div>
      </CardContent>
    </Card>
  );
}

const PLACES = { brevo: 'Primary (API) service', bigscoots: 'Secondary (SMTP) service', fallback: 'Fallback service' } as const;

// Not read with LOADED: coming back to this tab (after a test send) must show fresh figures, so its
// mount refreshes what the route loader fetched.
export function OverviewTab({ scope }: { scope: EmailScope }) {
  const health = trpc.emailAdmin.getHealth.useQuery({ scope }, { refetchInterval: HEALTH_POLL_MS });
  const metrics = trpc.emailAdmin.getMetrics.useQuery({ scope }, { refetchInterval: METRICS_POLL_MS });
  const h = health.data?.data;
  const m = metrics.data?.data;
  const loading = <span className="inline-block h-7 w-16 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />;

  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          testId="overall-status"
          label="Overall Status"
          icon={<Activity className="size-4" aria-hidden />}
          value={h ? <StatusLabel status={h.status} className="text-xl" /> : health.isError ? <StatusLabel status="unknown" className="text-xl" /> : loading}
          note={h ? `Last checked ${formatDateTime(h.lastCheck)}` : health.isError ? errorMessage(health.error) : 'Checking…'}
        />
        <StatCard
          testId="sent-today"
          label="Emails Sent today"
          icon={<Send className="size-4" aria-hidden />}
          value={m ? m.sent.toLocaleString() : loading}
          note={m ? `UTC day ${m.day}` : metrics.isError ? errorMessage(metrics.error) : ' '}
        />
        <StatCard
          testId="delivery-rate"
          label="Delivery Rate"
          icon={<MailCheck className="size-4" aria-hidden />}
          value={m ? percent(m.delivered, m.sent) : loading}
          note={m ? `${m.delivered.toLocaleString()} delivered · ${m.bounced.toLocaleString()} bounced` : ' '}
        />
        <StatCard
          testId="open-rate"
          label="Open Rate"
          icon={<MailOpen className="size-4" aria-hidden />}
          value={m ? percent(m.opened, m.delivered) : loading}
          note={m ? `${m.opened.toLocaleString()} opened (reported by providers)` : ' '}
        />
      </div>

      <SectionCard title="Mail services" description={`${h ? h.detail : 'Each service is checked with a real connection or account call.'}`}>
        {health.isError && !h ? (
          <ListError message={errorMessage(health.error)} onRetry={() => void health.refetch()} />
        ) : (
          <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Mail services">
            {(['brevo', 'bigscoots', 'fallback'] as const).map((key) => {
              const s = h?.services[key];
              return (
                <li key={key} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid={`service-${key}`}>
                  <div className="flex min-w-0 flex-1 items-center gap-3">
                    <StatusDot status={s?.status ?? 'unknown'} />
                    <div className="min-w-0">
                      <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{PLACES[key]}</p>
                      <p className="truncate text-xs text-muted" title={s?.detail}>
                        {s ? `${s.name} — ${s.detail}` : 'Checking…'}
                      </p>
                    </div>
                  </div>
                  {s && <StatusLabel status={s.status} className="text-sm" />}
                </li>
              );
            })}
          </ul>
        )}
        <p className="mt-3 text-xs text-muted">
          Sent counts subscriber mail and test mail sent today (UTC); sign-in and reset mails are not counted. Delivered is sent minus bounces reported by
          providers.
        </p>
      </SectionCard>
    </div>
  );
}
