// The router: file routes, shared context (query client + tRPC utils), pending/404/error defaults.
import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import type { TrpcUtils } from './trpc';
import { PageSpinner } from './components/ui/spinner';
import { NotFound } from './components/not-found';
import { AppErrorView } from './components/error-views';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcUtils;
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
    defaultErrorComponent: AppErrorView,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
