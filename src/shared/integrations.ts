// The e-mail platforms an account connects, the states of a connection and of a campaign published
// there, and the figures a platform can report for a campaign (stored by db/schema, answered by the API).
export const INTEGRATION_PLATFORMS = ['brevo', 'mailchimp', 'mailerlite', 'beehiiv'] as const;
export type IntegrationPlatform = (typeof INTEGRATION_PLATFORMS)[number];

export const CONNECTION_STATUSES = ['connected', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sent', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The figures a platform can report for a campaign. */
export const STAT_KEYS = ['recipients', 'delivered', 'opens', 'uniqueOpens', 'clicks', 'uniqueClicks', 'unsubscribes', 'bounces', 'complaints'] as const;
export type StatKey = (typeof STAT_KEYS)[number];
