// The workflow's step rules (spec §2, §5), shared by the Continue buttons and the step indicator.
import { NEWSLETTER_DEFAULTS } from '../../../shared/schemas/newsletter';
import { NO_EDITS } from '../../../shared/schemas/issue-edits';
import type { AssembleRequest, Step, WorkflowData } from './types';

/** A newsletter not started yet: step 1 with the spec's defaults (spec §2 'Create New Newsletter'). */
export function emptyWorkflowData(): WorkflowData {
  const { fontStyle, layoutStyle, colorTheme } = NEWSLETTER_DEFAULTS;
  return {
    newsletterName: '',
    selectedTheme: null,
    selectedChannels: [],
    selectedArticles: [],
    searchTopic: '',
    topic: '',
    fontStyle,
    layoutStyle,
    colorTheme,
    intro: '',
    subject: '',
    edits: NO_EDITS,
  };
}

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

const SCALARS = ['layoutStyle', 'fontStyle', 'colorTheme', 'intro', 'subject'] as const;

/**
 * The assembly fields of `d` that differ from what the server last confirmed it stored: all an assembly
 * or send request carries beside the publication id (the server reads the rest from the stored workflow).
 */
export function unsavedAssemblyFields(d: WorkflowData, stored: WorkflowData): Omit<AssembleRequest, 'publicationId'> {
  const o: Omit<AssembleRequest, 'publicationId'> = {};
  const name = d.newsletterName.trim();
  if (name !== stored.newsletterName.trim()) o.newsletterName = name;
  if (d.selectedTheme && d.selectedTheme !== stored.selectedTheme) o.themeId = d.selectedTheme;
  if (JSON.stringify(d.selectedArticles) !== JSON.stringify(stored.selectedArticles)) o.articles = d.selectedArticles;
  for (const k of SCALARS) if (d[k] !== stored[k]) Object.assign(o, { [k]: d[k] });
  if (JSON.stringify(d.edits) !== JSON.stringify(stored.edits)) o.edits = d.edits;
  return o;
}
