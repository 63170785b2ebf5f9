// /team (Enterprise team collaboration): the owner's team name, members with roles, invitations by
// e-mail and which publications are shared; for everyone, the teams they belong to. Accounts without
// Enterprise see the upgrade notice (the server refuses the changes too) and still their memberships.
// Each card lives in its own file; this one loads the overview and lays them out.
import { MSG } from '../../../shared/messages';
import { PageHeader } from '../../components/page-header';
import { UpgradeNotice } from '../../components/upgrade-notice';
import { Card } from '../../components/ui/card';
import { ListError, ListSkeleton } from '../../components/ui/list-states';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { Invitations } from './invitations';
import { Members } from './members-table';
import { Memberships } from './memberships';
import { SharedPublications } from './shared-publications';
import { TEAM_TEXT } from './strings';
import { TeamName } from './team-name';

export function TeamPage() {
  const overview = trpc.team.overview.useQuery(undefined, LOADED);
  return (
    <>
      <PageHeader title="Team" description="Invite people by e-mail, give them a role and share publications with them." />
      {overview.isPending ? (
        <Card>
          <ListSkeleton />
        </Card>
      ) : overview.isError ? (
        <Card>
          <ListError message={errorMessage(overview.error, MSG.pageErrorBody)} onRetry={() => void overview.refetch()} />
        </Card>
      ) : (
        <div className="grid min-w-0 grid-cols-1 gap-6 [&>*]:min-w-0">
          {overview.data.workspace ? (
            <>
              <TeamName key={overview.data.workspace.name} workspace={overview.data.workspace} />
              <Members workspace={overview.data.workspace} />
              <Invitations workspace={overview.data.workspace} />
              <SharedPublications workspace={overview.data.workspace} />
            </>
          ) : (
            <UpgradeNotice message={TEAM_TEXT.enterpriseOnly} />
          )}
          <Memberships memberships={overview.data.memberships} />
        </div>
      )}
    </>
  );
}
