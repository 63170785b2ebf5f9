import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/dashboard')({
  errorComponent: pageErrorView('Dashboard'),
  component: DashboardPage,
});
