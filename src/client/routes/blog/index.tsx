import { createFileRoute } from '@tanstack/react-router';
import { BlogListPage } from '../../features/blog';
import { stringParam } from '../../lib/search';
import { pageErrorView } from '../../components/error-views';

// /blog?page=2: published posts, twelve a page.
export const Route = createFileRoute('/blog/')({
  errorComponent: pageErrorView('Blog'),
  validateSearch: (s: Record<string, unknown>): { page?: number } => {
    const n = typeof s.page === 'number' ? s.page : Number(stringParam(s, 'page', 6));
    return Number.isInteger(n) && n > 1 ? { page: n } : {};
  },
  component: function Blog() {
    const { page = 1 } = Route.useSearch();
    return <BlogListPage page={page} />;
  },
});
