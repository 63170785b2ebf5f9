// Integration status for the dashboard (spec §3 "Integrations response", §7 /api/integrations).
// No mail platform can be connected in this product yet, so every platform reports connected: false
// and the response says so; the publications list is the user's real stored publications.
import { z } from 'zod';
import type { AuthedContext } from '../trpc/context';
import { listPublications } from '../publications/publications';
import { PUBLICATION_STATUSES } from '../publications/schemas';

export const INTEGRATION_PLATFORMS = ['brevo', 'mailchimp', 'mailerlite', 'substack'] as const;
export const RECENT_PUBLICATIONS = 50;
export const INTEGRATIONS_NOTE = 'Connecting Brevo, Mailchimp, MailerLite or Substack is not available yet, so no platform is connected.';

const connection = z.object({ connected: z.boolean() });

export const integrationsStatusDto = z.object({
  success: z.literal(true),
  data: z.object({
    platforms: z.object({ brevo: connection, mailchimp: connection, mailerlite: connection, substack: connection }),
    brevo: connection,
    note: z.string(),
    publications: z.array(
      z.object({ id: z.string(), date: z.string(), title: z.string(), platform: z.literal('newsletter'), status: z.enum(PUBLICATION_STATUSES) }),
    ),
  }),
});
export type IntegrationsStatusDto = z.infer<typeof integrationsStatusDto>;

export function integrationsStatus(ctx: Pick<AuthedContext, 'db' | 'now' | 'user'>): IntegrationsStatusDto {
  const disconnected = () => ({ connected: false });
  const publications = listPublications(ctx, { limit: RECENT_PUBLICATIONS }).map((p) => ({
    id: p.id,
    date: p.lastSaved,
    title: p.name,
    platform: 'newsletter' as const,
    status: p.status,
  }));
  return {
    success: true,
    data: {
      platforms: { brevo: disconnected(), mailchimp: disconnected(), mailerlite: disconnected(), substack: disconnected() },
      brevo: disconnected(),
      note: INTEGRATIONS_NOTE,
      publications,
    },
  };
}
