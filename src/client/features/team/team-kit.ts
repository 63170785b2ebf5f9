// What the /team cards share: the overview's types, the refresh after a change and the failure toast.
import { MSG } from '../../../shared/messages';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../trpc';

export type Overview = RouterOutputs['team']['overview'];
export type Workspace = NonNullable<Overview['workspace']>;
export type Role = 'editor' | 'viewer';

export const failed = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err, MSG.pleaseTryLater), variant: 'destructive' });

/** After a change: the overview and the publications list (shared badges, memberships) read again. */
export function useRefresh() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.team.overview.invalidate(), utils.publications.list.invalidate()]);
}
