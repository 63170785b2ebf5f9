import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../../features/team/team-page';
import { pageErrorView } from '../../components/error-views';

export const Route = createFileRoute('/_app/team')({
  errorComponent: pageErrorView('Team'),
  component: TeamPage,
});
