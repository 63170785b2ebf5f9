// Test mail sent by hand: the Testing tab (a fixed sender), the direct email test page (a quick test
// or custom HTML, sanitised), and the delivery test (one message through every configured provider
// of the system, independently). Staff may mail anyone; others only their own verified address.
// Every message is recorded as one mail_events row ('sent' or 'failed'), which the metrics count.
import crypto from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import type { AuthedContext } from '../context';
import { AppError } from '../errors';
import { MSG } from '../../shared/messages';
import { isStaff } from '../../shared/plans';
import { mailEvents } from '../../../db/schema';
import { cleanHeader, mailboxAddress, mailboxWithName } from '../mail/headers';
import { SEND_RULE } from './send';
import { scopeChain, emailScope, type Scope } from './health';
import { PROVIDER_LABELS, type DeliveryResult, type OutgoingMessage } from '../mail/transport';
import { chainFor, type ChainEntry } from '../mail/chain';
import { deliver } from '../mail/deliver';
import type {
  CustomEmailInput,
  DeliveryTestInput,
  DeliveryTestKind,
  DeliveryTestOutput,
  EmailScope,
  ProviderResult,
  QuickTestInput,
  SendOutput,
  TestDirectInput,
} from '../../shared/schemas/email-admin';
import { escapeHtml } from '../xml';

type Ctx = Pick<AuthedContext, 'db' | 'env' | 'log' | 'now' | 'user' | 'limiter'>;

/** A provider that does not answer in this time fails this message (the caller is waiting). */
const SEND_TIMEOUT_MS = 20_000;
const SENDER_LOCAL_PARTS = ['newsletter', 'hello', 'support'] as const;

const productDomain = (env: Ctx['env']) => mailboxAddress(env.MAIL_FROM).split('@')[1] ?? 'localhost';
const productName = (env: Ctx['env']) => /^\s*"?([^"<]*?)"?\s*</.exec(env.MAIL_FROM)?.[1]?.trim() || 'Curated';

/** The three From addresses the Testing tab offers, all at the product's own domain (MAIL_FROM's). */
export function testSenders(env: Ctx['env']): string[] {
  const domain = productDomain(env);
  return SENDER_LOCAL_PARTS.map((local) => `${local}@${domain}`);
}

/** The senders offered to a caller allowed the scope. */
export async function listSenders(ctx: Pick<Ctx, 'env' | 'user'>, input: { scope?: EmailScope }) {
  emailScope(ctx.user, input.scope);
  return { senders: testSenders(ctx.env) };
}

/** The test mail every test path sends. */
export function testMail(o: { product: string; provider: string; appUrl: string }) {
  const subject = `${o.product} test email via ${o.provider}`;
  const text = `This is a test email from ${o.product}, sent through ${o.provider}.\n\nIf you can read it, this mail service delivers to your address.\n\n${o.appUrl}`;
  const html = `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body><p>This is a test email from <strong>${escapeHtml(o.product)}</strong>, sent through ${escapeHtml(o.provider)}.</p><p>If you can read it, this mail service delivers to your address.</p><p><a href="${escapeHtml(o.appUrl)}">${escapeHtml(o.appUrl)}</a></p></body></html>`;
  return { subject, text, html };
}

/** What custom HTML may keep: formatting, links, images and tables; never scripts, styles, forms or frames. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan', 'align'], th: ['colspan', 'rowspan', 'align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** A plain-text part of sanitised HTML: blocks become lines, links keep their address. */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol|blockquote|pre)>/gi, '\n')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => (label.includes(href) ? label : `${label} (${href})`));
  const stripped = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  // sanitize-html escapes exactly these four; undo them for the text part.
  return stripped
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Staff may mail anyone; others only their own address, once it is verified. */
function assertRecipient(ctx: Ctx, to: string) {
  if (isStaff(ctx.user.role)) return;
  if (to !== ctx.user.email.toLowerCase()) throw new AppError('FORBIDDEN', MSG.testRecipientNotAllowed);
  if (!ctx.user.emailVerifiedAt) throw new AppError('FORBIDDEN', MSG.testVerifyFirst);
}

/** Test mail shares a 20-an-hour budget per user across the three test paths. */
const testKey = (ctx: Ctx) => `test-mail:user:${ctx.user.id}`;

async function recordEvent(ctx: Ctx, entry: ChainEntry, to: string, r: DeliveryResult): Promise<void> {
  await ctx.db.insert(mailEvents).values({
    kind: r.ok ? 'sent' : 'failed',
    provider: entry.kind,
    userId: ctx.user.id,
    sendId: null,
    email: to,
    providerMessageId: r.ok ? r.providerMessageId : null,
    detail: r.ok ? 'test' : r.error.slice(0, 500),
    at: ctx.now(),
  });
}

