// The client's only way to the server: typed tRPC hooks over /api/trpc (types only from the server).
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import { QueryClient } from '@tanstack/react-query';
import type { AppRouter } from '../server/trpc/root';

export const trpc = createTRPCReact<AppRouter>();

/** Query defaults decided in PRODUCT.md: 3 retries, 1 s to 30 s backoff, 5 min cache; mutations do not retry. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => {
          const status = (err as { data?: { httpStatus?: number } })?.data?.httpStatus;
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

export function createTrpcClient() {
  return trpc.createClient({
    links: [httpBatchLink({ url: '/api/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
  });
}
