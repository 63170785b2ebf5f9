// A headline figure on a card (users, MRR, open rate): its label and value as a term and its definition, so a
// screen reader reads "Open rate, 42 %" and no big number passes for a heading.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from './card';

interface StatProps {
  label: string;
  /** undefined while loading: a placeholder of the value's size. */
  value: ReactNode | undefined;
  icon?: LucideIcon;
  /** The icon's colour classes. */
  iconTone?: string;
  note?: ReactNode;
  /** The note's colour classes (text-muted unless told). */
  noteTone?: string;
  testId?: string;
  /** 'inline': the icon beside a smaller figure (the security page's counters). */
  layout?: 'card' | 'inline';
  className?: string;
}

export function Stat({
  label,
  value,
  icon: Icon,
  iconTone = 'text-indigo-600 dark:text-indigo-400',
  note,
  noteTone = 'text-muted',
  testId,
  layout = 'card',
  className,
}: StatProps) {
  const figure =
    value === undefined ? (
      <dd aria-hidden className="mt-2 h-8 w-28 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
    ) : (
      <dd
        className={cn('font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-white', layout === 'inline' ? 'text-xl' : 'mt-1.5 text-2xl')}
        data-testid={testId}
      >
        {value}
      </dd>
    );
  if (layout === 'inline') {
    return (
      <Card className={cn('flex items-center gap-3 p-4', className)}>
        {Icon && <Icon className={cn('size-5 shrink-0', iconTone)} aria-hidden />}
        <dl>
          <dt className="text-xs text-muted">{label}</dt>
          {figure}
        </dl>
      </Card>
    );
  }
  return (
    <Card className={cn('p-4 sm:p-5', className)} role="group" aria-label={label}>
      <div className="flex items-start justify-between gap-3">
        <dl className="min-w-0">
          <dt className="text-sm font-medium text-muted">{label}</dt>
          {figure}
          {note && <dd className={cn('mt-1 text-xs', noteTone)}>{note}</dd>}
        </dl>
        {Icon && <Icon className={cn('hidden size-5 shrink-0 sm:block', iconTone)} aria-hidden />}
      </div>
    </Card>
  );
}
