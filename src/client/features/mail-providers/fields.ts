// The settings form of each provider kind: which fields, which are secret, and how they become the
// settings object the server validates (numbers as numbers, empty optional fields left out).
import type { ProviderKind } from '../../../server/mail/transport';

export interface FieldSpec {
  name: string;
  label: string;
  type: 'text' | 'password' | 'number' | 'textarea' | 'select';
  placeholder?: string;
  optional?: boolean;
  hint?: string;
  options?: { value: string; label: string }[];
  initial?: string;
}

export const KIND_OPTIONS: { value: ProviderKind; label: string; blurb: string }[] = [
  { value: 'brevo', label: 'Brevo', blurb: 'Transactional API key from Brevo → SMTP & API → API keys.' },
  { value: 'resend', label: 'Resend', blurb: 'API key with sending access; the webhook signing secret starts with whsec_.' },
  { value: 'mailgun', label: 'Mailgun', blurb: 'Private API key and your sending domain; the HTTP webhook signing key verifies events.' },
  { value: 'postmark', label: 'Postmark', blurb: 'Server API token and the message stream to send on (broadcast for newsletters).' },
  { value: 'smtp', label: 'SMTP', blurb: 'Any SMTP server at a public address, optionally signing with DKIM.' },
];

export const FIELDS: Record<ProviderKind, FieldSpec[]> = {
  brevo: [{ name: 'apiKey', label: 'API key', type: 'password', placeholder: 'xkeysib-…' }],
  resend: [
    { name: 'apiKey', label: 'API key', type: 'password', placeholder: 're_…' },
    {
      name: 'webhookSecret',
      label: 'Webhook signing secret',
      type: 'password',
      placeholder: 'whsec_…',
      optional: true,
      hint: 'Needed to accept Resend events.',
    },
  ],
  mailgun: [
    { name: 'apiKey', label: 'API key', type: 'password' },
    { name: 'domain', label: 'Sending domain', type: 'text', placeholder: 'mg.example.com' },
    {
      name: 'region',
      label: 'Region',
      type: 'select',
      options: [
        { value: 'us', label: 'US (api.mailgun.net)' },
        { value: 'eu', label: 'EU (api.eu.mailgun.net)' },
      ],
      initial: 'us',
    },
    { name: 'webhookSigningKey', label: 'Webhook signing key', type: 'password', optional: true, hint: 'Needed to accept Mailgun events.' },
  ],
  postmark: [
    { name: 'serverToken', label: 'Server API token', type: 'password' },
    { name: 'messageStream', label: 'Message stream', type: 'text', initial: 'broadcast' },
  ],
  smtp: [
    { name: 'url', label: 'SMTP URL', type: 'password', placeholder: 'smtp://user:pass@smtp.example.com:587', hint: 'smtps:// for port 465. Kept encrypted.' },
    { name: 'pool', label: 'Parallel connections', type: 'number', initial: '5' },
    { name: 'ratePerSecond', label: 'Messages per second (0 = no limit)', type: 'number', initial: '0' },
    { name: 'dkimDomain', label: 'DKIM domain', type: 'text', placeholder: 'example.com', optional: true },
    { name: 'dkimSelector', label: 'DKIM selector', type: 'text', placeholder: 'mail', optional: true },
    { name: 'dkimKey', label: 'DKIM private key (PEM)', type: 'textarea', placeholder: '-----BEGIN PRIVATE KEY-----', optional: true },
  ],
};

export function initialValues(kind: ProviderKind): Record<string, string> {
  return Object.fromEntries(FIELDS[kind].map((f) => [f.name, f.initial ?? '']));
}

/** The settings object for the server; it validates and answers with a clear message when wrong. */
export function toSettings(kind: ProviderKind, values: Record<string, string>): Record<string, unknown> {
  const v = (k: string) => (values[k] ?? '').trim();
  const put = (o: Record<string, unknown>, k: string) => {
    if (v(k)) o[k] = v(k);
    return o;
  };
  switch (kind) {
    case 'brevo':
      return put({}, 'apiKey');
    case 'resend':
      return put(put({}, 'apiKey'), 'webhookSecret');
    case 'mailgun': {
      const o = put(put(put({}, 'apiKey'), 'domain'), 'webhookSigningKey');
      if (v('region') === 'eu') o.baseUrl = 'https://api.eu.mailgun.net';
      return o;
    }
    case 'postmark':
      return put(put({}, 'serverToken'), 'messageStream');
    case 'smtp': {
      const o: Record<string, unknown> = { url: v('url'), pool: Number(v('pool') || 5), ratePerSecond: Number(v('ratePerSecond') || 0) };
      if (v('dkimDomain') || v('dkimSelector') || v('dkimKey'))
        o.dkim = { domainName: v('dkimDomain'), keySelector: v('dkimSelector'), privateKey: v('dkimKey') };
      return o;
    }
  }
}