type Draft = Omit<OutgoingMessage, 'messageId' | 'headers'>;

function toMessage(ctx: Ctx, msg: Draft): OutgoingMessage {
  return {
    ...msg,
    to: cleanHeader(msg.to),
    from: cleanHeader(msg.from),
    subject: cleanHeader(msg.subject),
    replyTo: msg.replyTo ? cleanHeader(msg.replyTo) : undefined,
    headers: {},
    messageId: `<${crypto.randomUUID()}@${productDomain(ctx.env)}>`,
  };
}

/** One message through one provider, no fallback (the delivery test); a thrown call failure becomes a failed result. */
async function deliverVia(ctx: Ctx, entry: ChainEntry, msg: Draft): Promise<DeliveryResult> {
  const message = toMessage(ctx, msg);
  let result: DeliveryResult;
  try {
    const [r] = await entry.transport.send([message], AbortSignal.timeout(SEND_TIMEOUT_MS));
    result = r ?? { ok: false, error: 'The provider gave no result', retryable: true };
  } catch (err) {
    ctx.log.warn(`test mail via ${entry.id} failed: ${err instanceof Error ? err.message : String(err)}`);
    result = { ok: false, error: (err instanceof Error ? err.message : String(err)).slice(0, 300), retryable: true };
  }
  await recordEvent(ctx, entry, message.to, result);
  return result;
}

/** Sends through the scope's chain with the same retries and fallback as bulk sends. */
async function sendThroughChain(ctx: Ctx, scope: Scope, msg: Draft, o: { what: string; failMsg: string }): Promise<SendOutput> {
  const message = toMessage(ctx, msg);
  const chain = await scopeChain(ctx, scope);
  const { results } = await deliver(chain, [message], { callTimeoutMs: SEND_TIMEOUT_MS, log: (l) => ctx.log.warn(l) });
  const { result, entry } = results[0]!;
  // When every provider failed the call, the failure is recorded against the primary.
  const recordedAs = entry ?? chain[0];
  if (recordedAs) await recordEvent(ctx, recordedAs, message.to, result);
  if (result.ok && entry) {
    const via = entry.kind === 'outbox' ? '— kept in the built-in outbox, not really delivered' : `via ${entry.label}`;
    return { success: true, message: `${o.what} sent to ${message.to} ${via}`, messageId: result.providerMessageId, provider: entry.kind };
  }
  return { success: false, message: result.ok ? o.failMsg : `${o.failMsg}: ${result.error}` };
}

/** Staff send as the system; others through their own providers (or the system's when they have none). */
const senderScope = (ctx: Ctx): Scope => (isStaff(ctx.user.role) ? { kind: 'system', userId: null } : { kind: 'account', userId: ctx.user.id });

/** The Testing tab: From is one of the three fixed senders. */
export async function sendTestDirect(ctx: Ctx, input: TestDirectInput): Promise<SendOutput> {
  const scope = emailScope(ctx.user, input.scope);
  if (!testSenders(ctx.env).includes(input.from)) throw new AppError('BAD_REQUEST', MSG.testSenderNotAllowed);
  assertRecipient(ctx, input.to);
  await ctx.limiter.hit(testKey(ctx), SEND_RULE);
  const product = productName(ctx.env);
  const chain = await scopeChain(ctx, scope);
  const mail = testMail({ product, provider: chain[0]?.label ?? 'the mail service', appUrl: ctx.env.APP_URL });
  return sendThroughChain(
    ctx,
    scope,
    { to: input.to, from: mailboxWithName(product, input.from), ...mail },
    { what: 'Test email', failMsg: MSG.testEmailFailed },
  );
}

export async function sendQuickTest(ctx: Ctx, input: QuickTestInput): Promise<SendOutput> {
  assertRecipient(ctx, input.to);
  await ctx.limiter.hit(testKey(ctx), SEND_RULE);
  const scope = senderScope(ctx);
  const product = productName(ctx.env);
  const chain = await scopeChain(ctx, scope);
  const mail = testMail({ product, provider: chain[0]?.label ?? 'the mail service', appUrl: ctx.env.APP_URL });
  return sendThroughChain(ctx, scope, { to: input.to, from: ctx.env.MAIL_FROM, ...mail }, { what: 'Test email', failMsg: MSG.testEmailFailed });
}

