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
/** The settings chosen from a list. */
type ListSetting = Exclude<keyof LocalSettings, SwitchSetting>;

/** One setting kept on this device: a switch, or a list of choices. */
type DeviceSetting = { id: string; title: string; description: string } & (
  { toggle: SwitchSetting } | { list: ListSetting; choices: readonly { value: string; label: string }[] }
);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const GENERAL: DeviceSetting[] = [
  { id: 'set-language', title: 'Language', description: 'The language of the interface.', list: 'language', choices: LANGUAGES },
  { id: 'set-timezone', title: 'Time zone', description: 'Used for dates and schedules.', list: 'timezone', choices: TIMEZONES },
];

const NOTIFICATIONS: DeviceSetting[] = [
  { id: 'set-email-notif', title: 'Email notifications', description: 'Emails about your newsletters and sends.', toggle: 'emailNotifications' },
  {
    id: 'set-frequency',
    title: 'Email frequency',
    description: 'How often we bundle notifications.',
    list: 'emailFrequency',
    choices: EMAIL_FREQUENCIES.map((f) => ({ value: f, label: cap(f) })),
  },
  { id: 'set-updates', title: 'Product updates', description: 'News about features and improvements.', toggle: 'productUpdates' },
  { id: 'set-digest', title: 'Weekly digest', description: 'A summary of your publications each week.', toggle: 'weeklyDigest' },
];

const PRIVACY: DeviceSetting[] = [
  { id: 'set-visible', title: 'Public profile', description: 'Show your name on published newsletters.', toggle: 'profileVisible' },
  { id: 'set-analytics', title: 'Usage analytics', description: 'Share anonymous usage data to help us improve.', toggle: 'usageAnalytics' },
  {
    id: 'set-export',
    title: 'Data export format',
    description: 'Format used when you export your data.',
    list: 'exportFormat',
    choices: EXPORT_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() })),
  },
];

const ADVANCED: DeviceSetting[] = [
  { id: 'set-beta', title: 'Beta features', description: 'Try features before they are released.', toggle: 'betaFeatures' },
  { id: 'set-dev', title: 'Developer mode', description: 'Show technical details in error messages.', toggle: 'developerMode' },
];

/** Settings kept in this browser, each a row with its control. */
function DeviceSettings({ rows, settings, set }: { rows: DeviceSetting[] } & ReturnType<typeof useLocalSettings>) {
  return (
    <Stored where="device">
      <Section>
        {rows.map((r) => (
          <Row
            key={r.id}
            id={r.id}
            title={r.title}
            description={r.description}
            control={
              'toggle' in r ? (
                <Switch id={r.id} checked={settings[r.toggle]} onCheckedChange={(v) => set(r.toggle, v)} />
              ) : (
                <Select id={r.id} value={settings[r.list]} onChange={(e) => set(r.list, e.target.value as LocalSettings[typeof r.list])}>
                  {r.choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </Select>
              )
            }
          />
        ))}
      </Section>
    </Stored>
  );
}

export function SettingsPage() {
  const local = useLocalSettings();
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
          <DeviceSettings rows={GENERAL} {...local} />
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
          <DeviceSettings rows={NOTIFICATIONS} {...local} />
        </TabsContent>

        <TabsContent value="privacy">
          <DeviceSettings rows={PRIVACY} {...local} />
        </TabsContent>

        <TabsContent value="advanced">
          <DeviceSettings rows={ADVANCED} {...local} />
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
