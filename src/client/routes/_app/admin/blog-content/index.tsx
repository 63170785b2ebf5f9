import { createFileRoute } from '@tanstack/react-router';
import { AdminPostsPage } from '../../../../features/blog';

// Spec §2 shows /admin/blog-content rendering nothing; it is the staff's list of posts (what a user expects there).
export const Route = createFileRoute('/_app/admin/blog-content/')({
  component: AdminPostsPage,
});
