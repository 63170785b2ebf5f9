// The contracts of webhooks.* (Settings → Advanced → Webhooks): endpoints with the events they receive,
// and the deliveries made to them.
import { z } from 'zod';
import { noInput, removedResult } from './common';
import { mutation, query, type RouterContract } from '../contract';

export const WEBHOOK_EVENT_TYPES = [
  'subscriber.created',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
  'subscriber.bounced',
  'send.started',
  'send.completed',
  'send.failed',
  'link.clicked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What a delivery carries: one of the events, or the test event an owner sends by hand. */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENT_TYPES, 'webhook.test'] as const;
export type WebhookDeliveryEvent = (typeof WEBHOOK_DELIVERY_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'subscriber.created': 'A reader subscribed or was added',
  'subscriber.confirmed': 'A reader confirmed their subscription',
  'subscriber.unsubscribed': 'A reader unsubscribed',
  'subscriber.bounced': "A reader's address bounced",
  'send.started': 'An issue started sending',
  'send.completed': 'An issue was sent',
  'send.failed': 'An issue could not be sent',
  'link.clicked': 'A reader clicked a link in an issue',
};

const events = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'Choose at least one event').max(WEBHOOK_EVENT_TYPES.length);

export const createEndpointInput = z.object({
  url: z.string().trim().min(1, 'Enter the address that receives the events').max(2000),
  description: z.string().trim().max(200).default(''),
  events,
});
export const updateEndpointInput = z.object({
  id: z.string().min(1).max(64),
  description: z.string().trim().max(200).optional(),
  events: events.optional(),
  /** true turns a disabled endpoint back on. */
  enabled: z.boolean().optional(),
});
export const endpointRef = z.object({ id: z.string().min(1).max(64) });
export const deliveryRef = z.object({ id: z.string().min(1).max(80) });

export const endpointDto = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type EndpointDto = z.infer<typeof endpointDto>;
/** Creation answers the signing secret too; it can be shown again (the receiver needs it to verify). */
export const endpointWithSecret = endpointDto.extend({ secret: z.string() });

export const deliveryDto = z.object({
  id: z.string(),
  event: z.enum(WEBHOOK_DELIVERY_EVENTS),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type DeliveryDto = z.infer<typeof deliveryDto>;

/** The webhooks router: what each procedure takes and answers. */
export const webhooksContract = {
  list: query(noInput, z.array(endpointDto)),
  create: mutation(createEndpointInput, endpointWithSecret),
  secret: query(endpointRef, endpointWithSecret),
  update: mutation(updateEndpointInput, endpointDto),
  delete: mutation(endpointRef, removedResult),
  deliveries: query(endpointRef, z.array(deliveryDto)),
  resend: mutation(deliveryRef, deliveryDto),
  test: mutation(endpointRef, deliveryDto),
} satisfies RouterContract;
