// /dashboard: readers, the last issue and the next step first, the first-run checklist while it is
// unfinished, then the spec's cards: recent publications, integrations and the subscription plans.
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { buttonClass } from '../../components/ui/button';
import { LOADED } from '../../lib/page-data';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth';
import { UpgradeDialog } from '../upgrade';
import { VerifyEmail } from '../workflow';
import { IntegrationsCard, RecentPublicationsCard, SubscriptionCard } from './dashboard-cards';
import { ChecklistCard, LastIssueCard, NextStepCard, ReadersCard } from './first-run';

export function DashboardPage() {
  const user = useCurrentUser();
  const firstName = user?.name.split(' ')[0];
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const overview = trpc.dashboard.overview.useQuery(undefined, LOADED);
  const checklist = trpc.dashboard.checklist.useQuery(undefined, LOADED);
  const c = checklist.data;
  // "Welcome" for an account made in this session, "Welcome back" afterwards (decided by the server).
  const greeting = firstName && overview.data ? `${overview.data.newAccount ? 'Welcome' : 'Welcome back'}, ${firstName}.` : 'Your workspace at a glance.';
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={greeting}
        actions={
          <Link to="/publications" className={buttonClass('outline')}>
            Publications <ArrowRight aria-hidden />
          </Link>
        }
      />
      {user && !user.emailVerified && (
        <div className="mb-6 max-w-xl">
          <VerifyEmail
            email={user.email}
            heading="Confirm your e-mail address"
            focusNext={() => document.querySelector<HTMLElement>('[aria-labelledby="dash-next-step"] :is(input, a, button)')}
          />
        </div>
      )}
      <div className="grid items-stretch gap-6 md:grid-cols-2 xl:grid-cols-[1fr_1fr_1.25fr]">
        <ReadersCard publicationId={c?.publicationId ?? null} />
        <LastIssueCard />
        <NextStepCard checklist={c} onLimit={() => setUpgradeOpen(true)} className="md:col-span-2 xl:col-span-1" />
      </div>
      {c && !c.complete && !c.dismissed && (
        <div className="mt-6">
          <ChecklistCard checklist={c} />
        </div>
      )}
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2 xl:grid-cols-3">
        <RecentPublicationsCard className="lg:col-span-2 xl:row-span-2" />
        <IntegrationsCard />
        <SubscriptionCard onUpgrade={() => setUpgradeOpen(true)} />
      </div>
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </>
  );
}
