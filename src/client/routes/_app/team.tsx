import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../components/page-header';

export const Route = createFileRoute('/_app/team')({
  component: () => <NotAvailableYet title="Team" what="Team collaboration" />,
});
