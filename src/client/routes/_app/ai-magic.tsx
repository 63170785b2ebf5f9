import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../components/page-header';

export const Route = createFileRoute('/_app/ai-magic')({
  component: () => <NotAvailableYet title="AI Magic" what="AI Magic content generation" />,
});
