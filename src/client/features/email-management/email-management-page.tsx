// Email Management (spec §2): four tabs over the system's mail (/admin/emails, staff) or the account's
// own (/email-management, plans with the feature); without the feature only the upgrade notice.
import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { buttonClass } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { MSG } from '../../../shared/messages';
import type { EmailScope } from '../../../shared/schemas/email-admin';
import { OverviewTab } from './overview-tab';
import { TemplatesTab } from './templates-tab';
import { TestingTab } from './testing-tab';
import { SettingsTab } from './settings-tab';
import { useEmailAccess } from './use-email-scope';

function UpgradeNotice() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-zinc-200 bg-white px-6 py-14 text-center dark:border-zinc-800 dark:bg-zinc-900/60">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400">
        <Lock className="size-6" aria-hidden />
      </span>
      <p className="max-w-md text-sm text-zinc-700 dark:text-zinc-300">{MSG.emailManagementUnavailable}</p>
      <Link to="/upgrade" className={buttonClass('primary')}>
        {MSG.upgradeYourPlan}
      </Link>
    </div>
  );
}

export function EmailManagementPage({ scope }: { scope: EmailScope }) {
  const { user, allowed } = useEmailAccess(scope);
  const description =
    scope === 'system'
      ? 'Mail delivery for the whole product: every account, the system providers.'
      : 'Your mail: what you sent today, your providers and tests.';
  if (!user) return <PageSpinner />;
  return (
    <>
      <PageHeader title="Email Management" description={allowed ? description : undefined} />
      {!allowed ? (
        <UpgradeNotice />
      ) : (
        <Tabs defaultValue="overview">
          <TabsList>
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="templates">Templates</TabsTrigger>
            <TabsTrigger value="testing">Testing</TabsTrigger>
            <TabsTrigger value="settings">Settings</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <OverviewTab scope={scope} />
          </TabsContent>
          <TabsContent value="templates">
            <TemplatesTab scope={scope} />
          </TabsContent>
          <TabsContent value="testing">
            <TestingTab scope={scope} isStaff={user.isStaff} ownEmail={user.email} />
          </TabsContent>
          <TabsContent value="settings">
            <SettingsTab scope={scope} />
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}
