import { createFileRoute } from '@tanstack/react-router';

// Spec §2: /admin/blog-content renders nothing.
export const Route = createFileRoute('/_app/admin/blog-content/')({
  component: () => null,
});
