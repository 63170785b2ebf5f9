import { createFileRoute } from '@tanstack/react-router';
import { WorkflowPage } from '../../features/workflow/workflow-page';
import { WorkflowSkeleton } from '../../features/workflow/workflow-skeleton';
import { openPublication } from '../../features/workflow/open-publication';
import { pageErrorView } from '../../components/error-views';

interface WorkflowSearch {
  publicationId?: string;
}

// The newsletter workflow (spec §2). The loader resolves the publication (publicationId recovers from a
// corrupt session entry, §4, §5) and the page reads the same publications.get query.
export const Route = createFileRoute('/_app/workflow')({
  errorComponent: pageErrorView('Newsletter Workflow'),
  validateSearch: (search: Record<string, unknown>): WorkflowSearch => {
    const id = search.publicationId;
    // The router parses values as JSON, so an all-digit id may arrive as a number.
    if (typeof id === 'string' && id.trim()) return { publicationId: id.trim() };
    if (typeof id === 'number' && Number.isFinite(id)) return { publicationId: String(id) };
    return {};
  },
  loaderDeps: ({ search }) => ({ publicationId: search.publicationId }),
  loader: async ({ context, deps, preload }) => ({ publicationId: await openPublication(context, deps.publicationId, preload) }),
  pendingComponent: WorkflowSkeleton,
  component: WorkflowRoute,
});

function WorkflowRoute() {
  const { publicationId } = Route.useLoaderData();
  // A loader that ran for the page (not a preload) always names a publication or redirects.
  return publicationId ? <WorkflowPage key={publicationId} publicationId={publicationId} /> : <WorkflowSkeleton />;
}
