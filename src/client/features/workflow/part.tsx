// A part of step 5's canvas (subject and intro, layout options, the issue's body, sending): a section
// named by its heading, with a line under the heading and controls beside it where the part has them.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Part({
  title,
  id,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  id: string;
  description?: ReactNode;
  /** Beside the heading from the small breakpoint, under it on a phone. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const heading = (
    <h3 id={id} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
      {title}
    </h3>
  );
  return (
    <section aria-labelledby={id} className={cn('rounded-lg border border-zinc-200 p-4 dark:border-zinc-800', className)}>
      <div className="mb-3">
        {actions ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            {heading}
            {actions}
          </div>
        ) : (
          heading
        )}
        {description && <p className="mt-1 text-xs text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}
