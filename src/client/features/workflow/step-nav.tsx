// Back / Continue under a step. Continue stays disabled until the step's rule is met (spec §2).
import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { stepComplete } from './rules';
import type { Step } from './types';
import type { Workflow } from './use-workflow';

export function StepNav({ wf, hint, children }: { wf: Workflow; hint?: string; children?: ReactNode }) {
  const can = stepComplete(wf.step, wf.data);
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
      <div>
        {wf.step > 1 && (
          <Button variant="outline" onClick={() => wf.goTo((wf.step - 1) as Step)} className="w-full sm:w-auto">
            <ArrowLeft aria-hidden /> Back
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {!can && hint && <p className="text-sm text-muted">{hint}</p>}
        {children}
        {wf.step < 5 && (
          <Button onClick={() => wf.goTo((wf.step + 1) as Step)} disabled={!can} className="w-full sm:w-auto">
            Continue <ArrowRight aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
}
