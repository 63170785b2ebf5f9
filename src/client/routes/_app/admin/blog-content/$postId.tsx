import { createFileRoute } from '@tanstack/react-router';
import { PostEditorPage } from '../../../../features/blog';
import { ensurePageData } from '../../../../lib/page-data';

// Editing one post (staff only; the server decides).
export const Route = createFileRoute('/_app/admin/blog-content/$postId')({
  loader: ({ context, params }) => ensurePageData(context.queryClient, context.trpc.blog.get.queryOptions({ id: params.postId })),
  component: function EditPost() {
    const { postId } = Route.useParams();
    return <PostEditorPage key={postId} postId={postId} />;
  },
});
