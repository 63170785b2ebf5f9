import { createFileRoute } from '@tanstack/react-router';
import { PublicPage } from '../../components/public-layout';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/blog/')({
  component: BlogPage,
});

function BlogPage() {
  useTitle('Blog');
  return <PublicPage title="Blog" lead="Guides and news about newsletters. No posts have been published yet." />;
}
