// Where keyboard focus goes when the page changes under it (WCAG 2.4.3): a new page's heading, so a
// keyboard or screen-reader user continues from the new page instead of the top of the document.
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The page's heading (the first h1 in <main>, else <main>), made focusable from script only. */
function pageHeading(): HTMLElement | null {
  const main = document.querySelector('main');
  const target = main?.querySelector<HTMLElement>('h1') ?? document.querySelector<HTMLElement>('h1') ?? main;
  if (target && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  return target;
}

/** Focuses the page's heading; false while the page has none yet (still loading). */
export function focusPageHeading({ scroll = false } = {}): boolean {
  const target = pageHeading();
  if (!target) return false;
  target.focus({ preventScroll: !scroll });
  return document.activeElement === target;
}

/** Focus that the page already gave a place of its own (an autofocus field, a step's heading). */
function placedInPage(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return false;
  return !!document.querySelector('main')?.contains(active);
}

/**
 * After a navigation to another path, focus moves to the new page's heading unless the page placed it
 * itself. The control that navigated (a sidebar link, the drawer's, a button that went away) keeps
 * nothing: without this, focus stayed in the sidebar or fell to <body>. Search and hash changes do not move it.
 */
export function useFocusOnNavigate() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onRendered', (e) => {
        if (!e.pathChanged || !e.fromLocation) return;
        let frames = 0;
        // The heading may arrive a few frames after the route (a lazy component, data in flight).
        const attempt = () => {
          if (placedInPage() || focusPageHeading()) return;
          if (++frames < 60) requestAnimationFrame(attempt);
        };
        requestAnimationFrame(attempt);
      }),
    [router],
  );
}
