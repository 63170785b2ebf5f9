// /protection-status: live checks against this server, each active or inactive, and the share active.
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, ExternalLink, RefreshCw } from 'lucide-react';
import { PublicPage } from '../../components/public-layout';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { HONEYPOT_FIELDS } from '../../../shared/schemas/demo';
import { ProtectedArea } from './protected-area';

interface Check {
  name: string;
  detail: string;
  active: boolean;
}

async function runChecks(): Promise<Check[]> {
  const [check, honeypot] = await Promise.all([fetch('/api/auth/check', { credentials: 'include' }), fetch('/api/honeypot', { credentials: 'include' })]);
  const hp = (await honeypot.json().catch(() => null)) as { ok?: boolean; active?: boolean; fields?: string[] } | null;
  const h = (k: string) => check.headers.get(k) ?? '';
  const https = window.location.protocol === 'https:';
  return [
    { name: 'Protected content', detail: 'X-Protected-Content: true on /api/auth/check', active: h('X-Protected-Content') === 'true' },
    { name: 'Anti-scraping', detail: 'X-Anti-Scraping: active on /api/auth/check', active: h('X-Anti-Scraping') === 'active' },
    {
      name: 'Honeypot',
      detail: `GET /api/honeypot answers active (${(hp?.fields ?? HONEYPOT_FIELDS).length} hidden fields)`,
      active: honeypot.ok && hp?.ok === true && hp.active === true,
    },
    // API answers carry the API policy (nothing loads, nothing frames them); pages the full one.
    { name: 'Content-Security-Policy', detail: 'CSP header on every response', active: /default-src '(self|none)'/.test(h('Content-Security-Policy')) },
    {
      name: 'Strict-Transport-Security',
      detail: https ? 'HSTS header (sent in production over HTTPS)' : 'HSTS is sent only in production over HTTPS',
      active: h('Strict-Transport-Security').includes('max-age'),
    },
    {
      name: 'Clickjacking protection',
      detail: 'X-Frame-Options: SAMEORIGIN on pages, DENY on API answers',
      active: ['SAMEORIGIN', 'DENY'].includes(h('X-Frame-Options').toUpperCase()),
    },
  ];
}

export function ProtectionStatusPage() {
  useTitle('Protection Status');
  const q = useQuery({ queryKey: ['demo', 'protection-status'], queryFn: runChecks, refetchInterval: 30_000, retry: false });
  const active = q.data?.filter((c) => c.active).length ?? 0;
  const total = q.data?.length ?? 0;
  const pct = total ? Math.round((active / total) * 100) : 0;

  return (
    <PublicPage title="Protection Status" lead="Live checks against this server: which protections answer right now.">
      <ProtectedArea page="protection-status">
        {q.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner />
          </div>
        ) : q.isError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errorMessage(q.error)}
          </p>
        ) : (
          <>
            <div className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900/60">
              <div className="flex items-baseline justify-between gap-4">
                <p className="font-medium text-zinc-900 dark:text-white">Protection coverage</p>
                <p className="text-2xl font-semibold tabular-nums text-zinc-900 dark:text-white">{pct}%</p>
              </div>
              <div
                role="progressbar"
                aria-label="Protection coverage"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
                className="mt-3 h-2.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
              >
                <div className="h-full rounded-full bg-emerald-500 transition-[width]" style={{ width: `${pct}%` }} />
              </div>
              <p className="mt-2 text-sm text-muted">
                {active} of {total} protections active
              </p>
            </div>
            <ul
              aria-label="Protection checks"
              className="mt-6 divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60"
            >
              {q.data.map((c) => (
                <li key={c.name} className="flex items-start justify-between gap-4 p-4">
                  <div className="min-w-0">
                    <p className="font-medium text-zinc-900 dark:text-white">{c.name}</p>
                    <p className="text-sm text-muted">{c.detail}</p>
                  </div>
                  <span
                    className={
                      c.active
                        ? 'flex shrink-0 items-center gap-1 text-sm font-medium text-emerald-700 dark:text-emerald-400'
                        : 'flex shrink-0 items-center gap-1 text-sm font-medium text-muted'
                    }
                  >
                    {c.active ? <CircleCheck className="size-4" aria-hidden /> : <CircleX className="size-4" aria-hidden />}
                    {c.active ? 'Active' : 'Inactive'}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
            <RefreshCw aria-hidden />
            Run checks again
          </Button>
          <Button variant="outline" onClick={() => window.open('/sitemap.xml', '_blank', 'noopener,noreferrer')}>
            <ExternalLink aria-hidden />
            Test: open sitemap.xml
          </Button>
        </div>
      </ProtectedArea>
    </PublicPage>
  );
}
