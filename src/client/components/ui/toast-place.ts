// Where the toast stands: at the bottom right (above step 5's send bar, `--toast-offset`), or at the top
// right, under the top bar, while the bottom place would cover the element that has focus (WCAG 2.4.11).
import { useEffect, useState, type RefObject } from 'react';

export type ToastPlace = 'bottom' | 'top';

/** The top bar's height: the top place starts below it. */
export const TOP_CLEARANCE = 64;

const overlaps = (a: DOMRect, b: { left: number; right: number; top: number; bottom: number }) =>
  a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;

/** The place for a toast `size` big, given the focused element's box. Pure: tests call it. */
export function toastPlaceFor(
  focus: DOMRect | null,
  size: { width: number; height: number },
  screen: { width: number; height: number },
  bottomOffset: number,
): ToastPlace {
  if (!focus) return 'bottom';
  const left = screen.width - size.width;
  const atBottom = { left, right: screen.width, top: screen.height - bottomOffset - size.height, bottom: screen.height - bottomOffset };
  const atTop = { left, right: screen.width, top: TOP_CLEARANCE, bottom: TOP_CLEARANCE + size.height };
  return overlaps(focus, atBottom) && !overlaps(focus, atTop) ? 'top' : 'bottom';
}

/** Follows focus while a toast shows. `viewport`: the toasts' list (its size is the toast's). */
export function useToastPlace(viewport: RefObject<HTMLElement | null>, showing: boolean): ToastPlace {
  const [place, setPlace] = useState<ToastPlace>('bottom');
  useEffect(() => {
    if (!showing) return;
    let frame = 0;
    const decide = () => {
      frame = 0;
      const box = viewport.current;
      const active = document.activeElement;
      // Focus inside the toast itself (F8, its close button) keeps it where it is.
      if (!box || !active || active === document.body || box.contains(active)) return;
      const offset = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--toast-offset')) || 0;
      const r = box.getBoundingClientRect();
      setPlace(toastPlaceFor(active.getBoundingClientRect(), { width: r.width, height: r.height }, { width: innerWidth, height: innerHeight }, offset));
    };
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(decide);
    };
    soon();
    document.addEventListener('focusin', soon);
    addEventListener('scroll', soon, { passive: true });
    return () => {
      document.removeEventListener('focusin', soon);
      removeEventListener('scroll', soon);
      cancelAnimationFrame(frame);
    };
  }, [viewport, showing]);
  return place;
}
