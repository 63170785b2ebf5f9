// The error and empty states shared by list pages (publications, newsletters).
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { RotateCw } from 'lucide-react';
import { Button } from './button';

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

export function EmptyState({ icon: Icon, title, body, children }: { icon: LucideIcon; title: string; body: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-5 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="font-medium text-zinc-900 dark:text-white">{title}</p>
      <p className="max-w-sm text-sm text-zinc-500 dark:text-zinc-400">{body}</p>
      {children}
    </div>
  );
}
