// Tables of the app: a named table (a caption read by screen readers, or an aria-label), column headers with a
// scope, row headers, an empty row, and for wide tables a ScrollRegion around it so that a keyboard user can scroll
// it sideways. Cells keep the padding their table chooses; the head and the row rules are the same everywhere.
import type { HTMLAttributes, ReactNode, TableHTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { ScrollRegion } from './scroll-region';

/** A table is named by a caption (read by screen readers only) or by an aria-label / aria-labelledby. */
type TableName = { caption: ReactNode } | { 'aria-label': string; caption?: undefined } | { 'aria-labelledby': string; caption?: undefined };

type TableProps = Omit<TableHTMLAttributes<HTMLTableElement>, 'aria-label' | 'aria-labelledby'> &
  TableName & {
    /** The table scrolls sideways in a focusable region with this label when it is wider than its box. */
    scroll?: string;
    /** Classes of the scroll region (a negative margin, a border, a height). */
    scrollClassName?: string;
  };

export function Table({ caption, scroll, scrollClassName, className, children, ...props }: TableProps) {
  const table = (
    <table className={cn('w-full text-sm', className)} {...props}>
      {caption !== undefined && <caption className="sr-only">{caption}</caption>}
      {children}
    </table>
  );
  if (scroll === undefined) return table;
  return (
    <ScrollRegion label={scroll} className={scrollClassName}>
      {table}
    </ScrollRegion>
  );
}

export interface TableColumn {
  label: ReactNode;
  /** React key when the label is not a string. */
  key?: string;
  className?: string;
  /** A header read by screen readers only (an actions column, a selection column). */
  srOnly?: boolean;
}

/** The head row's look: small capitals (most tables), or plain small text (the analytics figures). */
const HEAD_TONES = {
  caps: 'text-left text-xs uppercase tracking-wide text-muted',
  plain: 'text-left text-xs text-muted',
} as const;

interface TableHeadProps {
  columns: readonly (string | TableColumn)[];
  tone?: keyof typeof HEAD_TONES;
  /** A rule under the head row. */
  ruled?: boolean;
  /** Classes of the head row. */
  className?: string;
  /** Classes of every header cell (its padding: 'pb-2' unless told). */
  cellClassName?: string;
}

export function TableHead({ columns, tone = 'caps', ruled = false, className, cellClassName = 'pb-2' }: TableHeadProps) {
  return (
    <thead>
      <tr className={cn(HEAD_TONES[tone], ruled && 'border-b border-zinc-100 dark:border-zinc-800', className)}>
        {columns.map((c) => {
          const col = typeof c === 'string' ? { label: c } : c;
          return (
            <th key={col.key ?? String(col.label)} scope="col" className={cn('font-medium', cellClassName, col.className)}>
              {col.srOnly ? <span className="sr-only">{col.label}</span> : col.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('divide-y divide-zinc-100 dark:divide-zinc-800', className)} {...props} />;
}

export function TableRow(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...props} />;
}

export function TableCell(props: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td {...props} />;
}

/** The cell that names its row (a subject, a week): a header cell with scope="row", set like a plain cell. */
export function TableRowHeader({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="row" className={cn('text-left font-normal', className)} {...props} />;
}

/** One row across every column saying why the table is empty. */
export function TableEmpty({ colSpan, children, className }: { colSpan: number; children: ReactNode; className?: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className={cn('px-3 py-8 text-center text-muted', className)}>
        {children}
      </td>
    </tr>
  );
}
