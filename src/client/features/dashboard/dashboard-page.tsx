// /dashboard: integrations, recent publications and the subscription plan (spec §2 Dashboard).
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { buttonClass } from '../../components/ui/button';
import { useCurrentUser } from '../auth';
import { UpgradeDialog } from '../upgrade';
import { IntegrationsCard, RecentPublicationsCard, SubscriptionCard } from './dashboard-cards';

export function DashboardPage() {
  const user = useCurrentUser();
  const firstName = user?.name.split(' ')[0];
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={firstName ? `Welcome back, ${firstName}.` : 'Your workspace at a glance.'}
        actions={
          <Link to="/publications" className={buttonClass('primary')}>
            Publications <ArrowRight aria-hidden />
          </Link>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-2 xl:grid-cols-3">
        <RecentPublicationsCard className="lg:col-span-2 xl:row-span-2" />
        <IntegrationsCard />
        <SubscriptionCard onUpgrade={() => setUpgradeOpen(true)} />
      </div>
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </>
  );
}
