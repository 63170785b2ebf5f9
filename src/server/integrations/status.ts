// Integration status for the dashboard and GET /api/integrations (spec §3 "Integrations response",
// §7): per platform a connected flag, and the publications list: campaigns published to platforms and
// the user's own publications, newest first. Substack has no API, so it is never "connected".
import { eq } from 'drizzle-orm';
import type { AuthedContext } from '../context';
import { integrationConnections } from '../../../db/schema';
import { listPublications } from '../publications/publications';
import type { IntegrationsStatusDto } from '../../shared/schemas/integrations';
import { listPlatformPublications } from './connections';

export const RECENT_PUBLICATIONS = 50;
export const INTEGRATIONS_NOTE =
  'Connect Brevo, Mailchimp, MailerLite or beehiiv with an API key on the Integrations page; Substack has no API, so you copy newsletters into it.';

export async function integrationsStatus(ctx: Pick<AuthedContext, 'db' | 'now' | 'user'>): Promise<IntegrationsStatusDto> {
  const rows = await ctx.db
    .select({ platform: integrationConnections.platform, status: integrationConnections.status })
    .from(integrationConnections)
    .where(eq(integrationConnections.userId, ctx.user.id));
  // A connection whose key the platform refused is not working, so it is not "Connected".
  const flag = (p: string) => ({ connected: rows.some((r) => r.platform === p && r.status === 'connected') });
  const own = (await listPublications(ctx, { limit: RECENT_PUBLICATIONS, ownedOnly: true })).map((p) => ({
    id: p.id,
    date: p.lastSaved,
    title: p.name,
    platform: 'newsletter' as const,
    status: p.status,
  }));
  const campaigns = (await listPlatformPublications(ctx, RECENT_PUBLICATIONS)).map((p) => ({
    id: p.id,
    date: p.createdAt,
    title: p.title,
    platform: p.platform,
    status: p.status,
  }));
  const publications = [...campaigns, ...own].sort((a, b) => b.date.localeCompare(a.date)).slice(0, RECENT_PUBLICATIONS);
  return {
    success: true,
    data: {
      platforms: {
        brevo: flag('brevo'),
        mailchimp: flag('mailchimp'),
        mailerlite: flag('mailerlite'),
        beehiiv: flag('beehiiv'),
        substack: { connected: false },
      },
      brevo: flag('brevo'),
      note: INTEGRATIONS_NOTE,
      publications,
    },
  };
}
