import { createFileRoute } from '@tanstack/react-router';
import { PostEditorPage } from '../../../../features/blog';

// Editing one post (staff only; the server decides).
export const Route = createFileRoute('/_app/admin/blog-content/$postId')({
  component: function EditPost() {
    const { postId } = Route.useParams();
    return <PostEditorPage key={postId} postId={postId} />;
  },
});
