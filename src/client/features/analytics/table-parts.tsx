// Cells of the analytics tables: numbers in one style, and a head from a list of column names in plain small text.
import { TableHead } from '../../components/ui/table';

const th = 'px-3 py-2 whitespace-nowrap';
export const td = 'px-3 py-2 tabular-nums whitespace-nowrap text-zinc-800 dark:text-zinc-200';

export function HeadRow({ columns, className = th }: { columns: readonly string[]; className?: string }) {
  return <TableHead tone="plain" columns={columns} className="border-b border-zinc-200 dark:border-zinc-800" cellClassName={className} />;
}
