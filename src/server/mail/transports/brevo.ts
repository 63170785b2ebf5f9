// Brevo (transactional API v3). Messages that share sender, reply-to and headers go in one call as
// messageVersions (Brevo has no per-version headers); a newsletter's per-recipient List-Unsubscribe
// makes that one call per message, run in parallel. Each call carries an idempotency key from the
// message ids, so a retried call is not delivered twice within Brevo's 30-minute window.
import { escapeHtml } from '../../xml';
import { cleanHeader } from '../headers';
import type { DeliveryResult, OutgoingMessage, ProviderSettings, Transport } from '../transport';
import { baseOrThrow, batchUuid, callProvider, refuseAll, resolveBaseUrl, sendGroups, splitMailbox, type HttpTransportOptions } from './http';

export const BREVO_BASE = 'https://api.brevo.com';
export const BREVO_HOSTS = ['api.brevo.com'];
const VENDOR = 'Brevo';
/** Brevo accepts 1,000 versions a call; 100 keeps a call well under its body limits. */
const MAX_BATCH = 100;

const headersOf = (m: OutgoingMessage) => Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [cleanHeader(k), cleanHeader(v)]));
const htmlOf = (m: OutgoingMessage) => m.html ?? `<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(m.text)}</pre>`;
const recipient = (m: OutgoingMessage) => (m.toName ? { email: cleanHeader(m.to), name: cleanHeader(m.toName) } : { email: cleanHeader(m.to) });

export function createBrevoTransport(settings: ProviderSettings['brevo'], opts: HttpTransportOptions = {}): Transport {
  const base = resolveBaseUrl(settings.baseUrl, BREVO_BASE, BREVO_HOSTS, opts.allowHosts, VENDOR);
  const auth = { 'api-key': settings.apiKey };

  const baseUrl = () => baseOrThrow(base);

  async function sendGroup(group: OutgoingMessage[], signal?: AbortSignal): Promise<DeliveryResult[]> {
    const first = group[0]!;
    const common = {
      sender: splitMailbox(cleanHeader(first.from)),
      ...(first.replyTo ? { replyTo: splitMailbox(cleanHeader(first.replyTo)) } : {}),
      headers: { ...headersOf(first), idempotencyKey: batchUuid(group.map((m) => m.messageId)) },
    };
    const body =
      group.length === 1
        ? { ...common, to: [recipient(first)], subject: cleanHeader(first.subject), htmlContent: htmlOf(first), textContent: first.text }
        : {
            ...common,
            subject: cleanHeader(first.subject),
            htmlContent: htmlOf(first),
            messageVersions: group.map((m) => ({ to: [recipient(m)], subject: cleanHeader(m.subject), htmlContent: htmlOf(m), textContent: m.text })),
          };
    const answer = await callProvider(
      VENDOR,
      { url: `${baseUrl()}/v3/smtp/email`, method: 'POST', auth, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      signal,
      opts,
    );
    if (answer.status >= 400) return refuseAll(group, VENDOR, answer);
    const b = (answer.body ?? {}) as { messageId?: string; messageIds?: string[] };
    const ids = b.messageIds ?? (b.messageId ? [b.messageId] : []);
    return group.map((m, i) => ({ ok: true as const, providerMessageId: ids[i] ?? ids[0] ?? m.messageId }));
  }

  return {
    kind: 'brevo',
    maxBatch: MAX_BATCH,
    concurrency: 2,
    ratePerSecond: 0,
    async send(messages, signal) {
      const groups = new Map<string, OutgoingMessage[]>();
      for (const m of messages) {
        const key = JSON.stringify([m.from, m.replyTo ?? '', headersOf(m)]);
        const g = groups.get(key);
        if (g) g.push(m);
        else groups.set(key, [m]);
      }
      const list = [...groups.values()];
      const results = await sendGroups(list, 10, (g) => sendGroup(g, signal));
      // Results come back group by group; put them back in the order the messages were given.
      const byId = new Map<string, DeliveryResult>();
      list.flat().forEach((m, i) => byId.set(m.messageId, results[i]!));
      return messages.map((m) => byId.get(m.messageId)!);
    },
    async check(signal) {
      const answer = await callProvider(VENDOR, { url: `${baseUrl()}/v3/account`, auth }, signal, opts);
      if (answer.status >= 400) return { status: 'error', detail: `Brevo answered ${answer.status}` };
      const email = (answer.body as { email?: string } | null)?.email;
      return { status: 'healthy', detail: email ? `Brevo accepted the API key (account ${email}).` : 'Brevo accepted the API key.' };
    },
  };
}
