import { createFileRoute } from '@tanstack/react-router';
import { NewslettersPage, issuesInput } from '../../features/newsletters/newsletters-page';
import { pageErrorView } from '../../components/error-views';
import { stringParam } from '../../lib/search';

// Every issue: drafts, scheduled, sending and sent. ?edit=<id> opens that newsletter's editor (the link in a recurring issue's approval mail).
export const Route = createFileRoute('/_app/newsletters')({
  errorComponent: pageErrorView('Newsletters'),
  validateSearch: (s: Record<string, unknown>): { edit?: string } => ({ edit: stringParam(s, 'edit', 64) || undefined }),
  // The first page of the list as the page opens it (every status).
  loader: ({ context }) => context.trpc.issues.list.prefetchInfinite(issuesInput('all')).catch(() => undefined),
  component: function Newsletters() {
    const { edit } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <NewslettersPage editId={edit ?? null} onEdit={(id) => void navigate({ search: id ? { edit: id } : {}, resetScroll: false })} />;
  },
});
