// The client's only way to the server: typed tRPC hooks over /api/trpc (types only from the server),
// plus query utils for route loaders (ensureData outside React).
import { createTRPCReact, createTRPCQueryUtils, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/react-query';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import type { TRPCLink } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../server/routers';
import { TRPC_MAX_BATCH } from '../shared/limits';
import { httpStatusOf } from './lib/errors';

export const trpc = createTRPCReact<AppRouter>();

/** What each procedure takes and answers, for components that name those shapes. */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Query defaults decided in PRODUCT.md: 3 retries, 1 s to 30 s backoff, 5 min cache; mutations do not retry. */
export function createQueryClient() {
  return new QueryClient({
    // Spec §7: a 401 on a signed-in read (the session ended) sends the visitor to /auth.
    queryCache: new QueryCache({
      onError: (err) => {
        if (httpStatusOf(err) === 401 && window.location.pathname !== '/auth') window.location.assign('/auth');
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, err) => {
          const status = httpStatusOf(err);
          if (status && status >= 400 && status < 500) return false;
          return count < 3;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Browsers and proxies cope with URLs up to ~2 KB; batches are split to stay below it. */
const MAX_URL = 2000;
const MAX_QUERY_INPUT = 1500;
const encodedLength = (input: unknown) => (input === undefined ? 0 : encodeURIComponent(JSON.stringify(input)).length);
const withCookies: typeof fetch = (url, init) => fetch(url, { ...init, credentials: 'include' });

/**
 * The links to the API (`base` is empty in the browser): subscriptions (AI Magic's streamed text) over
 * Server-Sent Events, everything else batched. A read's input travels in its URL; one too long for a URL
 * (many channels) goes as a POST instead, which the server allows for reads.
 */
export function apiLinks(base = '', send: typeof fetch = withCookies): TRPCLink<AppRouter>[] {
  const url = `${base}/api/trpc`;
  return [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url, eventSourceOptions: () => ({ withCredentials: true }) }),
      false: splitLink({
        condition: (op) => op.type === 'query' && encodedLength(op.input) > MAX_QUERY_INPUT,
        true: httpBatchLink({ url, maxItems: TRPC_MAX_BATCH, methodOverride: 'POST', fetch: send }),
        false: httpBatchLink({ url, maxItems: TRPC_MAX_BATCH, maxURLLength: MAX_URL, fetch: send }),
      }),
    }),
  ];
}

export function createTrpcClient() {
  return trpc.createClient({ links: apiLinks() });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

export function createTrpcUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}

export type TrpcUtils = ReturnType<typeof createTrpcUtils>;
