// The analytics page's data, as the server's analytics.overview answers it.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/root';

export type Overview = inferRouterOutputs<AppRouter>['analytics']['overview'];
export type Issue = Overview['issues'][number];
