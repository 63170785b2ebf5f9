import { createFileRoute } from '@tanstack/react-router';
import { AdminPostsPage } from '../../../../features/blog';
import { ensurePageData } from '../../../../lib/page-data';

// Spec §2 shows /admin/blog-content rendering nothing; it is the staff's list of posts (what a user expects there).
export const Route = createFileRoute('/_app/admin/blog-content/')({
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.blog.adminList.queryOptions(undefined)),
  component: AdminPostsPage,
});
