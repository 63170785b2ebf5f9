// Cells of the analytics tables: numbers in one style, and a header row from a list of column names.
export const th = 'px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-muted';
export const td = 'px-3 py-2 tabular-nums whitespace-nowrap text-zinc-800 dark:text-zinc-200';

export function HeadRow({ columns, className = th }: { columns: readonly string[]; className?: string }) {
  return (
    <tr className="border-b border-zinc-200 dark:border-zinc-800">
      {columns.map((h) => (
        <th key={h} scope="col" className={className}>
          {h}
        </th>
      ))}
    </tr>
  );
}
