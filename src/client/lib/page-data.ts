// How a signed-in page gets its primary data: its route loader ensures the read in the query cache and
// the page reads the very same query (same procedure, same input), so opening a page fetches it once.
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The page's side: its loader fetched the read (or refreshes it in the background when stale), so
 * mounting the page does not fetch it a second time, nor retry a failure the loader already retried.
 */
export const LOADED = { refetchOnMount: false, retryOnMount: false } as const;

/**
 * The loader's side: the read from the cache at once (refreshed in the background when stale), else
 * fetched before the page shows. A failure stays in the cache for the page's own error, retry or
 * upgrade state (spec §8), as before the loader, instead of the route's error boundary.
 */
export async function ensurePageData<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  read: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  await queryClient.ensureQueryData({ ...read, revalidateIfStale: true }).catch(() => undefined);
}
