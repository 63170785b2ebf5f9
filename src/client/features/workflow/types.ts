// Workflow types, named from the API's inferred shapes (trpc.ts) so the client never imports server code.
import type { RouterInputs as In, RouterOutputs as Out } from '../../trpc';

export type Publication = Out['publications']['get'];
export type SaveInput = In['wizard']['saveProgress'];
export type WorkflowPatch = NonNullable<SaveInput['workflowData']>;
export type Assembled = Out['wizard']['assemble']['data'];
/** What step 5 sends to assemble or send: the publication and the fields it has not stored yet. */
export type AssembleRequest = In['wizard']['assemble'];
export type SendResult = Out['email']['sendTest'];

export type Step = 1 | 2 | 3 | 4 | 5;
export const STEPS: readonly { n: Step; label: string; title: string }[] = [
  { n: 1, label: 'Name', title: 'Name Your Newsletter' },
  { n: 2, label: 'Theme', title: 'Choose Your Newsletter Theme' },
  { n: 3, label: 'Channels', title: 'Select Content Channels' },
  { n: 4, label: 'Articles', title: 'Choose Articles' },
  { n: 5, label: 'Preview & Send', title: 'Preview & Send' },
];

/** What the workflow edits: the stored workflow data as the API returns it, minus the server's save time. */
export type WorkflowData = Omit<Publication['workflowData'], 'lastSaved'>;

export function toStep(n: number): Step {
  return Math.min(5, Math.max(1, Math.round(n) || 1)) as Step;
}

export type SendProgress = Out['sends']['progress'];
