// Mailchimp Marketing API 3.0 (HTTP basic auth, data centre from the key's "-us21" suffix): ping, lists,
// campaigns (create, content, send, schedule) and reports.
import { AppError } from '../../errors';
import { platformCall, type PlatformHttp } from '../http';
import { pickNumbers, type Connector, type Credentials, type Net } from './types';

const QUARTER_MS = 15 * 60 * 1000;

/** The data centre a key belongs to ("…-us21" → "us21"), or null when the key has none. */
export function mailchimpDc(apiKey: string): string | null {
  return /-([a-z]{2,4}\d{1,3})$/.exec(apiKey.trim())?.[1] ?? null;
}

export const mailchimpApi = (dc: string) => `https://${dc}.api.mailchimp.com/3.0`;

/** Mailchimp schedules only on :00, :15, :30 and :45. */
export function nextQuarterHour(at: Date): Date {
  return new Date(Math.ceil(at.getTime() / QUARTER_MS) * QUARTER_MS);
}

interface Report {
  emails_sent?: number;
  abuse_reports?: number;
  unsubscribed?: number;
  bounces?: { hard_bounces?: number; soft_bounces?: number; syntax_errors?: number };
  opens?: { opens_total?: number; unique_opens?: number };
  clicks?: { clicks_total?: number; unique_subscriber_clicks?: number; unique_clicks?: number };
}

export function mailchimpConnector(creds: Credentials, base: string, net: Net = {}): Connector {
  const dc = mailchimpDc(creds.apiKey);
  const auth = `Basic ${Buffer.from(`curated:${creds.apiKey}`).toString('base64')}`;
  const http: PlatformHttp = { platform: 'mailchimp', base, headers: { authorization: auth }, ...net };
  return {
    platform: 'mailchimp',
    async validate() {
      await platformCall(http, '/ping');
      const { body } = await platformCall<{ account_name?: string; email?: string }>(http, '/?fields=account_name,email');
      const name = body?.account_name?.trim();
      return { accountLabel: name && body?.email ? `${name} (${body.email})` : name || body?.email || 'Mailchimp account' };
    },
    async lists() {
      const { body } = await platformCall<{ lists?: { id: string; name: string; stats?: { member_count?: number } }[] }>(
        http,
        '/lists?count=100&fields=lists.id,lists.name,lists.stats.member_count',
      );
      return (body?.lists ?? []).map((l) => ({ id: l.id, name: l.name, count: l.stats?.member_count ?? null }));
    },
    async create(input) {
      const { body } = await platformCall<{ id?: string; web_id?: number }>(http, '/campaigns', {
        method: 'POST',
        json: {
          type: 'regular',
          recipients: { list_id: input.listId },
          settings: { subject_line: input.subject, title: input.name, from_name: input.fromName, reply_to: input.fromEmail },
        },
      });
      if (!body?.id) throw new AppError('BAD_GATEWAY', 'Mailchimp did not return the new campaign’s id.');
      await platformCall(http, `/campaigns/${encodeURIComponent(body.id)}/content`, { method: 'PUT', json: { html: input.html } });
      const remoteUrl = dc && body.web_id ? `https://${dc}.admin.mailchimp.com/campaigns/edit?id=${body.web_id}` : null;
      return { remoteId: body.id, remoteUrl, delivered: false };
    },
    async deliver(remoteId, when) {
      const id = encodeURIComponent(remoteId);
      if (when.mode === 'now') await platformCall(http, `/campaigns/${id}/actions/send`, { method: 'POST' });
      if (when.mode === 'schedule') {
        const at = nextQuarterHour(when.at);
        await platformCall(http, `/campaigns/${id}/actions/schedule`, { method: 'POST', json: { schedule_time: at.toISOString() } });
        return { scheduledAt: at };
      }
      return {};
    },
    async stats(remoteId) {
      const id = encodeURIComponent(remoteId);
      const { body: campaign } = await platformCall<{ status?: string }>(http, `/campaigns/${id}?fields=status`);
      const status = campaign?.status;
      const remoteStatus = status === 'sent' || status === 'sending' ? 'sent' : status === 'schedule' ? 'scheduled' : status === 'save' ? 'draft' : undefined;
      if (remoteStatus !== 'sent') return { stats: {}, remoteStatus };
      const { body: r } = await platformCall<Report>(http, `/reports/${id}`);
      const b = r?.bounces;
      return {
        stats: pickNumbers([
          ['recipients', r?.emails_sent],
          ['opens', r?.opens?.opens_total],
          ['uniqueOpens', r?.opens?.unique_opens],
          ['clicks', r?.clicks?.clicks_total],
          ['uniqueClicks', r?.clicks?.unique_subscriber_clicks ?? r?.clicks?.unique_clicks],
          ['unsubscribes', r?.unsubscribed],
          ['bounces', b ? (b.hard_bounces ?? 0) + (b.soft_bounces ?? 0) + (b.syntax_errors ?? 0) : undefined],
          ['complaints', r?.abuse_reports],
        ]),
        remoteStatus,
      };
    },
  };
}
