// The loading, error and empty states shared by list pages (publications, newsletters).
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { RotateCw } from 'lucide-react';
import { Button } from './button';
import { IconTile } from './icon-tile';

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-5 py-10 text-center text-sm text-red-600 dark:text-red-400">
      {message}
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden /> Retry
      </Button>
    </div>
  );
}

export function EmptyState({ icon, title, body, children }: { icon: LucideIcon; title: string; body: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-5 py-12 text-center">
      <IconTile icon={icon} className="size-12 rounded-full" />
      <p className="font-medium text-zinc-900 dark:text-white">{title}</p>
      <p className="max-w-sm text-sm text-muted">{body}</p>
      {children}
    </div>
  );
}

/** Placeholder rows with the height of real ones, so the list does not jump when it loads. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul aria-hidden className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-4 px-5 py-4">
          <div className="flex-1 space-y-2">
            <div className="h-4 w-52 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="h-3 w-72 max-w-full animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/60" />
          </div>
          <div className="hidden h-8 w-64 animate-pulse rounded-lg bg-zinc-100 sm:block dark:bg-zinc-800/60" />
        </li>
      ))}
    </ul>
  );
}
