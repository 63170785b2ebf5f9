// The anti-copy layer of the protection demos, and only of them (PRODUCT.md): while a demo page is
// mounted it blocks copying, the context menu and Ctrl/Cmd+C/U/S/P, and watches for docked developer
// tools (the window's outer size much larger than its inner size). Unmounting removes every listener,
// so the editor and the app shell never get any of this. Selection and print hiding are CSS on the
// page's own container (see ProtectedArea).
import { useEffect, useRef, useState } from 'react';
import { recordDemoEvent, type ClientEventKind, type DemoPage } from './demo-api';

const BLOCKED_KEYS = new Set(['c', 'u', 's', 'p']);
/** Docked developer tools take at least this many pixels; browser chrome alone takes less. */
const DEVTOOLS_GAP_PX = 160;
const REPORT_EVERY_MS = 2000;

const isEditable = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

export function devtoolsLikelyOpen(w: Pick<Window, 'outerWidth' | 'outerHeight' | 'innerWidth' | 'innerHeight'>): boolean {
  // Some browsers (headless ones, some embedded views) report an outer size of 0: nothing to compare.
  if (!w.outerWidth || !w.outerHeight) return false;
  return w.outerWidth - w.innerWidth > DEVTOOLS_GAP_PX || w.outerHeight - w.innerHeight > DEVTOOLS_GAP_PX;
}

export function useProtection(page: DemoPage) {
  const [devtoolsOpen, setDevtoolsOpen] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const lastReport = useRef(new Map<ClientEventKind, number>());

  useEffect(() => {
    recordDemoEvent('page_visit', page);
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    const report = (kind: ClientEventKind, what: string) => {
      setBlocked(what);
      clearTimeout(hideTimer);
      hideTimer = setTimeout(() => setBlocked(null), 2500);
      const now = Date.now();
      if (now - (lastReport.current.get(kind) ?? 0) < REPORT_EVERY_MS) return;
      lastReport.current.set(kind, now);
      recordDemoEvent(kind, page);
    };
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || !BLOCKED_KEYS.has(e.key.toLowerCase())) return;
      // Copying what you typed into the demo form stays allowed.
      if (e.key.toLowerCase() === 'c' && isEditable(e.target)) return;
      e.preventDefault();
      report(
        e.key.toLowerCase() === 'c' ? 'copy_blocked' : e.key.toLowerCase() === 'p' ? 'print_blocked' : 'shortcut_blocked',
        `Ctrl/Cmd+${e.key.toUpperCase()}`,
      );
    };
    const onCopy = (e: ClipboardEvent) => {
      if (isEditable(e.target)) return;
      e.preventDefault();
      report('copy_blocked', 'Copying');
    };
    const onContextMenu = (e: MouseEvent) => {
      e.preventDefault();
      report('context_menu_blocked', 'The context menu');
    };
    const onPrint = () => report('print_blocked', 'Printing');
    const checkDevtools = () => {
      const open = devtoolsLikelyOpen(window);
      setDevtoolsOpen((was) => {
        if (open && !was) recordDemoEvent('devtools_suspected', page);
        return open;
      });
    };
    // The page's keys, copying and context menu are caught before the page's own handlers (capture).
    const listeners: [EventTarget, string, EventListener, boolean][] = [
      [document, 'keydown', onKey as EventListener, true],
      [document, 'copy', onCopy as EventListener, true],
      [document, 'cut', onCopy as EventListener, true],
      [document, 'contextmenu', onContextMenu as EventListener, true],
      [window, 'beforeprint', onPrint, false],
      [window, 'resize', checkDevtools, false],
    ];
    for (const [target, type, fn, capture] of listeners) target.addEventListener(type, fn, capture);
    const interval = setInterval(checkDevtools, 1000);
    checkDevtools();
    return () => {
      for (const [target, type, fn, capture] of listeners) target.removeEventListener(type, fn, capture);
      clearInterval(interval);
      clearTimeout(hideTimer);
    };
  }, [page]);

  return { devtoolsOpen, blocked };
}
