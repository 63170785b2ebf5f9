// Step 5's send bar sticks to the bottom of the screen; what it covers is kept free (WCAG 2.4.11): toasts
// rise above it (`--toast-offset`, read by the toaster) so a message never covers "Send to subscribers" or
// the focus on it, and focus scrolls clear of it (`--sticky-bottom`, the document's scroll padding in
// styles.css, used by lib/focus-clearance.ts). Both are the height the bar takes from the bottom of the
// screen: its own height while stuck, more when the page is scrolled to its end and the bar sits higher.
import { useEffect, useState } from 'react';

export function useStickyBar() {
  // A callback ref: the bar may mount after the step (while the issue assembles).
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!el) return;
    const root = document.documentElement;
    let frame = 0;
    const set = () => {
      frame = 0;
      const { top } = el.getBoundingClientRect();
      const covered = `${Math.max(0, Math.ceil(innerHeight - top))}px`;
      root.style.setProperty('--toast-offset', covered);
      root.style.setProperty('--sticky-bottom', covered);
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(set);
    };
    set();
    const watch = new ResizeObserver(soon);
    watch.observe(el);
    addEventListener('scroll', soon, { passive: true });
    addEventListener('resize', soon);
    return () => {
      watch.disconnect();
      removeEventListener('scroll', soon);
      removeEventListener('resize', soon);
      cancelAnimationFrame(frame);
      root.style.removeProperty('--toast-offset');
      root.style.removeProperty('--sticky-bottom');
    };
  }, [el]);
  return setEl;
}
