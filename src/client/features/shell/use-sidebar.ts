import { useCallback, useState } from 'react';

export const SIDEBAR_KEY = 'sidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Collapsed/expanded sidebar, kept in localStorage 'sidebarCollapsed' as 'true'/'false' (spec §9). */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((prev) => {
      const next = !prev;
      try {
        localStorage.setItem(SIDEBAR_KEY, String(next));
      } catch {
        // Without storage the state lasts for this page only.
      }
      return next;
    });
  }, []);
  return { collapsed, toggle };
}
