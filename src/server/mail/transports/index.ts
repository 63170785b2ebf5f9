// Builds the transport for a provider kind from its (already validated) settings.
import type { KindSettings, ProviderKind, Transport } from '../transport';
import { createBrevoTransport, BREVO_BASE, BREVO_HOSTS } from './brevo';
import { createResendTransport, RESEND_BASE, RESEND_HOSTS } from './resend';
import { createMailgunTransport, MAILGUN_BASE, MAILGUN_HOSTS } from './mailgun';
import { createPostmarkTransport, POSTMARK_BASE, POSTMARK_HOSTS } from './postmark';
import { createSmtpTransport } from './smtp';
import { resolveBaseUrl, type HttpTransportOptions } from './http';

export interface TransportOptions extends HttpTransportOptions {
  /** FETCH_ALLOW_HOSTS entries: the only non-vendor API hosts and non-public SMTP servers allowed. */
  allowHosts: Set<string>;
  /** The operator's own SMTP_URL may be on a private network; users' servers may not. */
  trustedSmtp?: boolean;
}

const API_HOSTS = {
  brevo: { base: BREVO_BASE, hosts: BREVO_HOSTS, name: 'Brevo' },
  resend: { base: RESEND_BASE, hosts: RESEND_HOSTS, name: 'Resend' },
  mailgun: { base: MAILGUN_BASE, hosts: MAILGUN_HOSTS, name: 'Mailgun' },
  postmark: { base: POSTMARK_BASE, hosts: POSTMARK_HOSTS, name: 'Postmark' },
} as const;

/** Why a settings object's base URL cannot be used, or null. */
export function baseUrlProblem(kind: ProviderKind, settings: { baseUrl?: string }, allowHosts: Set<string>): string | null {
  if (kind === 'smtp') return null;
  const v = API_HOSTS[kind];
  const r = resolveBaseUrl(settings.baseUrl, v.base, [...v.hosts], allowHosts, v.name);
  return 'error' in r ? r.error : null;
}

export function createTransport(provider: KindSettings, opts: TransportOptions): Transport {
  switch (provider.kind) {
    case 'smtp':
      return withSafeCheck(createSmtpTransport(provider.settings, opts.trustedSmtp ? {} : { guard: opts.allowHosts }));
    case 'brevo':
      return withSafeCheck(createBrevoTransport(provider.settings, opts));
    case 'resend':
      return withSafeCheck(createResendTransport(provider.settings, opts));
    case 'mailgun':
      return withSafeCheck(createMailgunTransport(provider.settings, opts));
    case 'postmark':
      return withSafeCheck(createPostmarkTransport(provider.settings, opts));
  }
}

/** Health checks report failures (network, 401, timeouts) as an 'error' status instead of throwing. */
function withSafeCheck(t: Transport): Transport {
  const check = t.check.bind(t);
  return Object.assign(t, {
    async check(signal?: AbortSignal) {
      try {
        return await check(signal);
      } catch (err) {
        return { status: 'error' as const, detail: (err instanceof Error ? err.message : String(err)).slice(0, 300) };
      }
    },
  });
}
