// /admin/security (staff): the last 24 hours of sign-ins at a glance, then tabs for sign-in attempts,
// open sessions and the audit log, with filters. Everything shown comes from the server as recorded.
import { useState } from 'react';
import { AlertTriangle, Ban, CheckCircle2, KeyRound, ShieldAlert } from 'lucide-react';
import { FilterSelect } from '../../components/filter-select';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Stat } from '../../components/ui/stat';
import { Input } from '../../components/ui/input';
import { Table, TableBody, TableEmpty, TableHead } from '../../components/ui/table';
import { Label } from '../../components/ui/label';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { trpc, type RouterOutputs } from '../../trpc';
import { LOADED } from '../../lib/page-data';

const OUTCOMES = [
  { id: 'success', label: 'Signed in', tone: 'success' },
  { id: 'failure', label: 'Failed', tone: 'danger' },
  { id: 'rate_limited', label: 'Rate-limited', tone: 'warning' },
  { id: 'disabled', label: 'Disabled account', tone: 'neutral' },
] as const;
type Outcome = (typeof OUTCOMES)[number]['id'];
const OUTCOME_OPTIONS = OUTCOMES.map((o) => ({ value: o.id, label: o.label }));

/** How a sign-in was attempted, as the security log names it. */
const METHOD_LABELS: Record<string, string> = { password: 'Password', code: 'E-mail code', google: 'Google', github: 'GitHub' };

const cell = 'px-3 py-2 align-top';

type Security = RouterOutputs['admin']['security'];

function Last24h({ d }: { d: Security }) {
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    <section aria-label="Last 24 hours" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Stat layout="inline" icon={CheckCircle2} label="Sign-ins (24 h)" value={n(d.last24h.success)} />
      <Stat layout="inline" icon={AlertTriangle} label="Failed (24 h)" value={n(d.last24h.failure)} />
      <Stat layout="inline" icon={ShieldAlert} label="Rate-limited (24 h)" value={n(d.last24h.rate_limited)} />
      <Stat layout="inline" icon={Ban} label="Disabled accounts (24 h)" value={n(d.last24h.disabled)} />
      <Stat layout="inline" icon={KeyRound} label="Open sessions" value={n(d.sessions.total)} />
    </section>
  );
}

function SignIns({ rows }: { rows: Security['signIns'] }) {
  return (
    <LogTable label="Sign-in attempts" empty="No sign-in attempts match." head={['When', 'Address', 'Outcome', 'Method', 'From']}>
      {rows.map((s) => {
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
    </LogTable>
  );
}

function Sessions({ rows }: { rows: Security['sessions']['list'] }) {
  return (
    <LogTable label="Sessions" empty="No open sessions." head={['Account', 'Started', 'Expires', 'Session']}>
      {rows.map((s) => (
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
    </LogTable>
  );
}

function Audit({ rows }: { rows: Security['audit'] }) {
  return (
    <LogTable label="Audit log" empty="No changes recorded yet." head={['When', 'Who', 'Action', 'Account', 'Details', 'From']}>
      {rows.map((a) => (
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
    </LogTable>
  );
}

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
          <Last24h d={d} />
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
              <FilterSelect
                id="security-outcome"
                label="Outcome"
                all="All outcomes"
                value={outcome}
                onChange={(v) => setOutcome(v as Outcome | '')}
                options={OUTCOME_OPTIONS}
                className="mb-3 sm:max-w-xs"
              />
              <SignIns rows={d.signIns} />
            </TabsContent>
            <TabsContent value="sessions">
              <Sessions rows={d.sessions.list} />
            </TabsContent>
            <TabsContent value="audit">
              <FilterSelect
                id="security-action"
                label="Action"
                all="All actions"
                value={action}
                onChange={setAction}
                options={d.actions.map((a) => ({ value: a, label: a }))}
                className="mb-3 sm:max-w-xs"
              />
              <Audit rows={d.audit} />
            </TabsContent>
          </Tabs>
        </>
      )}
    </div>
  );
}

function LogTable({ label, head, empty, children }: { label: string; head: string[]; empty: string; children: React.ReactNode[] }) {
  return (
    <Card>
      {/* Wider than a phone on purpose: the card scrolls sideways rather than breaking addresses letter by letter. */}
      <Table aria-label={label} scroll={label} scrollClassName="rounded-xl" className="min-w-[44rem] text-left">
        <TableHead columns={head} ruled cellClassName="px-3 py-2" />
        <TableBody className="text-zinc-800 dark:text-zinc-200">
          {children.length ? children : <TableEmpty colSpan={head.length}>{empty}</TableEmpty>}
        </TableBody>
      </Table>
    </Card>
  );
}
