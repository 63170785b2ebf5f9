// Resend: up to 100 messages per POST /emails/batch. The Idempotency-Key comes from the message ids,
// so a batch retried after a timeout is answered with the first call's ids instead of sent again.
import { cleanHeader, recipientMailbox } from '../headers';
import { TransportError, type DeliveryResult, type ProviderSettings, type Transport } from '../transport';
import { baseOrThrow, batchKey, callProvider, refuseAll, resolveBaseUrl, type HttpTransportOptions } from './http';

export const RESEND_BASE = 'https://api.resend.com';
export const RESEND_HOSTS = ['api.resend.com'];
const VENDOR = 'Resend';

/** Resend tag values: ASCII letters, digits, underscores and dashes. */
const tagValue = (v: string) => v.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 256);

export function createResendTransport(settings: ProviderSettings['resend'], opts: HttpTransportOptions = {}): Transport {
  const base = resolveBaseUrl(settings.baseUrl, RESEND_BASE, RESEND_HOSTS, opts.allowHosts, VENDOR);
  const auth = { authorization: `Bearer ${settings.apiKey}` };
  const baseUrl = () => baseOrThrow(base);

  return {
    kind: 'resend',
    maxBatch: 100,
    // Resend allows a few requests a second per team; two calls in flight of 100 stay within it.
    concurrency: 2,
    ratePerSecond: 0,
    async send(messages, signal): Promise<DeliveryResult[]> {
      const body = messages.map((m) => {
        const tags = [];
        if (m.tags?.sendId) tags.push({ name: 'send_id', value: tagValue(m.tags.sendId) });
        if (m.tags?.recipientId) tags.push({ name: 'recipient_id', value: tagValue(m.tags.recipientId) });
        return {
          from: cleanHeader(m.from),
          to: [recipientMailbox(m)],
          subject: cleanHeader(m.subject),
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          ...(m.replyTo ? { reply_to: cleanHeader(m.replyTo) } : {}),
          headers: Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [cleanHeader(k), cleanHeader(v)])),
          ...(tags.length ? { tags } : {}),
        };
      });
      const answer = await callProvider(
        VENDOR,
        {
          url: `${baseUrl()}/emails/batch`,
          method: 'POST',
          auth,
          headers: { 'content-type': 'application/json', 'idempotency-key': `curated/${batchKey(messages.map((m) => m.messageId))}` },
          body: JSON.stringify(body),
        },
        signal,
        opts,
      );
      // 409: the same key is still being processed by an earlier call; asking again later is safe.
      if (answer.status === 409) throw new TransportError('Resend is still processing this batch (409)', true, 409);
      if (answer.status >= 400) return refuseAll(messages, VENDOR, answer);
      const data = (answer.body as { data?: { id?: string }[] } | null)?.data ?? [];
      if (data.length !== messages.length) throw new TransportError(`Resend answered ${data.length} ids for ${messages.length} messages`, false);
      return data.map((d, i) =>
        d.id ? { ok: true as const, providerMessageId: d.id } : { ok: false as const, error: `Resend gave no id for ${messages[i]!.to}`, retryable: false },
      );
    },
    async check(signal) {
      try {
        const answer = await callProvider(VENDOR, { url: `${baseUrl()}/domains`, auth }, signal, opts);
        if (answer.status >= 400) return { status: 'error', detail: `Resend answered ${answer.status}` };
        const domains = (answer.body as { data?: { name?: string; status?: string }[] } | null)?.data ?? [];
        if (domains.length === 0) return { status: 'warning', detail: 'Resend accepted the API key, but no sending domain is set up.' };
        const verified = domains.filter((d) => d.status === 'verified').length;
        if (!verified)
          return { status: 'warning', detail: `Resend accepted the API key; no domain is verified yet (${domains.map((d) => d.name).join(', ')}).` };
        return { status: 'healthy', detail: `Resend accepted the API key (${verified} verified domain${verified === 1 ? '' : 's'}).` };
      } catch (err) {
        // A sending-only key cannot list domains; it still sends, so that is not an outage.
        if (err instanceof TransportError && err.status === 401 && /restricted/i.test(err.message))
          return { status: 'warning', detail: 'This Resend key may only send emails, so its domains could not be checked.' };
        throw err;
      }
    },
  };
}
