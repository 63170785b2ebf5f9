// Workflow types, inferred from the API so the client never imports server code at runtime.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';
import type { trpc } from '../../trpc';

type Out = inferRouterOutputs<AppRouter>;
type In = inferRouterInputs<AppRouter>;

/** The vanilla client behind the hooks, for calls made from event handlers. */
export type ApiClient = ReturnType<typeof trpc.useUtils>['client'];

export type Publication = Out['publications']['get'];
export type WorkflowPatch = NonNullable<In['wizard']['saveProgress']['workflowData']>;
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
