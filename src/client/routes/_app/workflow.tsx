import { createFileRoute } from '@tanstack/react-router';
import { WorkflowPage } from '../../features/workflow/workflow-page';
import { pageErrorView } from '../../components/error-views';

interface WorkflowSearch {
  publicationId?: string;
}

// The newsletter workflow (spec §2). publicationId recovers from a corrupt session entry (§4, §5).
export const Route = createFileRoute('/_app/workflow')({
  errorComponent: pageErrorView('Newsletter Workflow'),
  validateSearch: (search: Record<string, unknown>): WorkflowSearch => {
    const id = search.publicationId;
    // The router parses values as JSON, so an all-digit id may arrive as a number.
    if (typeof id === 'string' && id.trim()) return { publicationId: id.trim() };
    if (typeof id === 'number' && Number.isFinite(id)) return { publicationId: String(id) };
    return {};
  },
  component: WorkflowRoute,
});

function WorkflowRoute() {
  const { publicationId } = Route.useSearch();
  return <WorkflowPage publicationId={publicationId} />;
}
