// A box that scrolls (a wide table, a long plain-text part): a named region that a keyboard user can focus and
// scroll with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable), a tab stop only while it overflows;
// it rings like every control (styles.css's focus block).
import { forwardRef, useCallback, useEffect, useState, type HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** True while the element's content is wider or taller than its box. */
export function useOverflows<T extends HTMLElement>(): [(el: T | null) => void, boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    for (const child of Array.from(el.children)) ro.observe(child);
    return () => ro.disconnect();
  }, [el]);
  return [setEl, overflows];
}

interface ScrollRegionProps extends HTMLAttributes<HTMLDivElement> {
  /** What the region holds, read by screen readers when it takes focus ("Subscribers", "Audit log"). */
  label: string;
}

export const ScrollRegion = forwardRef<HTMLDivElement, ScrollRegionProps>(function ScrollRegion({ label, className, children, ...props }, ref) {
  const [measureRef, overflows] = useOverflows<HTMLDivElement>();
  const setRefs = useCallback(
    (node: HTMLDivElement | null) => {
      measureRef(node);
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [measureRef, ref],
  );
  return (
    <div ref={setRefs} role="region" aria-label={label} tabIndex={overflows ? 0 : undefined} className={cn('overflow-x-auto', className)} {...props}>
      {children}
    </div>
  );
});
