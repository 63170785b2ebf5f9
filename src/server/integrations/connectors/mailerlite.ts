// MailerLite's API (connect.mailerlite.com/api, Bearer token): groups, campaigns (create, schedule
// instantly or at a time) and a campaign's stats.
import { AppError } from '../../errors';
import { platformCall, type PlatformHttp } from '../http';
import { pickNumbers, type Connector, type Credentials, type Net } from './types';

export const MAILERLITE_API = 'https://connect.mailerlite.com/api';

interface CampaignStatsBody {
  sent?: number;
  opens_count?: number;
  unique_opens_count?: number;
  clicks_count?: number;
  unique_clicks_count?: number;
  unsubscribes_count?: number;
  hard_bounces_count?: number;
  soft_bounces_count?: number;
  spam_count?: number;
}

const two = (n: number) => String(n).padStart(2, '0');

export function mailerliteConnector(creds: Credentials, base: string, net: Net = {}): Connector {
  const http: PlatformHttp = { platform: 'mailerlite', base, headers: { authorization: `Bearer ${creds.apiKey}` }, ...net };

  /** MailerLite schedules in a named time zone; we send UTC times, so we ask for its UTC zone's id. */
  async function utcZoneId(): Promise<number | undefined> {
    const { body } = await platformCall<{ data?: { id: number; name?: string; offset?: number }[] }>(http, '/timezones');
    const zones = body?.data ?? [];
    return (zones.find((z) => z.name === 'UTC') ?? zones.find((z) => z.offset === 0))?.id;
  }

  return {
    platform: 'mailerlite',
    async validate() {
      const { body } = await platformCall<{ meta?: { total?: number } }>(http, '/groups?limit=1');
      const total = body?.meta?.total;
      return { accountLabel: typeof total === 'number' ? `MailerLite account with ${total} group${total === 1 ? '' : 's'}` : 'MailerLite account' };
    },
    async lists() {
      const { body } = await platformCall<{ data?: { id: string | number; name: string; active_count?: number }[] }>(http, '/groups?limit=100&sort=name');
      return (body?.data ?? []).map((g) => ({ id: String(g.id), name: g.name, count: g.active_count ?? null }));
    },
    async create(input) {
      const { body } = await platformCall<{ data?: { id?: string | number } }>(http, '/campaigns', {
        method: 'POST',
        json: {
          name: input.name,
          type: 'regular',
          emails: [{ subject: input.subject, from_name: input.fromName, from: input.fromEmail, content: input.html }],
          groups: [input.listId],
        },
      });
      const id = body?.data?.id;
      if (id === undefined) throw new AppError('BAD_GATEWAY', 'MailerLite did not return the new campaign’s id.');
      return { remoteId: String(id), remoteUrl: null, delivered: false };
    },
    async deliver(remoteId, when) {
      if (when.mode === 'draft') return {};
      const path = `/campaigns/${encodeURIComponent(remoteId)}/schedule`;
      if (when.mode === 'now') {
        await platformCall(http, path, { method: 'POST', json: { delivery: 'instant' } });
        return {};
      }
      const at = when.at;
      const zone = await utcZoneId();
      await platformCall(http, path, {
        method: 'POST',
        json: {
          delivery: 'scheduled',
          schedule: {
            date: at.toISOString().slice(0, 10),
            hours: two(at.getUTCHours()),
            minutes: two(at.getUTCMinutes()),
            ...(zone !== undefined ? { timezone_id: zone } : {}),
          },
        },
      });
      return { scheduledAt: at };
    },
    async stats(remoteId) {
      const { body } = await platformCall<{ data?: { status?: string; stats?: CampaignStatsBody } }>(http, `/campaigns/${encodeURIComponent(remoteId)}`);
      const s = body?.data?.stats ?? {};
      const status = body?.data?.status;
      const bounces =
        s.hard_bounces_count !== undefined || s.soft_bounces_count !== undefined ? (s.hard_bounces_count ?? 0) + (s.soft_bounces_count ?? 0) : undefined;
      return {
        stats:
          status === 'sent'
            ? pickNumbers([
                ['recipients', s.sent],
                ['opens', s.opens_count],
                ['uniqueOpens', s.unique_opens_count],
                ['clicks', s.clicks_count],
                ['uniqueClicks', s.unique_clicks_count],
                ['unsubscribes', s.unsubscribes_count],
                ['bounces', bounces],
                ['complaints', s.spam_count],
              ])
            : {},
        remoteStatus: status === 'sent' ? 'sent' : status === 'ready' ? 'scheduled' : status === 'draft' ? 'draft' : undefined,
      };
    },
  };
}
