// Step 2 'Choose Your Newsletter Theme': the shared theme picker (locks follow the user's real plan);
// a pick is saved and the workflow moves on about 500 ms later (spec §4).
import { useEffect, useRef } from 'react';
import { ThemePicker } from '../themes';
import { StepNav } from './step-nav';
import type { Workflow } from './use-workflow';

export const THEME_ADVANCE_MS = 500;

export function StepTheme({ wf, onUpgrade }: { wf: Workflow; onUpgrade: () => void }) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const pick = (themeId: string) => {
    const started = Date.now();
    if (timer.current) clearTimeout(timer.current);
    void wf.change({ selectedTheme: themeId }).then((ok) => {
      if (!ok) return;
      const wait = Math.max(0, THEME_ADVANCE_MS - (Date.now() - started));
      timer.current = setTimeout(() => {
        const now = wf.current();
        if (now.step === 2 && now.data.selectedTheme === themeId) wf.goTo(3);
      }, wait);
    });
  };

  return (
    <div>
      <p className="mb-5 text-sm text-muted">Every theme is built for email: it holds up in Gmail, Outlook and dark mode.</p>
      <ThemePicker selectedThemeId={wf.data.selectedTheme} onSelect={pick} onUpgrade={onUpgrade} />
      <StepNav wf={wf} hint="Pick a theme to continue." />
    </div>
  );
}
