// beehiiv API v2 (Bearer): publications (beehiiv has no lists: a post goes to the publication's whole
// audience), posts (draft, published now or scheduled) and a post's e-mail stats.
import { AppError } from '../../errors';
import { platformCall, type PlatformHttp } from '../http';
import { pickNumbers, type Connector, type Credentials, type Net } from './types';

export const BEEHIIV_API = 'https://api.beehiiv.com/v2';

export const BEEHIIV_POSTS_REFUSED =
  'beehiiv refused to create the post: its API creates posts only on the beehiiv plans that include it. The key itself works; paste the newsletter into beehiiv’s editor instead.';

interface EmailStats {
  recipients?: number;
  delivered?: number;
  opens?: number;
  unique_opens?: number;
  clicks?: number;
  unique_clicks?: number;
  unsubscribes?: number;
  spam_reports?: number;
}

export function beehiivConnector(creds: Credentials, base: string, net: Net = {}): Connector {
  const http: PlatformHttp = { platform: 'beehiiv', base, headers: { authorization: `Bearer ${creds.apiKey}` }, ...net };
  const pub = () => {
    if (!creds.publicationId) throw new AppError('PRECONDITION_FAILED', 'Reconnect beehiiv: no publication is chosen for this connection.');
    return encodeURIComponent(creds.publicationId);
  };
  return {
    platform: 'beehiiv',
    async validate() {
      const { body } = await platformCall<{ data?: { id: string; name: string }[] }>(http, '/publications?limit=100');
      const pubs = body?.data ?? [];
      const chosen = (creds.publicationId && pubs.find((p) => p.id === creds.publicationId)) || pubs[0];
      if (!chosen) throw new AppError('BAD_REQUEST', 'This beehiiv key sees no publication. Create one in beehiiv or use a key of the workspace that has it.');
      return { accountLabel: chosen.name, extra: { publicationId: chosen.id, publicationName: chosen.name } };
    },
    async lists() {
      const name = creds.publicationName ?? 'Publication';
      return [{ id: creds.publicationId ?? '', name: `${name}: all subscribers`, count: null }];
    },
    async create(input, when) {
      const refusal = (status: number) => (status === 403 ? BEEHIIV_POSTS_REFUSED : null);
      const { body } = await platformCall<{ data?: { id?: string; web_url?: string } }>(http, `/publications/${pub()}/posts`, {
        method: 'POST',
        refusal,
        json: {
          title: input.name,
          subtitle: input.subject,
          body_content: input.html,
          status: when.mode === 'draft' ? 'draft' : 'confirmed',
          ...(when.mode === 'schedule' ? { scheduled_at: when.at.toISOString() } : {}),
        },
      });
      const id = body?.data?.id;
      if (!id) throw new AppError('BAD_GATEWAY', 'beehiiv did not return the new post’s id.');
      const url = body?.data?.web_url;
      return {
        remoteId: id,
        remoteUrl: typeof url === 'string' && /^https?:\/\//.test(url) ? url : null,
        delivered: when.mode !== 'draft',
        scheduledAt: when.mode === 'schedule' ? when.at : undefined,
      };
    },
    async deliver() {
      return {};
    },
    async stats(remoteId) {
      const { body } = await platformCall<{ data?: { status?: string; publish_date?: number | null; stats?: { email?: EmailStats } } }>(
        http,
        `/publications/${pub()}/posts/${encodeURIComponent(remoteId)}?expand[]=stats`,
      );
      const e = body?.data?.stats?.email ?? {};
      const status = body?.data?.status;
      const publishAt = body?.data?.publish_date ? body.data.publish_date * 1000 : null;
      const remoteStatus = status === 'draft' ? 'draft' : status === 'confirmed' ? (publishAt && publishAt > Date.now() ? 'scheduled' : 'sent') : undefined;
      return {
        stats: pickNumbers([
          ['recipients', e.recipients],
          ['delivered', e.delivered],
          ['opens', e.opens],
          ['uniqueOpens', e.unique_opens],
          ['clicks', e.clicks],
          ['uniqueClicks', e.unique_clicks],
          ['unsubscribes', e.unsubscribes],
          ['complaints', e.spam_reports],
        ]),
        remoteStatus,
      };
    },
  };
}
