import { createFileRoute, Link } from '@tanstack/react-router';
import { PublicPage } from '../../components/public-layout';
import { buttonClass } from '../../components/ui/button';
import { useTitle } from '../../lib/use-title';

export const Route = createFileRoute('/blog/$slug')({
  component: BlogPostPage,
});

function BlogPostPage() {
  const { slug } = Route.useParams();
  useTitle('Blog');
  return (
    <PublicPage title="Post not available" lead={`The post “${slug}” is not available yet.`}>
      <Link to="/blog" className={buttonClass('outline')}>
        All posts
      </Link>
    </PublicPage>
  );
}
