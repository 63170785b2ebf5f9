// Mailgun: one POST /v3/<domain>/messages per message (form fields; h: headers, v: variables that come
// back in webhooks). Per-message calls keep each recipient's List-Unsubscribe and make a retry exact;
// recipient-variables batching would have to share one set of headers across the batch.
import { cleanHeader, recipientMailbox } from '../headers';
import type { DeliveryResult, ProviderSettings, Transport } from '../transport';
import { baseOrThrow, callProvider, refuseAll, resolveBaseUrl, type HttpTransportOptions } from './http';

export const MAILGUN_BASE = 'https://api.mailgun.net';
export const MAILGUN_HOSTS = ['api.mailgun.net', 'api.eu.mailgun.net'];
const VENDOR = 'Mailgun';

export function createMailgunTransport(settings: ProviderSettings['mailgun'], opts: HttpTransportOptions = {}): Transport {
  const base = resolveBaseUrl(settings.baseUrl, MAILGUN_BASE, MAILGUN_HOSTS, opts.allowHosts, VENDOR);
  const auth = { authorization: `Basic ${Buffer.from(`api:${settings.apiKey}`).toString('base64')}` };
  const domain = encodeURIComponent(settings.domain);
  const baseUrl = () => baseOrThrow(base);

  return {
    kind: 'mailgun',
    maxBatch: 1,
    concurrency: 8,
    ratePerSecond: 0,
    async send(messages, signal): Promise<DeliveryResult[]> {
      const results: DeliveryResult[] = [];
      for (const m of messages) {
        const form = new URLSearchParams();
        form.set('from', cleanHeader(m.from));
        form.set('to', recipientMailbox(m));
        form.set('subject', cleanHeader(m.subject));
        form.set('text', m.text);
        if (m.html) form.set('html', m.html);
        if (m.replyTo) form.set('h:Reply-To', cleanHeader(m.replyTo));
        for (const [k, v] of Object.entries(m.headers)) form.set(`h:${cleanHeader(k)}`, cleanHeader(v));
        if (m.tags?.sendId) form.set('v:send_id', m.tags.sendId);
        if (m.tags?.recipientId) form.set('v:recipient_id', m.tags.recipientId);
        const answer = await callProvider(VENDOR, { url: `${baseUrl()}/v3/${domain}/messages`, method: 'POST', auth, body: form }, signal, opts);
        if (answer.status >= 400) {
          results.push(refuseAll([m], VENDOR, answer)[0]!);
          continue;
        }
        const id = (answer.body as { id?: string } | null)?.id;
        results.push({ ok: true, providerMessageId: id ?? m.messageId });
      }
      return results;
    },
    async check(signal) {
      const answer = await callProvider(VENDOR, { url: `${baseUrl()}/v3/domains/${domain}`, auth }, signal, opts);
      if (answer.status === 404) return { status: 'error', detail: `Mailgun does not know the domain ${settings.domain}.` };
      if (answer.status >= 400) return { status: 'error', detail: `Mailgun answered ${answer.status}` };
      const state = (answer.body as { domain?: { state?: string } } | null)?.domain?.state;
      if (state && state !== 'active') return { status: 'warning', detail: `Mailgun accepted the API key; the domain ${settings.domain} is ${state}.` };
      return { status: 'healthy', detail: `Mailgun accepted the API key (domain ${settings.domain}).` };
    },
  };
}
