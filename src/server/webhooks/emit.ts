// Events to webhooks: each endpoint of the account that chose the event gets a delivery row and a job on
// the queue, written in the caller's transaction when it has one (the event and its deliveries exist
// together or not at all). An account without endpoints costs one indexed read per event; one with
// endpoints whose plan no longer includes webhooks gets none queued (the delivery checks the plan again).
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { tx, type Db, type DbOrTx } from '../db';
import { webhookDeliveries, webhookEndpoints, type SubscriberRow } from '../../../db/schema';
import type { JobQueue } from '../jobs/queue';
import { planOf } from '../plans/account-plan';
import { includesWebhooks } from './plan';
import type { DeliveryDto, WebhookDeliveryEvent, WebhookEventType } from '../../shared/schemas/webhooks';

export const WEBHOOK_JOB = 'webhook.deliver';

export const deliveryDto = (r: typeof webhookDeliveries.$inferSelect): DeliveryDto => ({
  id: r.id,
  event: r.event,
  status: r.status,
  attempts: r.attempts,
  responseStatus: r.responseStatus,
  responseExcerpt: r.responseExcerpt,
  durationMs: r.durationMs,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
});

export async function queueDelivery(
  t: DbOrTx,
  queue: JobQueue,
  endpointId: string,
  event: WebhookDeliveryEvent,
  body: string,
  now: Date,
): Promise<DeliveryDto> {
  const id = `msg_${crypto.randomUUID().replace(/-/g, '')}`;
  const [row] = await t.insert(webhookDeliveries).values({ id, endpointId, event, body, status: 'pending', createdAt: now, nextAttemptAt: now }).returning();
  await queue.enqueue({ kind: WEBHOOK_JOB, payload: { deliveryId: id }, uniqueKey: `webhook:${id}` }, t);
  return deliveryDto(row!);
}

/** A reader as webhook events carry them. */
export const subscriberEvent = (r: Pick<SubscriberRow, 'id' | 'email' | 'name' | 'status' | 'source'>) => ({
  id: r.id,
  email: r.email,
  name: r.name,
  status: r.status,
  source: r.source,
});

/** The event to every enabled endpoint of `userId` that chose it. */
export async function emitWebhook(
  deps: { db: Db; queue: JobQueue; now: () => Date },
  userId: string,
  event: WebhookEventType,
  data: Record<string, unknown>,
  t?: DbOrTx,
): Promise<void> {
  const db = t ?? deps.db;
  const endpoints = (
    await db
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events, enabled: webhookEndpoints.enabled })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.userId, userId))
  ).filter((e) => e.enabled && e.events.includes(event));
  if (endpoints.length === 0) return;
  const now = deps.now();
  if (!includesWebhooks(await planOf(db, userId, now))) return;
  const body = JSON.stringify({ type: event, timestamp: now.toISOString(), data });
  const write = async (w: DbOrTx) => {
    for (const e of endpoints) await queueDelivery(w, deps.queue, e.id, event, body, now);
  };
  if (t) await write(t);
  else await tx(deps.db, write);
}
