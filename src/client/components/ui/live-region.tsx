// A polite live region (WCAG 4.1.3): screen readers read its text whenever it changes, after what they are
// reading. It is rendered from the start and only its text changes: a region that appears together with
// its text is often not read at all.
import type { ReactNode } from 'react';

export function LiveRegion({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <div aria-live="polite" aria-atomic="true" className={className ?? 'sr-only'} data-testid={testId}>
      {children}
    </div>
  );
}