export async function sendCustomEmail(ctx: Ctx, input: CustomEmailInput): Promise<SendOutput> {
  assertRecipient(ctx, input.to);
  const html = sanitizeEmailHtml(input.htmlContent);
  const text = htmlToText(html);
  if (!text && !/<img\s/i.test(html)) throw new AppError('BAD_REQUEST', 'The HTML content has nothing left to send once scripts and unsafe markup are removed');
  await ctx.limiter.hit(testKey(ctx), SEND_RULE);
  const from = isStaff(ctx.user.role) ? ctx.env.MAIL_FROM : mailboxWithName(ctx.user.name, ctx.env.MAIL_FROM);
  return sendThroughChain(
    ctx,
    senderScope(ctx),
    { to: input.to, from, replyTo: isStaff(ctx.user.role) ? undefined : ctx.user.email, subject: input.subject, html, text: text || ' ' },
    { what: 'Email', failMsg: MSG.sendEmailFailed },
  );
}

/** The delivery test's result key of each provider kind (the spec's bigscoots is the SMTP provider). */
const RESULT_KIND: Record<DeliveryTestKind, string> = { brevo: 'brevo', resend: 'resend', bigscoots: 'smtp', mailgun: 'mailgun', postmark: 'postmark' };

function notConfigured(): ProviderResult {
  return { success: false, messageId: null, error: MSG.notConfiguredOnServer, configured: false };
}

function advice(kind: DeliveryTestKind, r: ProviderResult): string {
  const label = kind === 'bigscoots' ? 'SMTP' : PROVIDER_LABELS[RESULT_KIND[kind] as keyof typeof PROVIDER_LABELS];
  if (!r.configured) return `${label} is not configured on this server.`;
  if (r.success) return `${label} accepted the test message; check that it arrived (and not in spam).`;
  const e = (r.error ?? '').toLowerCase();
  if (/401|403|unauthori[sz]ed|forbidden|invalid api key|api key|authentication|auth/.test(e))
    return kind === 'bigscoots'
      ? 'The SMTP server refused our credentials: check the user name and password in the SMTP URL.'
      : `${label} refused our credentials: check the API key.`;
  if (/econnrefused|enotfound|etimedout|timeout|no answer|getaddrinfo|network/.test(e))
    return `${label} could not be reached: check the host, port and firewall.`;
  if (/sender|from|domain|not verified|unverified/.test(e)) return `${label} refused the sender: verify the sending domain (SPF, DKIM) with the provider.`;
  return `${label} failed: ${r.error}`;
}

/**
 * Staff only: one test message through every configured provider of the system chain, each on its
 * own (no fallback), so a failing provider is seen even when another would have carried the mail.
 */
export async function runDeliveryTest(ctx: Ctx, input: DeliveryTestInput): Promise<DeliveryTestOutput> {
  if (!isStaff(ctx.user.role)) throw new AppError('FORBIDDEN', MSG.forbidden);
  const chain = await chainFor(ctx, 'system');
  const product = productName(ctx.env);
  const results = { brevo: notConfigured(), resend: notConfigured(), bigscoots: notConfigured(), mailgun: notConfigured(), postmark: notConfigured() };
  const planned = (Object.keys(RESULT_KIND) as DeliveryTestKind[]).flatMap((key) => {
    const entry = chain.find((e) => e.kind === RESULT_KIND[key]);
    return entry ? [{ key, entry }] : [];
  });
  const tested = planned.map((p) => p.key);
  // Each message counts against the budget; the whole run is refused before anything is sent.
  for (let i = 0; i < planned.length; i++) await ctx.limiter.hit(testKey(ctx), SEND_RULE);
  await Promise.all(
    planned.map(async ({ key, entry }) => {
      const mail = testMail({ product, provider: entry.label, appUrl: ctx.env.APP_URL });
      const r = await deliverVia(ctx, entry, { to: input.email, from: ctx.env.MAIL_FROM, ...mail });
      results[key] = r.ok
        ? { success: true, messageId: r.providerMessageId, error: null, configured: true }
        : { success: false, messageId: null, error: r.error, configured: true };
    }),
  );
  const ok = tested.filter((k) => results[k].success);
  const onlyOutbox = chain.every((e) => e.kind === 'outbox');
  const general = onlyOutbox
    ? 'No mail provider is configured: mail is kept in the built-in outbox and not delivered. Configure SMTP_URL or a provider under Settings.'
    : tested.length === ok.length
      ? 'Every configured provider accepted the message. Publish SPF, DKIM and DMARC records for your domain so it reaches inboxes.'
      : 'At least one provider failed; mail falls back to the next provider in the chain. Fix the failing one to keep a fallback.';
  const message =
    tested.length === 0
      ? 'No mail provider is configured on this server; nothing was sent.'
      : `Sent through ${ok.length} of ${tested.length} configured provider${tested.length === 1 ? '' : 's'} to ${input.email}`;
  return {
    success: tested.length > 0 && ok.length === tested.length,
    message,
    results: { timestamp: ctx.now().toISOString(), ...results },
    recommendations: { brevo: advice('brevo', results.brevo), bigscoots: advice('bigscoots', results.bigscoots), general },
  };
}
