import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Moon, Sun } from 'lucide-react';
import { useTheme } from '../lib/theme';
import { buttonClass } from './ui/button';

export function themeToggleLabel(theme: 'light' | 'dark') {
  return theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
}

/** Light/dark switch. Kept free of Radix so public pages stay light (the shell adds a tooltip). */
export const ThemeToggle = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement>>(function ThemeToggle(props, ref) {
  const { theme, toggle } = useTheme();
  const label = themeToggleLabel(theme);
  return (
    <button ref={ref} type="button" title={label} {...props} onClick={toggle} aria-label={label} className={buttonClass('ghost', 'icon')}>
      {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </button>
  );
});
