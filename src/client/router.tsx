// The router: file routes, shared context (query client + tRPC utils), pending/404 defaults. No default
// error component: a route without its own boundary fails into its nearest parent's (an admin page into
// the admin layout's, anything else into the root's), as a default on every route would hide those.
import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import type { TrpcClient, TrpcUtils } from './trpc';
import { PageSpinner } from './components/ui/spinner';
import { NotFound } from './components/not-found';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcUtils;
  /** The client the pages' hooks use, for loaders that start reads the pages share (step 4's articles). */
  client: TrpcClient;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Loaders read through the query cache, so the router's own cache would only duplicate it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSpinner,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
