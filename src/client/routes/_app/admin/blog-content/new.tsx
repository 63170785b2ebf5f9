import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../../components/page-header';

export const Route = createFileRoute('/_app/admin/blog-content/new')({
  component: () => <NotAvailableYet title="New Blog Post" what="Writing blog posts" />,
});
