// Postmark: up to 500 messages per POST /email/batch, each answered with its own ErrorCode (0 sent;
// anything else, e.g. 406 inactive recipient or 300 invalid address, is that message's final failure).
import { cleanHeader, recipientMailbox } from '../headers';
import type { DeliveryResult, ProviderSettings, Transport } from '../transport';
import { baseOrThrow, callProvider, refuseAll, resolveBaseUrl, type HttpTransportOptions } from './http';

export const POSTMARK_BASE = 'https://api.postmarkapp.com';
export const POSTMARK_HOSTS = ['api.postmarkapp.com'];
const VENDOR = 'Postmark';

interface PostmarkResult {
  ErrorCode?: number;
  Message?: string;
  MessageID?: string;
}

export function createPostmarkTransport(settings: ProviderSettings['postmark'], opts: HttpTransportOptions = {}): Transport {
  const base = resolveBaseUrl(settings.baseUrl, POSTMARK_BASE, POSTMARK_HOSTS, opts.allowHosts, VENDOR);
  const auth = { 'x-postmark-server-token': settings.serverToken };
  const baseUrl = () => baseOrThrow(base);

  return {
    kind: 'postmark',
    maxBatch: 500,
    concurrency: 2,
    ratePerSecond: 0,
    async send(messages, signal): Promise<DeliveryResult[]> {
      const body = messages.map((m) => ({
        From: cleanHeader(m.from),
        To: recipientMailbox(m),
        Subject: cleanHeader(m.subject),
        TextBody: m.text,
        ...(m.html ? { HtmlBody: m.html } : {}),
        ...(m.replyTo ? { ReplyTo: cleanHeader(m.replyTo) } : {}),
        Headers: Object.entries(m.headers).map(([Name, Value]) => ({ Name: cleanHeader(Name), Value: cleanHeader(Value) })),
        MessageStream: settings.messageStream,
        ...(m.tags?.sendId || m.tags?.recipientId
          ? { Metadata: { ...(m.tags.sendId ? { send_id: m.tags.sendId } : {}), ...(m.tags.recipientId ? { recipient_id: m.tags.recipientId } : {}) } }
          : {}),
      }));
      const answer = await callProvider(
        VENDOR,
        { url: `${baseUrl()}/email/batch`, method: 'POST', auth, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        signal,
        opts,
      );
      if (answer.status >= 400 || !Array.isArray(answer.body)) return refuseAll(messages, VENDOR, answer);
      const list = answer.body as PostmarkResult[];
      return messages.map((m, i): DeliveryResult => {
        const r = list[i];
        if (!r) return { ok: false, error: 'Postmark gave no result for this message', retryable: true };
        if (r.ErrorCode === 0 && r.MessageID) return { ok: true, providerMessageId: r.MessageID };
        return { ok: false, error: `Postmark refused ${m.to} (${r.ErrorCode}): ${r.Message ?? 'no details'}`.slice(0, 300), retryable: false };
      });
    },
    async check(signal) {
      const answer = await callProvider(VENDOR, { url: `${baseUrl()}/server`, auth }, signal, opts);
      if (answer.status >= 400) return { status: 'error', detail: `Postmark answered ${answer.status}` };
      const name = (answer.body as { Name?: string } | null)?.Name;
      return { status: 'healthy', detail: name ? `Postmark accepted the server token (server ${name}).` : 'Postmark accepted the server token.' };
    },
  };
}
