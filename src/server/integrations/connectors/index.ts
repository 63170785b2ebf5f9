// Picks the connector for a platform and where its API is: the vendor's own address, or (tests only)
// `${INTEGRATIONS_API_BASE}/<platform>` on a loopback fake.
import { AppError } from '../../errors';
import type { IntegrationPlatform } from '../../../../db/schema';
import { brevoConnector, BREVO_API } from './brevo';
import { mailchimpApi, mailchimpConnector, mailchimpDc } from './mailchimp';
import { mailerliteConnector, MAILERLITE_API } from './mailerlite';
import { beehiivConnector, BEEHIIV_API } from './beehiiv';
import type { Connector, Credentials } from './types';

export type { Connector, Credentials } from './types';

export function apiBase(platform: IntegrationPlatform, creds: Credentials, override?: string): string {
  if (platform === 'mailchimp' && !mailchimpDc(creds.apiKey))
    throw new AppError('BAD_REQUEST', 'A Mailchimp API key ends with its data centre, e.g. “…-us21”. Copy the whole key from Mailchimp.');
  if (override) return `${override.replace(/\/+$/, '')}/${platform}`;
  switch (platform) {
    case 'brevo':
      return BREVO_API;
    case 'mailchimp':
      return mailchimpApi(mailchimpDc(creds.apiKey)!);
    case 'mailerlite':
      return MAILERLITE_API;
    case 'beehiiv':
      return BEEHIIV_API;
  }
}

export function connectorFor(
  platform: IntegrationPlatform,
  creds: Credentials,
  opts: { apiBase?: string; fetch?: typeof fetch; timeoutMs?: number } = {},
): Connector {
  const base = apiBase(platform, creds, opts.apiBase);
  const net = { fetch: opts.fetch, timeoutMs: opts.timeoutMs };
  switch (platform) {
    case 'brevo':
      return brevoConnector(creds, base, net);
    case 'mailchimp':
      return mailchimpConnector(creds, base, net);
    case 'mailerlite':
      return mailerliteConnector(creds, base, net);
    case 'beehiiv':
      return beehiivConnector(creds, base, net);
  }
}
