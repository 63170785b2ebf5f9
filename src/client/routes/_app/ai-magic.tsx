import { createFileRoute } from '@tanstack/react-router';
import { stringParam } from '../../lib/search';
import { AiMagicPage } from '../../features/ai-magic';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

// AI Magic. ?job=<id> keeps the generation on screen in the address, so a reload shows it again.
export const Route = createFileRoute('/_app/ai-magic')({
  errorComponent: pageErrorView('AI Magic'),
  validateSearch: (s: Record<string, unknown>) => ({ job: stringParam(s, 'job', 100) }),
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.ai.status.queryOptions(undefined)),
  component: function AiMagic() {
    const { job } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <AiMagicPage jobId={job} onOpenJob={(id) => void navigate({ search: { job: id }, resetScroll: false })} />;
  },
});
