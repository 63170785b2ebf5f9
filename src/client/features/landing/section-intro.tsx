// A landing section's opening: the small coloured word above, the heading and the line under it.
import type { ReactNode } from 'react';

export function SectionIntro({ eyebrow, title, className, children }: { eyebrow: string; title: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">{eyebrow}</p>
      <h2 className="mt-2 text-3xl font-semibold tracking-tight">{title}</h2>
      <p className="mt-3 text-muted">{children}</p>
    </div>
  );
}
