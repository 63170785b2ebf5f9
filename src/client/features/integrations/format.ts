// Labels shared by the integrations page's parts.
export const PLATFORM_LABELS: Record<string, string> = { brevo: 'Brevo', mailchimp: 'Mailchimp', mailerlite: 'MailerLite', beehiiv: 'beehiiv' };

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
