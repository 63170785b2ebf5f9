// The Subscribers page's list: its search and filters (status, tag), the page shown, and the bar that
// sets them; any change of filter goes back to the first page.
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { LOADED } from '../../lib/page-data';
import { trpc, type RouterOutputs } from '../../trpc';
import { STATUSES, type Status } from './subscribers-table';

export interface ListFilters {
  search: string;
  status: Status | '';
  tag: string;
}

type Tags = RouterOutputs['segments']['listTags'];

export function useSubscriberList(publicationId: string) {
  const [filters, setFilters] = useState<ListFilters>({ search: '', status: '', tag: '' });
  const [page, setPage] = useState(1);
  const { search, status, tag } = filters;
  const list = trpc.subscribers.list.useQuery(
    { publicationId, search: search || undefined, status: status || undefined, tag: tag || undefined, page },
    { ...LOADED, placeholderData: (p) => p },
  );
  const filter = (patch: Partial<ListFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.matching / data.pageSize)) : 1;
  return { list, filters, filter, page, pages, setPage };
}

/** Search, the status and tag filters (the tag one once the publication has tags), and the bar's actions at its end. */
export function SubscriberFilters({
  filters,
  onFilter,
  tags,
  actions,
}: {
  filters: ListFilters;
  onFilter: (patch: Partial<ListFilters>) => void;
  tags: Tags | undefined;
  actions: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Input
        aria-label="Search subscribers"
        placeholder="Search by e-mail or name"
        value={filters.search}
        onChange={(e) => onFilter({ search: e.target.value })}
        className="max-w-xs"
      />
      <Select aria-label="Filter by status" value={filters.status} onChange={(e) => onFilter({ status: e.target.value as Status | '' })} className="w-44">
        <option value="">All statuses</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      {tags && tags.length > 0 && (
        <Select aria-label="Filter by tag" value={filters.tag} onChange={(e) => onFilter({ tag: e.target.value })} className="w-44">
          <option value="">All tags</option>
          {tags.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.readers.toLocaleString()})
            </option>
          ))}
        </Select>
      )}
      {actions}
    </div>
  );
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <div className="flex items-center justify-between text-sm">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </div>
  );
}
