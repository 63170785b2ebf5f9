// The workflow's step rules (spec §2, §5), shared by the Continue buttons and the step indicator.
import type { Step, WorkflowData } from './types';

/** What each step needs before the user may move past it. */
export function stepComplete(step: Step, d: WorkflowData): boolean {
  switch (step) {
    case 1:
      return d.newsletterName.trim().length > 0;
    case 2:
      return !!d.selectedTheme;
    case 3:
      return d.selectedChannels.length > 0;
    case 4:
      return d.selectedArticles.length > 0;
    case 5:
      return true;
  }
}

/** A step can be opened when every step before it is complete. */
export function reachable(step: Step, d: WorkflowData): boolean {
  for (let s = 1; s < step; s++) if (!stepComplete(s as Step, d)) return false;
  return true;
}

/**
 * The step indicator lets the user revisit steps already visited (completed ones), never jump ahead to
 * a step not yet reached in this publication.
 */
export function canJumpTo(step: Step, current: Step, furthest: Step, d: WorkflowData): boolean {
  return step !== current && step <= furthest && reachable(step, d);
}

export function readyToAssemble(d: WorkflowData): boolean {
  return !!d.newsletterName.trim() && !!d.selectedTheme && d.selectedArticles.length > 0;
}
