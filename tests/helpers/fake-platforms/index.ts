// One loopback HTTP server faking the documented REST shapes of Brevo (v3), Mailchimp (Marketing 3.0),
// MailerLite (connect API) and beehiiv (v2) under /brevo, /mailchimp, /mailerlite and /beehiiv, so the
// app's INTEGRATIONS_API_BASE can point at it. Each platform checks its own auth header against the
// keys it was given (anything else → 401), keeps the campaigns it was sent, and can be told to answer
// the next calls with 429 (Retry-After), 500, a 400 that echoes the key, or no answer at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const PLATFORMS = ['brevo', 'mailchimp', 'mailerlite', 'beehiiv'] as const;
export type FakePlatform = (typeof PLATFORMS)[number];

export const FAKE_KEYS: Record<FakePlatform, string> = {
  brevo: 'xkeysib-fake-brevo-key-0123456789',
  mailchimp: '0123456789abcdef0123456789abcdef-us21',
  mailerlite: 'mlite.fake-token-0123456789',
  beehiiv: 'beehiiv-fake-key-0123456789',
};

export interface FakeCall {
  platform: FakePlatform;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeCampaign {
  platform: FakePlatform;
  id: string;
  body: Record<string, unknown>;
  html: string;
  status: 'draft' | 'scheduled' | 'sent';
  scheduledAt?: string;
}

/** 'echo-key': a 400 in the platform's error shape that quotes the API key back (some APIs echo what they were sent). */
type Fail = { kind: '429'; retryAfter: string } | { kind: '500' } | { kind: 'hang' } | { kind: 'echo-key' };

export interface FakePlatforms {
  url: string;
  hostPort: string;
  calls: FakeCall[];
  campaigns: FakeCampaign[];
  failNext(platform: FakePlatform, fail: Fail, times?: number): void;
  /** beehiiv answers 403 to post creation (its API is limited to some plans). */
  refusePosts(on: boolean): void;
  close(): Promise<void>;
}

const LISTS = {
  brevo: [
    { id: 2, name: 'Newsletter readers', totalBlacklisted: 0, totalSubscribers: 1200, uniqueSubscribers: 1180, folderId: 1 },
    { id: 7, name: 'VIP', totalBlacklisted: 0, totalSubscribers: 40, uniqueSubscribers: 40, folderId: 1 },
  ],
  mailchimp: [{ id: 'a1b2c3d4e5', name: 'Main audience', stats: { member_count: 830 } }],
  mailerlite: [{ id: '111222333', name: 'Weekly readers', active_count: 512 }],
};

const STATS = {
  brevo: {
    globalStats: {
      uniqueClicks: 31,
      clickers: 44,
      complaints: 1,
      delivered: 1150,
      sent: 1180,
      softBounces: 20,
      hardBounces: 10,
      uniqueViews: 600,
      trackableViews: 580,
      unsubscriptions: 5,
      viewed: 900,
    },
  },
  mailchimp: {
    emails_sent: 830,
    abuse_reports: 0,
    unsubscribed: 3,
    bounces: { hard_bounces: 4, soft_bounces: 6, syntax_errors: 0 },
    opens: { opens_total: 700, unique_opens: 410, open_rate: 0.5 },
    clicks: { clicks_total: 120, unique_clicks: 90, unique_subscriber_clicks: 80, click_rate: 0.1 },
  },
  mailerlite: {
    sent: 512,
    opens_count: 300,
    unique_opens_count: 250,
    open_rate: { float: 0.49, string: '49%' },
    clicks_count: 60,
    unique_clicks_count: 50,
    unsubscribes_count: 2,
    hard_bounces_count: 1,
    soft_bounces_count: 3,
    spam_count: 0,
  },
  beehiiv: { email: { recipients: 2000, delivered: 1990, opens: 1500, unique_opens: 1100, clicks: 210, unique_clicks: 160, unsubscribes: 7, spam_reports: 1 } },
};

export async function startFakePlatforms(opts: { port?: number; keys?: Partial<Record<FakePlatform, string>> } = {}): Promise<FakePlatforms> {
  const keys = { ...FAKE_KEYS, ...opts.keys };
  const calls: FakeCall[] = [];
  const campaigns: FakeCampaign[] = [];
  const fails = new Map<FakePlatform, Fail[]>();
  const hanging = new Set<http.ServerResponse>();
  let refusePosts = false;
  let seq = 0;

  function authorised(platform: FakePlatform, h: http.IncomingHttpHeaders): boolean {
    const key = keys[platform];
    if (platform === 'brevo') return h['api-key'] === key;
    if (platform === 'mailchimp') {
      const m = /^Basic (.+)$/.exec(String(h.authorization ?? ''));
      if (!m) return false;
      const [, password] = Buffer.from(m[1]!, 'base64').toString('utf8').split(':');
      return password === key;
    }
    return h.authorization === `Bearer ${key}`;
  }

  const find = (platform: FakePlatform, id: string) => campaigns.find((c) => c.platform === platform && c.id === id);

  function route(platform: FakePlatform, method: string, path: string, body: Record<string, unknown>): [number, unknown] {
    const url = new URL(path, 'http://x');
    const p = url.pathname;
    let m: RegExpExecArray | null;
    if (platform === 'brevo') {
      if (method === 'GET' && p === '/v3/account')
        return [200, { email: 'owner@brevo.example', firstName: 'Bo', lastName: 'Owner', companyName: 'Acme News', plan: [] }];
      if (method === 'GET' && p === '/v3/contacts/lists') return [200, { lists: LISTS.brevo, count: LISTS.brevo.length }];
      if (method === 'POST' && p === '/v3/emailCampaigns') {
        if (!body.name || !body.sender || !body.htmlContent || !body.subject)
          return [400, { code: 'missing_parameter', message: 'name, subject, sender and htmlContent are required' }];
        const id = String(++seq);
        campaigns.push({
          platform,
          id,
          body,
          html: String(body.htmlContent),
          status: body.scheduledAt ? 'scheduled' : 'draft',
          scheduledAt: body.scheduledAt as string | undefined,
        });
        return [201, { id: Number(id) }];
      }
      if ((m = /^\/v3\/emailCampaigns\/(\d+)\/sendNow$/.exec(p)) && method === 'POST') {
        const c = find(platform, m[1]!);
        if (!c) return [404, { code: 'document_not_found', message: 'Campaign not found' }];
        c.status = 'sent';
        return [204, undefined];
      }
      if ((m = /^\/v3\/emailCampaigns\/(\d+)$/.exec(p)) && method === 'GET') {
        const c = find(platform, m[1]!);
        if (!c) return [404, { code: 'document_not_found', message: 'Campaign not found' }];
        const status = c.status === 'sent' ? 'sent' : c.status === 'scheduled' ? 'queued' : 'draft';
        return [200, { id: Number(c.id), name: c.body.name, status, statistics: c.status === 'sent' ? STATS.brevo : { globalStats: {} } }];
      }
    }
    if (platform === 'mailchimp') {
      if (method === 'GET' && p === '/ping') return [200, { health_status: "Everything's Chimpy!" }];
      if (method === 'GET' && p === '/') return [200, { account_id: 'acc1', account_name: 'Acme Chimp', email: 'owner@chimp.example' }];
      if (method === 'GET' && p === '/lists') return [200, { lists: LISTS.mailchimp, total_items: 1 }];
      if (method === 'POST' && p === '/campaigns') {
        const recipients = body.recipients as { list_id?: string } | undefined;
        const settings = body.settings as Record<string, string> | undefined;
        if (body.type !== 'regular' || !recipients?.list_id || !settings?.subject_line || !settings.from_name || !settings.reply_to)
          return [400, { title: 'Invalid Resource', status: 400, detail: 'The resource submitted could not be validated.' }];
        const id = `mc${++seq}`;
        campaigns.push({ platform, id, body, html: '', status: 'draft' });
        return [200, { id, web_id: 4400 + seq, type: 'regular', status: 'save', archive_url: `http://eepurl.com/${id}` }];
      }
      if ((m = /^\/campaigns\/([^/]+)\/content$/.exec(p)) && method === 'PUT') {
        const c = find(platform, m[1]!);
        if (!c) return [404, { title: 'Resource Not Found', status: 404, detail: 'The requested resource could not be found.' }];
        c.html = String(body.html ?? '');
        return [200, { html: c.html }];
      }
      if ((m = /^\/campaigns\/([^/]+)\/actions\/(send|schedule)$/.exec(p)) && method === 'POST') {
        const c = find(platform, m[1]!);
        if (!c) return [404, { title: 'Resource Not Found', status: 404, detail: 'The requested resource could not be found.' }];
        if (!c.html) return [400, { title: 'Bad Request', status: 400, detail: 'Your Campaign is not ready to send.' }];
        if (m[2] === 'schedule') {
          const t = new Date(String(body.schedule_time));
          if (Number.isNaN(t.getTime()) || t.getUTCMinutes() % 15 !== 0)
            return [400, { title: 'Bad Request', status: 400, detail: 'Schedule time must be on the quarter-hour.' }];
          c.status = 'scheduled';
          c.scheduledAt = t.toISOString();
        } else c.status = 'sent';
        return [204, undefined];
      }
      if ((m = /^\/campaigns\/([^/]+)$/.exec(p)) && method === 'GET') {
        const c = find(platform, m[1]!);
        if (!c) return [404, { title: 'Resource Not Found', status: 404, detail: 'The requested resource could not be found.' }];
        return [200, { status: c.status === 'sent' ? 'sent' : c.status === 'scheduled' ? 'schedule' : 'save' }];
      }
      if ((m = /^\/reports\/([^/]+)$/.exec(p)) && method === 'GET') {
        const c = find(platform, m[1]!);
        if (!c || c.status !== 'sent') return [404, { title: 'Resource Not Found', status: 404, detail: 'The requested resource could not be found.' }];
        return [200, { id: c.id, ...STATS.mailchimp }];
      }
    }
    if (platform === 'mailerlite') {
      if (method === 'GET' && p === '/groups') return [200, { data: LISTS.mailerlite, links: {}, meta: { current_page: 1, total: LISTS.mailerlite.length } }];
      if (method === 'GET' && p === '/timezones')
        return [
          200,
          {
            data: [
              { id: 1, name: 'Pacific/Midway', offset: -39600 },
              { id: 147, name: 'UTC', offset: 0 },
            ],
          },
        ];
      if (method === 'POST' && p === '/campaigns') {
        const emails = body.emails as Record<string, string>[] | undefined;
        const e = emails?.[0];
        if (!body.name || body.type !== 'regular' || !e?.subject || !e.from || !e.from_name)
          return [422, { message: 'The given data was invalid.', errors: { emails: ['The emails field is required.'] } }];
        const id = String(9000 + ++seq);
        campaigns.push({ platform, id, body, html: String(e.content ?? ''), status: 'draft' });
        return [201, { data: { id, name: body.name, type: 'regular', status: 'draft' } }];
      }
      if ((m = /^\/campaigns\/(\d+)\/schedule$/.exec(p)) && method === 'POST') {
        const c = find(platform, m[1]!);
        if (!c) return [404, { message: 'Resource not found.' }];
        if (body.delivery === 'instant') c.status = 'sent';
        else if (body.delivery === 'scheduled') {
          const s = body.schedule as { date?: string; hours?: string; minutes?: string } | undefined;
          if (!s?.date || !s.hours || !s.minutes)
            return [422, { message: 'The given data was invalid.', errors: { schedule: ['The schedule field is required.'] } }];
          c.status = 'scheduled';
          c.scheduledAt = `${s.date}T${s.hours}:${s.minutes}:00.000Z`;
        } else return [422, { message: 'The given data was invalid.', errors: { delivery: ['The selected delivery is invalid.'] } }];
        return [200, { data: { id: c.id, status: c.status === 'sent' ? 'sent' : 'ready' } }];
      }
      if ((m = /^\/campaigns\/(\d+)$/.exec(p)) && method === 'GET') {
        const c = find(platform, m[1]!);
        if (!c) return [404, { message: 'Resource not found.' }];
        const status = c.status === 'sent' ? 'sent' : c.status === 'scheduled' ? 'ready' : 'draft';
        return [200, { data: { id: c.id, status, stats: c.status === 'sent' ? STATS.mailerlite : {} } }];
      }
    }
    if (platform === 'beehiiv') {
      if (method === 'GET' && p === '/publications')
        return [
          200,
          {
            data: [{ id: 'pub_00000000-1111-2222-3333-444444444444', name: 'The Bee Letter', organization_name: 'Bee Co', created: 1700000000 }],
            limit: 10,
            page: 1,
            total_results: 1,
            total_pages: 1,
          },
        ];
      if (/^\/publications\/[^/]+\/posts$/.test(p) && method === 'POST') {
        if (refusePosts) return [403, { errors: [{ message: 'This endpoint is only available to Enterprise users.' }] }];
        if (!body.title || !body.body_content) return [400, { errors: [{ message: 'title and body_content are required' }] }];
        const id = `post_${String(++seq).padStart(8, '0')}`;
        const status = body.status === 'confirmed' ? (body.scheduled_at ? 'scheduled' : 'sent') : 'draft';
        campaigns.push({ platform, id, body, html: String(body.body_content), status, scheduledAt: body.scheduled_at as string | undefined });
        return [201, { data: { id, title: body.title, status: body.status, web_url: `https://bee.example/p/${id}` } }];
      }
      if ((m = /^\/publications\/([^/]+)\/posts\/([^/]+)$/.exec(p)) && method === 'GET') {
        const c = find(platform, m[2]!);
        if (!c) return [404, { errors: [{ message: 'Post not found' }] }];
        const publish = c.scheduledAt ? Math.floor(new Date(c.scheduledAt).getTime() / 1000) : 1700000000;
        const expand = url.searchParams.getAll('expand[]').concat(url.searchParams.getAll('expand'));
        return [
          200,
          {
            data: {
              id: c.id,
              status: c.status === 'draft' ? 'draft' : 'confirmed',
              publish_date: publish,
              ...(expand.includes('stats') ? { stats: STATS.beehiiv } : {}),
            },
          },
        ];
      }
    }
    return [404, { message: `No route ${method} ${p}` }];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const m = /^\/(brevo|mailchimp|mailerlite|beehiiv)(\/.*)?$/.exec(req.url ?? '');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (!m) return send(404, { message: 'Unknown platform' });
      const platform = m[1] as FakePlatform;
      const path = m[2] ?? '/';
      let body: Record<string, unknown>;
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return send(400, { message: 'Invalid JSON' });
      }
      calls.push({ platform, method: req.method ?? 'GET', path, headers: req.headers, body });
      if (!authorised(platform, req.headers)) return send(401, { message: 'Key not found', code: 'unauthorized' });
      const fail = fails.get(platform)?.shift();
      if (fail?.kind === 'hang') {
        hanging.add(res);
        return;
      }
      if (fail?.kind === '429') return send(429, { message: 'Too many requests' }, { 'retry-after': fail.retryAfter });
      if (fail?.kind === '500') return send(500, { message: 'Internal error' });
      if (fail?.kind === 'echo-key') {
        const said = `Invalid request for key ${keys[platform]}`;
        if (platform === 'mailchimp')
          return send(400, { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title: 'Invalid Resource', status: 400, detail: said });
        if (platform === 'brevo') return send(400, { code: 'invalid_parameter', message: said });
        return send(400, { message: said });
      }
      const [status, out] = route(platform, req.method ?? 'GET', path, body);
      send(status, out);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    calls,
    campaigns,
    failNext(platform, fail, times = 1) {
      const q = fails.get(platform) ?? [];
      for (let i = 0; i < times; i++) q.push(fail);
      fails.set(platform, q);
    },
    refusePosts(on) {
      refusePosts = on;
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
