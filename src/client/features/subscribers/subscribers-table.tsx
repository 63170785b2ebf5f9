// The Subscribers page's table: each reader with a box to select them, their e-mail (opening their
// history), name, status with their own choices beside it, tags, how they joined and when.
import { Link } from '@tanstack/react-router';
import { Table, TableBody, TableHead, type TableColumn } from '../../components/ui/table';
import { Badge } from '../../components/ui/badge';
import { formatDate } from '../../lib/format';
import type { RouterOutputs } from '../../trpc';

export const STATUSES = ['pending', 'active', 'unsubscribed', 'bounced', 'complained'] as const;
export type Status = (typeof STATUSES)[number];
export const TONE: Record<Status, 'neutral' | 'success' | 'warning' | 'danger'> = {
  pending: 'warning',
  active: 'success',
  unsubscribed: 'neutral',
  bounced: 'danger',
  complained: 'danger',
};

const COLUMNS: (string | TableColumn)[] = [{ label: 'Select', srOnly: true, className: 'w-8' }, 'E-mail', 'Name', 'Status', 'Tags', 'Source', 'Added'];

type Reader = RouterOutputs['subscribers']['list']['subscribers'][number];

/** What the reader chose in the preference centre; nothing for one who kept the defaults. */
function ReaderChoices({ reader }: { reader: Reader }) {
  const choices = [
    reader.pausedUntil ? `Paused until ${formatDate(reader.pausedUntil)}` : null,
    reader.frequency === 'weekly' ? 'Weekly roll-up' : null,
    reader.format === 'text' ? 'Text only' : null,
    reader.topics.length > 0 ? `Topics: ${reader.topics.join(', ')}` : null,
  ].filter((c) => c !== null);
  if (choices.length === 0) return null;
  return (
    <ul className="mt-1 grid max-w-56 gap-0.5 text-xs text-muted" aria-label={`Choices of ${reader.email}`}>
      {choices.map((c) => (
        <li key={c} className="break-words">
          {c}
        </li>
      ))}
    </ul>
  );
}

/** The first four tags, and how many more there are. */
function ReaderTags({ reader }: { reader: Reader }) {
  if (reader.tags.length === 0) return null;
  return (
    <ul className="flex max-w-56 flex-wrap gap-1" aria-label={`Tags of ${reader.email}`}>
      {reader.tags.slice(0, 4).map((t) => (
        <li key={t} className="max-w-full truncate rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {t}
        </li>
      ))}
      {reader.tags.length > 4 && <li className="text-xs text-muted">+{reader.tags.length - 4}</li>}
    </ul>
  );
}

function ReaderRow({
  publicationId,
  reader: s,
  selected,
  onSelect,
}: {
  publicationId: string;
  reader: Reader;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  return (
    <tr>
      <td className="p-3">
        <input type="checkbox" aria-label={`Select ${s.email}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
      </td>
      <td className="min-w-40 p-3 font-medium [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-100">
        <Link
          to="/subscribers/$subscriberId"
          params={{ subscriberId: s.id }}
          search={{ publicationId }}
          className="hover:underline"
          title="Open this reader's history"
        >
          {s.email}
        </Link>
      </td>
      <td className="p-3 text-muted">{s.name}</td>
      <td className="p-3">
        <Badge tone={TONE[s.status]}>{s.status}</Badge>
        <ReaderChoices reader={s} />
      </td>
      <td className="p-3">
        <ReaderTags reader={s} />
      </td>
      <td className="p-3 text-muted">{s.source}</td>
      <td className="p-3 whitespace-nowrap text-muted">{formatDate(s.createdAt)}</td>
    </tr>
  );
}

export function SubscribersTable({
  publicationId,
  readers,
  selected,
  onSelected,
}: {
  publicationId: string;
  readers: Reader[];
  selected: ReadonlySet<string>;
  onSelected: (next: Set<string>) => void;
}) {
  const select = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelected(next);
  };
  return (
    <Table
      caption="Subscribers"
      scroll="Subscribers"
      scrollClassName="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      className="text-left"
    >
      <TableHead columns={COLUMNS} tone="plain" className="border-b border-zinc-200 dark:border-zinc-800" cellClassName="p-3" />
      <TableBody>
        {readers.map((s) => (
          <ReaderRow key={s.id} publicationId={publicationId} reader={s} selected={selected.has(s.id)} onSelect={(on) => select(s.id, on)} />
        ))}
      </TableBody>
    </Table>
  );
}
