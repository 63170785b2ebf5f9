// A panel of a publication's pages (Subscribers, Recurring): a white box named by its heading, with an
// icon before the heading, a line under it and an action beside it where the panel has them.
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';

interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The heading's id, naming the section. */
  headingId: string;
  title: ReactNode;
  /** Set close under the heading. */
  description?: ReactNode;
  action?: ReactNode;
}

export function Panel({ headingId, title, description, action, className, children, ...props }: PanelProps) {
  let heading: ReactNode = (
    <h2 id={headingId} className="flex items-center gap-1.5 font-medium text-zinc-900 dark:text-zinc-100">
      {title}
    </h2>
  );
  if (description !== undefined)
    heading = (
      <div>
        {heading}
        <p className="text-muted">{description}</p>
      </div>
    );
  return (
    <section
      aria-labelledby={headingId}
      className={cn('grid gap-2 rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900', className)}
      {...props}
    >
      {action === undefined ? (
        heading
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
