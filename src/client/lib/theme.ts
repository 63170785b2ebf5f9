// Theme preference (spec §4, §9): 'ui-theme' = light | dark | system, default system. The class on
// <html> drives Tailwind's dark variant; system follows the OS setting live.
import { useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_KEY = 'ui-theme';

const media = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

export function readThemePreference(): ThemePreference {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' || v === 'system' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(pref: ThemePreference): 'light' | 'dark' {
  if (pref !== 'system') return pref;
  return media().matches ? 'dark' : 'light';
}

export function applyTheme(pref: ThemePreference = readThemePreference()) {
  const resolved = resolveTheme(pref);
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

export function setThemePreference(pref: ThemePreference) {
  try {
    localStorage.setItem(THEME_KEY, pref);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  applyTheme(pref);
  listeners.forEach((l) => l());
}

let watching = false;
/** Re-applies the theme when the OS setting changes while the preference is 'system'. */
export function watchSystemTheme() {
  if (watching) return;
  watching = true;
  media().addEventListener('change', () => {
    if (readThemePreference() === 'system') {
      applyTheme('system');
      listeners.forEach((l) => l());
    }
  });
}

function subscribe(cb: () => void) {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** The theme actually shown ('light' | 'dark') and a toggle that stores an explicit choice. */
export function useTheme() {
  const resolved = useSyncExternalStore(subscribe, () => resolveTheme(readThemePreference()));
  const toggle = () => setThemePreference(resolved === 'dark' ? 'light' : 'dark');
  return { theme: resolved, toggle };
}
