// Brevo API v3 (header `api-key`): account, contact lists, email campaigns (create, sendNow, statistics).
import { AppError } from '../../errors';
import { platformCall, type PlatformHttp } from '../http';
import { pickNumbers, type Connector, type Credentials, type Net } from './types';

export const BREVO_API = 'https://api.brevo.com';

interface GlobalStats {
  sent?: number;
  delivered?: number;
  viewed?: number;
  uniqueViews?: number;
  clickers?: number;
  uniqueClicks?: number;
  unsubscriptions?: number;
  hardBounces?: number;
  softBounces?: number;
  complaints?: number;
}

export function brevoConnector(creds: Credentials, base: string, net: Net = {}): Connector {
  const http: PlatformHttp = { platform: 'brevo', base, headers: { 'api-key': creds.apiKey }, ...net };
  return {
    platform: 'brevo',
    async validate() {
      const { body } = await platformCall<{ email?: string; companyName?: string }>(http, '/v3/account');
      const email = body?.email ?? '';
      const company = body?.companyName?.trim();
      return { accountLabel: company && email ? `${company} (${email})` : email || company || 'Brevo account' };
    },
    async lists() {
      const { body } = await platformCall<{ lists?: { id: number; name: string; uniqueSubscribers?: number; totalSubscribers?: number }[] }>(
        http,
        '/v3/contacts/lists?limit=50&offset=0&sort=desc',
      );
      return (body?.lists ?? []).map((l) => ({ id: String(l.id), name: l.name, count: l.uniqueSubscribers ?? l.totalSubscribers ?? null }));
    },
    async create(input, when) {
      const listId = Number(input.listId);
      if (!Number.isInteger(listId)) throw new AppError('BAD_REQUEST', 'Choose one of your Brevo contact lists.');
      const { body } = await platformCall<{ id?: number }>(http, '/v3/emailCampaigns', {
        method: 'POST',
        json: {
          name: input.name,
          subject: input.subject,
          sender: { name: input.fromName, email: input.fromEmail },
          htmlContent: input.html,
          recipients: { listIds: [listId] },
          ...(when.mode === 'schedule' ? { scheduledAt: when.at.toISOString() } : {}),
        },
      });
      if (body?.id === undefined) throw new AppError('BAD_GATEWAY', 'Brevo did not return the new campaign’s id.');
      return { remoteId: String(body.id), remoteUrl: null, delivered: when.mode === 'schedule', scheduledAt: when.mode === 'schedule' ? when.at : undefined };
    },
    async deliver(remoteId, when) {
      if (when.mode === 'now') await platformCall(http, `/v3/emailCampaigns/${encodeURIComponent(remoteId)}/sendNow`, { method: 'POST' });
      return {};
    },
    async stats(remoteId) {
      const { body } = await platformCall<{ status?: string; statistics?: { globalStats?: GlobalStats } }>(
        http,
        `/v3/emailCampaigns/${encodeURIComponent(remoteId)}?statistics=globalStats`,
      );
      const g = body?.statistics?.globalStats ?? {};
      const bounces = (g.hardBounces ?? 0) + (g.softBounces ?? 0);
      const status = body?.status;
      return {
        stats: pickNumbers([
          ['recipients', g.sent],
          ['delivered', g.delivered],
          ['opens', g.viewed],
          ['uniqueOpens', g.uniqueViews],
          ['clicks', g.clickers],
          ['uniqueClicks', g.uniqueClicks],
          ['unsubscribes', g.unsubscriptions],
          ['bounces', g.hardBounces !== undefined || g.softBounces !== undefined ? bounces : undefined],
          ['complaints', g.complaints],
        ]),
        remoteStatus: status === 'sent' ? 'sent' : status === 'queued' || status === 'in_process' ? 'scheduled' : status === 'draft' ? 'draft' : undefined,
      };
    },
  };
}
