// Which publication the workflow edits (spec §2, §4, §5, §8), resolved by the route's loader before the
// page shows: the address's publicationId or the validated session entry, confirmed by the server
// (publications.get, the query the page then reads). An invalid entry is cleared; when nothing usable is
// left the user is sent to /publications. A corrupt or foreign entry never throws.
import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { TrpcClient, TrpcUtils } from '../../trpc';
import { clearStoredPublication, pickPublicationId, readStoredPublication, writeStoredPublication } from './stored-publication';

/** Opening the workflow again within this long shows the publication as read then (a preload and the click share one read). */
export const PUBLICATION_FRESH_MS = 5_000;

function leave(): never {
  clearStoredPublication();
  throw redirect({ to: '/publications', replace: true });
}

/** The id of the publication to open; redirects to /publications, or to the address naming the publication. */
export async function openPublication(
  context: { queryClient: QueryClient; trpc: TrpcUtils; client: TrpcClient },
  queryId: string | undefined,
  preload = false,
): Promise<string | null> {
  const read = (id: string) => context.queryClient.fetchQuery({ ...context.trpc.publications.get.queryOptions({ id }), staleTime: PUBLICATION_FRESH_MS });
  // A link hovered: its publication is read ahead, and nothing is remembered or redirected yet.
  if (preload) {
    const id = pickPublicationId(queryId, readStoredPublication());
    if (id) await read(id).catch(() => null);
    return id;
  }
  const stored = readStoredPublication();
  if (!stored) clearStoredPublication();
  const id = pickPublicationId(queryId, stored);
  if (!id) leave();
  const publication = await read(id).catch(() => null);
  if (!publication) leave();
  writeStoredPublication({ id: publication.id, name: publication.name });
  // A publication left at step 4 shows its channels' articles first: they are asked for now, while the
  // page's code loads, and the step reads the same queries (the feeds are not waited for here).
  // (Loaded on demand: the queries' module brings the content schemas, which the entry chunk should not.)
  if (publication.currentStep === 4) {
    const channels = publication.workflowData.selectedChannels;
    void import('./article-queries').then(({ channelArticlesQuery }) => {
      for (const c of channels) void context.queryClient.prefetchQuery(channelArticlesQuery(context.client, c, null));
    });
  }
  // The address names the publication opened, so a reload or a shared link opens the same one.
  if (queryId !== publication.id) throw redirect({ to: '/workflow', search: { publicationId: publication.id }, replace: true });
  return publication.id;
}
