// Email Management (spec §2): four tabs over the system's mail (/admin/emails, staff) or the account's
// own (/email-management, plans with the feature); without the feature only the upgrade notice.
import { PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { MSG } from '../../../shared/messages';
import { UpgradeNotice } from '../../components/upgrade-notice';
import type { EmailScope } from '../../../shared/schemas/email-admin';
import { OverviewTab } from './overview-tab';
import { TemplatesTab } from './templates-tab';
import { TestingTab } from './testing-tab';
import { SettingsTab } from './settings-tab';
import { useEmailAccess } from './use-email-scope';

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
        <UpgradeNotice message={MSG.emailManagementUnavailable} />
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
