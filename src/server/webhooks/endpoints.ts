// An account's webhook endpoints (Professional and up): add one (a public http(s) address, the events it
// wants; its signing secret made here and kept encrypted), change its events, turn it back on after it
// was disabled, remove it; its latest deliveries, resending one, and a test event.
import crypto from 'node:crypto';
import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { and, count, desc, eq } from 'drizzle-orm';
import { tx, type Db } from '../db';
import { AppError } from '../errors';
import { locks } from '../locks';
import { decryptSecret, encryptSecret } from '../crypto';
import { assertFetchableUrl, BlockedAddressError, hostKey, isBlockedIp, parseAllowHosts } from '../net/address-guard';
import { webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from '../../../db/schema';
import { effectivePlan, PLAN_LABELS, type PlanHolder } from '../../shared/plans';
import type { DeliveryDto, EndpointDto, WebhookEventType } from '../../shared/schemas/webhooks';
import type { JobQueue } from '../jobs/queue';
import { newWebhookSecret } from './signing';
import { deliveryDto, queueDelivery } from './emit';
import { includesWebhooks } from './plan';

export const MAX_WEBHOOK_ENDPOINTS = 10;

export const WEBHOOK_MSG = {
  needsPlan: `Webhooks come with the ${PLAN_LABELS.professional} plan. Upgrade to ${PLAN_LABELS.professional} to send your events to your own systems.`,
  badUrl: 'Enter a full http:// or https:// address, such as https://example.com/hooks/curated.',
  privateUrl: 'This address is not on the public internet. Webhooks are only sent to public addresses.',
  tooMany: `An account can have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Remove one first.`,
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
} as const;

export type WebhookCtx = {
  db: Db;
  env: { APP_SECRET: string; FETCH_ALLOW_HOSTS: string };
  user: PlanHolder & { id: string };
  queue: JobQueue;
  now: () => Date;
};

const toDto = (r: WebhookEndpointRow): EndpointDto => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  createdAt: r.createdAt.toISOString(),
});

function assertPlan(ctx: WebhookCtx) {
  if (!includesWebhooks(effectivePlan(ctx.user, ctx.now()))) throw new AppError('FORBIDDEN', WEBHOOK_MSG.needsPlan);
}

/** A public http(s) address: a literal IP must be public, and so must every address its name resolves to now. */
async function checkedUrl(raw: string, allowHosts: string): Promise<string> {
  const allow = parseAllowHosts(allowHosts);
  let url: URL;
  try {
    url = assertFetchableUrl(raw, allow);
  } catch (err) {
    if (!(err instanceof BlockedAddressError)) throw err;
    throw new AppError('BAD_REQUEST', badOrPrivate(raw));
  }
  if (allow.has(hostKey(url))) return url.toString();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(host)) {
    const answers = await dns.lookup(host, { all: true }).catch(() => []);
    if (answers.length === 0) throw new AppError('BAD_REQUEST', `The name ${host} could not be found. Check the address.`);
    if (answers.some((a) => isBlockedIp(a.address))) throw new AppError('BAD_REQUEST', WEBHOOK_MSG.privateUrl);
  }
  return url.toString();
}

function badOrPrivate(raw: string): string {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? WEBHOOK_MSG.privateUrl : WEBHOOK_MSG.badUrl;
  } catch {
    return WEBHOOK_MSG.badUrl;
  }
}

async function owned(db: Db, userId: string, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', WEBHOOK_MSG.notFound);
  return row;
}

export async function listEndpoints(ctx: WebhookCtx): Promise<EndpointDto[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, ctx.user.id)).orderBy(webhookEndpoints.createdAt);
  return rows.map(toDto);
}

export async function createEndpoint(ctx: WebhookCtx, input: { url: string; description: string; events: WebhookEventType[] }) {
  assertPlan(ctx);
  const url = await checkedUrl(input.url, ctx.env.FETCH_ALLOW_HOSTS);
  const secret = newWebhookSecret();
  const now = ctx.now();
  return tx(ctx.db, async (t) => {
    await locks.webhookEndpointsOf(t, ctx.user.id);
    const [{ n }] = await t.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, ctx.user.id));
    if (n >= MAX_WEBHOOK_ENDPOINTS) throw new AppError('FORBIDDEN', WEBHOOK_MSG.tooMany);
    const [row] = await t
      .insert(webhookEndpoints)
      .values({
        id: crypto.randomUUID(),
        userId: ctx.user.id,
        url,
        description: input.description,
        events: [...new Set(input.events)],
        secret: encryptSecret(ctx.env.APP_SECRET, secret),
        enabled: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { ...toDto(row!), secret };
  });
}

/** The signing secret, for the owner to configure their receiver with. */
export async function endpointSecret(ctx: WebhookCtx, id: string) {
  const row = await owned(ctx.db, ctx.user.id, id);
  return { ...toDto(row), secret: decryptSecret(ctx.env.APP_SECRET, row.secret) };
}

export async function updateEndpoint(ctx: WebhookCtx, input: { id: string; description?: string; events?: WebhookEventType[]; enabled?: boolean }) {
  await owned(ctx.db, ctx.user.id, input.id);
  if (input.enabled) assertPlan(ctx);
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events ? { events: [...new Set(input.events)] } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled, disabledReason: null } : {}),
      updatedAt: ctx.now(),
    })
    .where(and(eq(webhookEndpoints.id, input.id), eq(webhookEndpoints.userId, ctx.user.id)))
    .returning();
  return toDto(row!);
}

export async function deleteEndpoint(ctx: WebhookCtx, id: string) {
  await owned(ctx.db, ctx.user.id, id);
  await ctx.db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, ctx.user.id)));
  return { success: true as const, id };
}

export async function listDeliveries(ctx: WebhookCtx, endpointId: string): Promise<DeliveryDto[]> {
  await owned(ctx.db, ctx.user.id, endpointId);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(50);
  return rows.map(deliveryDto);
}

/** Sends a delivery again, as a new delivery of the same event and body (the log keeps both). */
export async function resendDelivery(ctx: WebhookCtx, deliveryId: string): Promise<DeliveryDto> {
  assertPlan(ctx);
  const [found] = await ctx.db
    .select({ delivery: webhookDeliveries, userId: webhookEndpoints.userId })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found || found.userId !== ctx.user.id) throw new AppError('NOT_FOUND', WEBHOOK_MSG.deliveryNotFound);
  return tx(ctx.db, (t) => queueDelivery(t, ctx.queue, found.delivery.endpointId, found.delivery.event, found.delivery.body, ctx.now()));
}

/** A `webhook.test` event to one endpoint, whatever events it chose. */
export async function sendTestEvent(ctx: WebhookCtx, endpointId: string): Promise<DeliveryDto> {
  assertPlan(ctx);
  const endpoint = await owned(ctx.db, ctx.user.id, endpointId);
  const now = ctx.now();
  const body = JSON.stringify({ type: 'webhook.test', timestamp: now.toISOString(), data: { endpointId: endpoint.id, message: 'A test event from Curated.' } });
  return tx(ctx.db, (t) => queueDelivery(t, ctx.queue, endpoint.id, 'webhook.test', body, now));
}
