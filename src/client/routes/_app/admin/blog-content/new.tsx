import { createFileRoute } from '@tanstack/react-router';
import { PostEditorPage } from '../../../../features/blog';

// Staff only (the admin layout and the page check; the server refuses others on its own).
export const Route = createFileRoute('/_app/admin/blog-content/new')({
  component: () => <PostEditorPage />,
});
