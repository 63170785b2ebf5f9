// Names and labels shared by the integrations pages (and the dashboard and staff pages through index.ts).
import type { IntegrationPlatform } from '../../../../db/schema';

export type { IntegrationPlatform };

export const PLATFORM_NAMES: Record<IntegrationPlatform, string> = { brevo: 'Brevo', mailchimp: 'Mailchimp', mailerlite: 'MailerLite', beehiiv: 'beehiiv' };

export function isPlatform(v: string): v is IntegrationPlatform {
  return Object.hasOwn(PLATFORM_NAMES, v);
}

export const STATUS_LABELS = { draft: 'Draft', scheduled: 'Scheduled', sent: 'Sent', failed: 'Failed' } as const;
export const STATUS_TONES = { draft: 'neutral', scheduled: 'brand', sent: 'success', failed: 'danger' } as const;

export const STAT_LABELS: [string, string][] = [
  ['recipients', 'Recipients'],
  ['delivered', 'Delivered'],
  ['opens', 'Opens'],
  ['uniqueOpens', 'Unique opens'],
  ['clicks', 'Clicks'],
  ['uniqueClicks', 'Unique clicks'],
  ['unsubscribes', 'Unsubscribes'],
  ['bounces', 'Bounces'],
  ['complaints', 'Complaints'],
];
