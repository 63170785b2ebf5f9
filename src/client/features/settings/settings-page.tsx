// /settings: General, Notifications, Privacy, Advanced. Each tab says where its settings live: the
// browser's preferences are stored on this device only; product news, API keys, webhooks and the custom
// domain are the account's, wherever it signs in.
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/page-header';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/input';
import { Switch } from '../../components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ProductNewsSwitch } from '../admin-newsletter';
import { CustomDomainSettings } from './custom-domain';
import { ApiKeySettings } from './api-keys';
import { WebhookSettings } from './webhooks';
import { EMAIL_FREQUENCIES, EXPORT_FORMATS, LANGUAGES, TIMEZONES, useLocalSettings, type LocalSettings } from './local-settings';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Row({ id, title, description, control }: { id: string; title: string; description: string; control: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          {title}
        </label>
        <p className="mt-0.5 text-sm text-muted">{description}</p>
      </div>
      <div className="shrink-0 sm:w-56 sm:text-right">{control}</div>
    </div>
  );
}

function Section({ children }: { children: ReactNode }) {
  return <Card className="divide-y divide-zinc-100 dark:divide-zinc-800">{children}</Card>;
}

const STORES = {
  device: { title: 'On this device', note: 'Stored in this browser only: another browser or device starts from the defaults.' },
  account: { title: 'Saved with your account', note: 'Kept on our servers with your account: the same wherever you sign in.' },
} as const;

/** A group of settings under the heading of where they are kept. */
function Stored({ where, children }: { where: keyof typeof STORES; children: ReactNode }) {
  const id = `settings-${where}`;
  return (
    <section aria-labelledby={id} className="mt-5 first:mt-0">
      <h2 id={id} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {STORES[where].title}
      </h2>
      <p className="mb-2 mt-0.5 text-sm text-muted">{STORES[where].note}</p>
      <div className="space-y-4">{children}</div>
    </section>
  );
}

/** The settings that are on/off switches. */
type SwitchSetting = { [K in keyof LocalSettings]: LocalSettings[K] extends boolean ? K : never }[keyof LocalSettings];

export function SettingsPage() {
  const { settings, set } = useLocalSettings();
  const toggle = (key: SwitchSetting, id: string) => <Switch id={id} checked={settings[key]} onCheckedChange={(v) => set(key, v)} />;

  return (
    <>
      <PageHeader title="Settings" description="Preferences for this browser, and the settings your account keeps." />
      <Tabs defaultValue="general" className="max-w-3xl">
        <TabsList>
          <TabsTrigger value="general">General</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="privacy">Privacy</TabsTrigger>
          <TabsTrigger value="advanced">Advanced</TabsTrigger>
        </TabsList>

        <TabsContent value="general">
          <Stored where="device">
            <Section>
              <Row
                id="set-language"
                title="Language"
                description="The language of the interface."
                control={
                  <Select id="set-language" value={settings.language} onChange={(e) => set('language', e.target.value as LocalSettings['language'])}>
                    {LANGUAGES.map((l) => (
                      <option key={l.value} value={l.value}>
                        {l.label}
                      </option>
                    ))}
                  </Select>
                }
              />
              <Row
                id="set-timezone"
                title="Time zone"
                description="Used for dates and schedules."
                control={
                  <Select id="set-timezone" value={settings.timezone} onChange={(e) => set('timezone', e.target.value as LocalSettings['timezone'])}>
                    {TIMEZONES.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </Select>
                }
              />
            </Section>
          </Stored>
        </TabsContent>

        <TabsContent value="notifications">
          <Stored where="account">
            <Section>
              <Row
                id="set-product-news"
                title="Product news from Curated"
                description="An occasional e-mail from our team about new features and tips."
                control={<ProductNewsSwitch id="set-product-news" />}
              />
            </Section>
          </Stored>
          <Stored where="device">
            <Section>
              <Row
                id="set-email-notif"
                title="Email notifications"
                description="Emails about your newsletters and sends."
                control={toggle('emailNotifications', 'set-email-notif')}
              />
              <Row
                id="set-frequency"
                title="Email frequency"
                description="How often we bundle notifications."
                control={
                  <Select
                    id="set-frequency"
                    value={settings.emailFrequency}
                    onChange={(e) => set('emailFrequency', e.target.value as LocalSettings['emailFrequency'])}
                  >
                    {EMAIL_FREQUENCIES.map((f) => (
                      <option key={f} value={f}>
                        {cap(f)}
                      </option>
                    ))}
                  </Select>
                }
              />
              <Row
                id="set-updates"
                title="Product updates"
                description="News about features and improvements."
                control={toggle('productUpdates', 'set-updates')}
              />
              <Row
                id="set-digest"
                title="Weekly digest"
                description="A summary of your publications each week."
                control={toggle('weeklyDigest', 'set-digest')}
              />
            </Section>
          </Stored>
        </TabsContent>

        <TabsContent value="privacy">
          <Stored where="device">
            <Section>
              <Row
                id="set-visible"
                title="Public profile"
                description="Show your name on published newsletters."
                control={toggle('profileVisible', 'set-visible')}
              />
              <Row
                id="set-analytics"
                title="Usage analytics"
                description="Share anonymous usage data to help us improve."
                control={toggle('usageAnalytics', 'set-analytics')}
              />
              <Row
                id="set-export"
                title="Data export format"
                description="Format used when you export your data."
                control={
                  <Select id="set-export" value={settings.exportFormat} onChange={(e) => set('exportFormat', e.target.value as LocalSettings['exportFormat'])}>
                    {EXPORT_FORMATS.map((f) => (
                      <option key={f} value={f}>
                        {f.toUpperCase()}
                      </option>
                    ))}
                  </Select>
                }
              />
            </Section>
          </Stored>
        </TabsContent>

        <TabsContent value="advanced">
          <Stored where="device">
            <Section>
              <Row id="set-beta" title="Beta features" description="Try features before they are released." control={toggle('betaFeatures', 'set-beta')} />
              <Row id="set-dev" title="Developer mode" description="Show technical details in error messages." control={toggle('developerMode', 'set-dev')} />
            </Section>
          </Stored>
          <Stored where="account">
            <Section>
              <ApiKeySettings />
            </Section>
            <Section>
              <WebhookSettings />
            </Section>
            <Section>
              <CustomDomainSettings />
            </Section>
          </Stored>
        </TabsContent>
      </Tabs>
    </>
  );
}
