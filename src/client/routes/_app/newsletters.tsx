import { createFileRoute } from '@tanstack/react-router';
import { NewslettersPage } from '../../features/newsletters/newsletters-page';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';
import { stringParam } from '../../lib/search';

// Saved newsletters. ?edit=<id> opens that newsletter's editor (the link in a recurring issue's approval mail).
export const Route = createFileRoute('/_app/newsletters')({
  errorComponent: pageErrorView('Newsletters'),
  validateSearch: (s: Record<string, unknown>): { edit?: string } => ({ edit: stringParam(s, 'edit', 64) || undefined }),
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.drafts.list.queryOptions(undefined)),
  component: function Newsletters() {
    const { edit } = Route.useSearch();
    const navigate = Route.useNavigate();
    return <NewslettersPage editId={edit ?? null} onEdit={(id) => void navigate({ search: id ? { edit: id } : {}, resetScroll: false })} />;
  },
});
