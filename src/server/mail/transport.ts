// The one interface every mail transport implements (outbox, SMTP, Brevo, Resend, Mailgun, Postmark),
// and the settings each provider kind takes. Every message the product sends reaches a transport
// through a chain (chain.ts) and deliver (deliver.ts); health checks use the same interface.
import { z } from 'zod';

export const PROVIDER_KINDS = ['smtp', 'brevo', 'resend', 'mailgun', 'postmark'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
export type TransportKind = ProviderKind | 'outbox';

export const PROVIDER_LABELS: Record<TransportKind, string> = {
  outbox: 'Built-in outbox',
  smtp: 'SMTP',
  brevo: 'Brevo',
  resend: 'Resend',
  mailgun: 'Mailgun',
  postmark: 'Postmark',
};

const secretText = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .max(2000)
    .regex(/^[^\r\n]*$/, `${name} must be one line`);
/** An API base address; only the vendor's own host is accepted unless FETCH_ALLOW_HOSTS lists it (tests). */
const baseUrl = z.url({ protocol: /^https?$/, message: 'Base URL must be an http(s) address' }).optional();

export const providerSettings = {
  smtp: z.object({
    url: z
      .string()
      .trim()
      .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP URL must look like smtp://user:pass@smtp.example.com:587'),
    /** Parallel connections. */
    pool: z.number().int().min(1).max(50).default(5),
    /** Messages per second this server accepts from us (0 = no limit). */
    ratePerSecond: z.number().int().min(0).max(10_000).default(0),
    dkim: z
      .object({
        domainName: secretText('DKIM domain'),
        keySelector: secretText('DKIM selector'),
        privateKey: z.string().trim().min(1, 'DKIM private key is required').max(10_000),
      })
      .optional(),
  }),
  brevo: z.object({ apiKey: secretText('API key'), baseUrl }),
  resend: z.object({ apiKey: secretText('API key'), baseUrl, webhookSecret: z.string().trim().max(200).optional() }),
  mailgun: z.object({
    apiKey: secretText('API key'),
    domain: secretText('Sending domain'),
    baseUrl,
    webhookSigningKey: z.string().trim().max(200).optional(),
  }),
  postmark: z.object({ serverToken: secretText('Server token'), messageStream: z.string().trim().max(100).default('broadcast'), baseUrl }),
} as const;

export type ProviderSettings = { [K in ProviderKind]: z.infer<(typeof providerSettings)[K]> };

/** A provider kind with its settings, so a switch on `kind` knows the shape of `settings`. */
export type KindSettings = { [K in ProviderKind]: { kind: K; settings: ProviderSettings[K] } }[ProviderKind];

export const isProviderKind = (kind: string): kind is ProviderKind => (PROVIDER_KINDS as readonly string[]).includes(kind);

/** Validates `raw` as the settings of `kind` (throws zod's error when they do not fit). */
export function parseProviderSettings(kind: ProviderKind, raw: unknown): KindSettings {
  switch (kind) {
    case 'smtp':
      return { kind, settings: providerSettings.smtp.parse(raw) };
    case 'brevo':
      return { kind, settings: providerSettings.brevo.parse(raw) };
    case 'resend':
      return { kind, settings: providerSettings.resend.parse(raw) };
    case 'mailgun':
      return { kind, settings: providerSettings.mailgun.parse(raw) };
    case 'postmark':
      return { kind, settings: providerSettings.postmark.parse(raw) };
  }
}

/** One message to one recipient, fully personalised. */
export interface OutgoingMessage {
  to: string;
  toName?: string;
  /** A mailbox: 'Name <address>' or an address. */
  from: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, ...). Values are one line. */
  headers: Record<string, string>;
  /** Our Message-ID ('<...@domain>'), the same on every retry of this recipient. */
  messageId: string;
  /** Sent to providers that carry metadata, so webhooks can be matched to the send. */
  tags?: { sendId?: string; recipientId?: string };
  /** Shown only in the outbox's log line (a sign-in code or link, so the product works offline); never sent. */
  logNote?: string;
}

export type DeliveryResult = { ok: true; providerMessageId: string } | { ok: false; error: string; retryable: boolean };

/** A failure of a whole call (network, timeout, 401, 429, 5xx). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    /** From Retry-After or the vendor's rate-limit headers. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export type HealthStatus = 'healthy' | 'warning' | 'error' | 'unknown';
export interface HealthCheck {
  status: HealthStatus;
  detail: string;
}

export interface Transport {
  readonly kind: TransportKind;
  /** Messages per provider call (1 for SMTP, the vendor's batch limit for APIs). */
  readonly maxBatch: number;
  /** Calls in flight at once. */
  readonly concurrency: number;
  /** Messages per second allowed (0 = no limit). */
  readonly ratePerSecond: number;
  /**
   * Sends the messages; results are in the same order. Per-message refusals are results; a failure of
   * the whole call throws TransportError. Honours `signal` (timeouts).
   */
  send(messages: OutgoingMessage[], signal?: AbortSignal): Promise<DeliveryResult[]>;
  /** A real, cheap call that proves the credentials work (SMTP: connect + auth; APIs: an account read). */
  check(signal?: AbortSignal): Promise<HealthCheck>;
  close?(): Promise<void>;
}
