// The analytics page's data, as the server's analytics.overview answers it.
import type { RouterOutputs } from '../../trpc';

export type Overview = RouterOutputs['analytics']['overview'];
export type Issue = Overview['issues'][number];
export type Growth = RouterOutputs['readers']['growth'];
