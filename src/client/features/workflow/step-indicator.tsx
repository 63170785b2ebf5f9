// The five-step indicator: visited, reachable steps are buttons; the current and future ones are not.
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { canJumpTo, stepComplete } from './rules';
import { STEPS, type Step } from './types';
import type { Workflow } from './use-workflow';

export function StepIndicator({ wf }: { wf: Workflow }) {
  return (
    <nav aria-label="Workflow steps" className="mb-6">
      <ol className="grid grid-cols-5 gap-1.5 sm:gap-3">
        {STEPS.map(({ n, label }) => {
          const current = n === wf.step;
          const jumpable = canJumpTo(n, wf.step, wf.furthest, wf.data);
          const done = n < wf.furthest && stepComplete(n, wf.data) && !current;
          const body = (
            <>
              <span
                aria-hidden
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 ring-inset',
                  current && 'bg-indigo-600 text-white ring-indigo-600 dark:bg-indigo-500 dark:ring-indigo-500',
                  !current && done && 'bg-indigo-50 text-indigo-700 ring-indigo-200 dark:bg-indigo-500/15 dark:text-indigo-300 dark:ring-indigo-500/40',
                  !current && !done && 'bg-white text-muted ring-zinc-300 dark:bg-zinc-900 dark:ring-zinc-700',
                )}
              >
                {done ? <Check className="size-3.5" /> : n}
              </span>
              <span className="sr-only">Step {n}: </span>
              <span className={cn('sr-only truncate text-sm sm:not-sr-only', current ? 'font-semibold text-zinc-900 dark:text-white' : 'text-muted')}>
                {label}
              </span>
            </>
          );
          const bar = cn('h-1 w-full rounded-full', n <= wf.step ? 'bg-indigo-500' : 'bg-zinc-200 dark:bg-zinc-800');
          return (
            <li key={n} className="flex min-w-0 flex-col gap-2">
              <span className={bar} aria-hidden />
              {jumpable ? (
                <button type="button" onClick={() => wf.goTo(n as Step)} className="flex min-w-0 items-center gap-2 rounded-md text-left hover:underline">
                  {body}
                </button>
              ) : (
                <span className="flex min-w-0 items-center gap-2" aria-current={current ? 'step' : undefined}>
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm font-medium text-zinc-700 sm:hidden dark:text-zinc-300">
        Step {wf.step} of 5: {STEPS[wf.step - 1].label}
      </p>
    </nav>
  );
}
