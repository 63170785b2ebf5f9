// /admin/security (staff): the last 24 hours of sign-ins at a glance, then tabs for sign-in attempts,
// open sessions and the audit log, with filters. Everything shown comes from the server as recorded.
import { useState } from 'react';
import { AlertTriangle, Ban, CheckCircle2, KeyRound, ShieldAlert } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Stat } from '../../components/ui/stat';
import { Input, Select } from '../../components/ui/input';
import { ScrollRegion } from '../../components/ui/scroll-region';
import { Label } from '../../components/ui/label';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';

const OUTCOMES = [
  { id: 'success', label: 'Signed in', tone: 'success' },
  { id: 'failure', label: 'Failed', tone: 'danger' },
  { id: 'rate_limited', label: 'Rate-limited', tone: 'warning' },
  { id: 'disabled', label: 'Disabled account', tone: 'neutral' },
] as const;
type Outcome = (typeof OUTCOMES)[number]['id'];

/** How a sign-in was attempted, as the security log names it. */
const METHOD_LABELS: Record<string, string> = { password: 'Password', code: 'E-mail code', google: 'Google', github: 'GitHub' };

const cell = 'px-3 py-2 align-top';

export function SecurityPage() {
  const [search, setSearch] = useState('');
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [action, setAction] = useState('');
  // The lists follow the search box once typing pauses, not on every key.
  const query = useDebounced(search.trim());
  const q = trpc.admin.security.useQuery(
    { search: query, outcome: outcome || undefined, action: action || undefined },
    { ...LOADED, placeholderData: (p) => p, refetchInterval: 30_000 },
  );
  const d = q.data;
  return (
    <div>
      <PageHeader title="Security" description="Sign-in attempts, open sessions and every change staff made, as the server recorded them." />
      {q.isError ? (
        <ListError message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <ListSkeleton rows={4} />
      ) : (
        <>
          <section aria-label="Last 24 hours" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Stat layout="inline" icon={CheckCircle2} label="Sign-ins (24 h)" value={d.last24h.success.toLocaleString('en-US')} />
            <Stat layout="inline" icon={AlertTriangle} label="Failed (24 h)" value={d.last24h.failure.toLocaleString('en-US')} />
            <Stat layout="inline" icon={ShieldAlert} label="Rate-limited (24 h)" value={d.last24h.rate_limited.toLocaleString('en-US')} />
            <Stat layout="inline" icon={Ban} label="Disabled accounts (24 h)" value={d.last24h.disabled.toLocaleString('en-US')} />
            <Stat layout="inline" icon={KeyRound} label="Open sessions" value={d.sessions.total.toLocaleString('en-US')} />
          </section>
          <div className="mb-4 grid gap-1.5 sm:max-w-sm">
            <Label htmlFor="security-search">Search addresses</Label>
            <Input id="security-search" type="search" placeholder="e-mail" value={search} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <Tabs defaultValue="sign-ins">
            <TabsList>
              <TabsTrigger value="sign-ins">Sign-ins</TabsTrigger>
              <TabsTrigger value="sessions">Sessions</TabsTrigger>
              <TabsTrigger value="audit">Audit log</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-ins">
              <div className="mb-3 grid gap-1.5 sm:max-w-xs">
                <Label htmlFor="security-outcome">Outcome</Label>
                <Select id="security-outcome" value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome | '')}>
                  <option value="">All outcomes</option>
                  {OUTCOMES.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              </div>
              <Table label="Sign-in attempts" empty="No sign-in attempts match." head={['When', 'Address', 'Outcome', 'Method', 'From']}>
                {d.signIns.map((s) => {
                  const o = OUTCOMES.find((x) => x.id === s.outcome) ?? OUTCOMES[1];
                  return (
                    <tr key={s.id}>
                      <td className={`${cell} whitespace-nowrap`}>{formatDateTime(s.at)}</td>
                      <td className={`${cell} min-w-40 break-all`}>{s.email}</td>
                      <td className={cell}>
                        <Badge tone={o.tone}>{o.label}</Badge>
                      </td>
                      <td className={cell}>{METHOD_LABELS[s.method] ?? s.method}</td>
                      <td className={`${cell} text-muted`}>
                        {s.ip}
                        <span className="block max-w-64 truncate text-xs" title={s.userAgent}>
                          {s.userAgent}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </Table>
            </TabsContent>
            <TabsContent value="sessions">
              <Table label="Sessions" empty="No open sessions." head={['Account', 'Started', 'Expires', 'Session']}>
                {d.sessions.list.map((s) => (
                  <tr key={s.id}>
                    <td className={`${cell} min-w-40`}>
                      {s.name}
                      <span className="block break-all text-xs text-muted">{s.email}</span>
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>{formatDateTime(s.startedAt)}</td>
                    <td className={`${cell} whitespace-nowrap`}>{formatDateTime(s.expiresAt)}</td>
                    <td className={`${cell} font-mono text-xs text-muted`}>{s.id}…</td>
                  </tr>
                ))}
              </Table>
            </TabsContent>
            <TabsContent value="audit">
              <div className="mb-3 grid gap-1.5 sm:max-w-xs">
                <Label htmlFor="security-action">Action</Label>
                <Select id="security-action" value={action} onChange={(e) => setAction(e.target.value)}>
                  <option value="">All actions</option>
                  {d.actions.map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </Select>
              </div>
              <Table label="Audit log" empty="No changes recorded yet." head={['When', 'Who', 'Action', 'Account', 'Details', 'From']}>
                {d.audit.map((a) => (
                  <tr key={a.id}>
                    <td className={`${cell} whitespace-nowrap`}>{formatDateTime(a.at)}</td>
                    <td className={`${cell} min-w-40 break-all`}>{a.actor}</td>
                    <td className={cell}>
                      <Badge tone="brand">{a.action}</Badge>
                    </td>
                    <td className={`${cell} min-w-40 break-all`}>{a.target ?? '—'}</td>
                    <td className={`${cell} min-w-56 text-xs text-muted`}>
                      {Object.entries(a.detail)
                        .filter(([k]) => k !== 'email')
                        .map(([k, v]) => `${k}: ${String(v)}`)
                        .join(' · ')}
                    </td>
                    <td className={`${cell} text-muted`}>{a.ip || 'CLI'}</td>
                  </tr>
                ))}
              </Table>
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

function Table({ label, head, empty, children }: { label: string; head: string[]; empty: string; children: React.ReactNode[] }) {
  return (
    <Card>
      <ScrollRegion label={label} className="rounded-xl">
        {/* Wider than a phone on purpose: the card scrolls sideways rather than breaking addresses letter by letter. */}
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="border-b border-zinc-100 text-xs uppercase tracking-wide text-muted dark:border-zinc-800">
            <tr>
              {head.map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 text-zinc-800 dark:divide-zinc-800 dark:text-zinc-200">
            {children.length ? (
              children
            ) : (
              <tr>
                <td colSpan={head.length} className="px-3 py-8 text-center text-muted">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}
