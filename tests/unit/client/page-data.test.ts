// A page's primary read: its route loader ensures it and the page reads the same query, so opening the
// page asks the server once; a failed read is left for the page's own error state, not thrown.
import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { ensurePageData, LOADED } from '../../../src/client/lib/page-data';

const key = ['publications', 'list'];

/** Mounts a reader of the query (what useQuery does) and waits until it has settled. */
async function mountPage(client: QueryClient, queryFn: () => Promise<unknown>, options: object) {
  const observer = new QueryObserver(client, { queryKey: key, queryFn, ...options });
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
  stop();
  return observer.getCurrentResult();
}

describe('a page opened through its loader', () => {
  it('asks the server once: the loader fetches, the page reads what it fetched', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryFn = vi.fn(async () => ['Weekly']);
    await ensurePageData(client, { queryKey: key, queryFn });
    const page = await mountPage(client, queryFn, LOADED);
    expect(page.data).toEqual(['Weekly']);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('shows the cached answer at once on a later visit and refreshes it in the background', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let release = () => undefined as void;
    const later = new Promise<void>((r) => (release = r));
    const queryFn = vi.fn(async () => (queryFn.mock.calls.length === 1 ? ['Weekly'] : later.then(() => ['Weekly', 'Monthly'])));
    await ensurePageData(client, { queryKey: key, queryFn });
    await ensurePageData(client, { queryKey: key, queryFn });
    expect(client.getQueryData(key)).toEqual(['Weekly']);
    release();
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual(['Weekly', 'Monthly']));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('leaves a failed read to the page instead of throwing it, and the page does not ask again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryFn = vi.fn(async (): Promise<string[]> => {
      throw new Error('Failed to load publications');
    });
    await expect(ensurePageData(client, { queryKey: key, queryFn })).resolves.toBeUndefined();
    const page = await mountPage(client, queryFn, LOADED);
    expect(page.error?.message).toBe('Failed to load publications');
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
