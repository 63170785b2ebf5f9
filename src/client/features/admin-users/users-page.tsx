// /admin/users (staff): every account with search and filters by role, plan and status. Admins change
// accounts from each row; managers and supervisors read (the server decides: it refuses their changes).
import { useState } from 'react';
import { Users } from 'lucide-react';
import { FilterSelect } from '../../components/filter-select';
import { PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { EmptyState, ListError, ListSkeleton } from '../../components/ui/list-states';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { trpc, type RouterOutputs } from '../../trpc';
import { useCurrentUser } from '../auth';
import { PLAN_LABELS, PLAN_TYPES, ROLES, type PlanType, type Role } from '../../../shared/plans';
import { ROLE_LABELS, UserActions } from './user-actions';
import { LOADED } from '../../lib/page-data';

const PAGE = 50;

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const PLAN_OPTIONS = PLAN_TYPES.map((p) => ({ value: p, label: PLAN_LABELS[p] }));
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];

type Status = '' | 'active' | 'disabled';
interface Filters {
  search: string;
  role: Role | '';
  plan: PlanType | '';
  status: Status;
}
type Account = RouterOutputs['admin']['listUsers']['users'][number];

const FILTERS = [
  { key: 'role', label: 'Role', all: 'All roles', options: ROLE_OPTIONS },
  { key: 'plan', label: 'Plan', all: 'All plans', options: PLAN_OPTIONS },
  { key: 'status', label: 'Status', all: 'All', options: STATUS_OPTIONS },
] as const;

function FilterBar({ filters, onChange }: { filters: Filters; onChange: (patch: Partial<Filters>) => void }) {
  return (
    <Card className="mb-4 grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_repeat(3,10rem)]">
      <div className="grid gap-1.5">
        <Label htmlFor="users-search">Search</Label>
        <Input id="users-search" type="search" placeholder="Name or email" value={filters.search} onChange={(e) => onChange({ search: e.target.value })} />
      </div>
      {FILTERS.map((f) => (
        <FilterSelect
          key={f.key}
          id={`users-${f.key}`}
          label={f.label}
          all={f.all}
          value={filters[f.key]}
          options={f.options}
          onChange={(v) => onChange({ [f.key]: v } as Partial<Filters>)}
        />
      ))}
    </Card>
  );
}

function AccountRow({ u, me, isAdmin }: { u: Account; me: { id: string } | null | undefined; isAdmin: boolean }) {
  return (
    <li aria-label={u.email} className="flex flex-col gap-3 p-4">
      <div className="min-w-0">
        <p className="truncate font-medium text-zinc-900 dark:text-white">
          {u.name} {u.id === me?.id && <span className="text-xs font-normal text-muted">(you)</span>}
        </p>
        <p className="truncate text-sm text-muted">{u.email}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-muted">
          <Badge tone={u.role === 'user' ? 'neutral' : 'brand'}>{ROLE_LABELS[u.role]}</Badge>
          <Badge tone={u.planType === 'free' ? 'neutral' : 'success'}>{PLAN_LABELS[u.planType]}</Badge>
          {u.disabled && <Badge tone="danger">Disabled</Badge>}
          <span>
            Joined {formatDate(u.createdAt)} · {u.activeSessions} {u.activeSessions === 1 ? 'session' : 'sessions'}
          </span>
        </div>
      </div>
      {isAdmin && <UserActions user={u} self={u.id === me?.id} />}
    </li>
  );
}

function Pager({ total, page, pages, setPage }: { total: number; page: number; pages: number; setPage: (p: number) => void }) {
  return (
    <div className="flex items-center justify-between border-t border-zinc-100 px-4 py-3 text-sm text-muted dark:border-zinc-800">
      <span>
        {total} {total === 1 ? 'account' : 'accounts'}
      </span>
      {pages > 1 && (
        <span className="flex items-center gap-2">
          <Button size="sm" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          Page {page + 1} of {pages}
          <Button size="sm" variant="outline" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </span>
      )}
    </div>
  );
}

export function UsersPage() {
  const me = useCurrentUser();
  const [filters, setFilters] = useState<Filters>({ search: '', role: '', plan: '', status: '' });
  const [page, setPage] = useState(0);
  // The list follows the search box once typing pauses, not on every key.
  const query = useDebounced(filters.search.trim());
  const input = {
    search: query,
    role: filters.role || undefined,
    plan: filters.plan || undefined,
    status: filters.status || undefined,
    limit: PAGE,
    offset: page * PAGE,
  };
  const list = trpc.admin.listUsers.useQuery(input, { ...LOADED, placeholderData: (prev) => prev });
  const isAdmin = me?.role === 'admin';
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE));
  const filter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };

  return (
    <div>
      <PageHeader
        title="User Management"
        description="Every account: find one, see its plan and sessions, and (admins) change it. Each change goes to the audit log."
      />
      {!isAdmin && me && (
        <p
          role="note"
          className="mb-4 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
        >
          Read-only: only admins change accounts.
        </p>
      )}
      <FilterBar filters={filters} onChange={filter} />
      {list.isError ? (
        <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <ListSkeleton rows={4} />
      ) : list.data.users.length === 0 ? (
        <EmptyState icon={Users} title="No accounts match" body="Change the search or the filters." />
      ) : (
        <Card className="overflow-hidden">
          <ul aria-label="Accounts" className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {list.data.users.map((u) => (
              <AccountRow key={u.id} u={u} me={me} isAdmin={isAdmin} />
            ))}
          </ul>
          <Pager total={list.data.total} page={page} pages={pages} setPage={setPage} />
        </Card>
      )}
    </div>
  );
}
