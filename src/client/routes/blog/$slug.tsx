import { createFileRoute } from '@tanstack/react-router';
import { BlogPostPage } from '../../features/blog';
import { stringParam } from '../../lib/search';
import { pageErrorView } from '../../components/error-views';

// /blog/<slug>: a published post; ?preview=1 lets staff see a draft.
export const Route = createFileRoute('/blog/$slug')({
  errorComponent: pageErrorView('Blog Post'),
  validateSearch: (s: Record<string, unknown>): { preview?: string } => (stringParam(s, 'preview', 1) === '1' || s.preview === 1 ? { preview: '1' } : {}),
  component: function BlogPost() {
    const { slug } = Route.useParams();
    const { preview } = Route.useSearch();
    return <BlogPostPage key={slug} slug={slug} preview={preview === '1'} />;
  },
});
