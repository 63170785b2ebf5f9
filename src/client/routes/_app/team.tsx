import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../../features/team/team-page';
import { pageErrorView } from '../../components/error-views';
import { ensurePageData } from '../../lib/page-data';

export const Route = createFileRoute('/_app/team')({
  errorComponent: pageErrorView('Team'),
  loader: ({ context }) => ensurePageData(context.queryClient, context.trpc.team.overview.queryOptions(undefined)),
  component: TeamPage,
});
