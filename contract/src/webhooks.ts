import { z } from 'zod';
import { PageQuerySchema } from './common';

/** What a webhook may subscribe to: each is written in the same transaction as the change it reports. */
export const WEBHOOK_EVENTS = [
  'movement.created',
  'movement.reversed',
  'delivery.created',
  'transfer.dispatched',
  'transfer.received',
  'transfer.closed',
  'stock.low',
  'custody.overdue',
  'count.posted',
  'purchase_order.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** How many webhooks the company may have. */
export const WEBHOOKS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_SECRET_MIN = 16;
export const WEBHOOK_SECRET_MAX = 200;

export const WEBHOOK_URL_INVALID = 'The webhook URL must be a full http:// or https:// address.';
export const WEBHOOK_URL_PRIVATE =
  'The webhook URL leads to a private, loopback or link-local address. Webhooks are sent to public addresses only.';
export const WEBHOOK_URL_UNKNOWN_HOST = 'The webhook URL names a host that could not be found.';
export const WEBHOOK_EVENTS_REQUIRED = 'Choose at least one event for the webhook.';
export const WEBHOOK_EVENT_UNKNOWN = `Events must be among: ${WEBHOOK_EVENTS.join(', ')}.`;
export const WEBHOOK_SECRET_LENGTH = `The webhook secret must be ${WEBHOOK_SECRET_MIN} to ${WEBHOOK_SECRET_MAX} characters.`;
export const WEBHOOK_CREATED = 'Webhook created. Copy its secret now: it is not shown again.';
export const WEBHOOK_SAVED = 'Webhook saved.';
export const WEBHOOK_DELETED = 'Webhook deleted.';
export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const WEBHOOKS_FULL = `There can be at most ${WEBHOOKS_MAX} webhooks. Delete one you no longer use first.`;
export const WEBHOOK_DELIVERY_NOT_FOUND = 'Webhook delivery not found';
export const WEBHOOK_REPLAY_QUEUED = 'The event will be sent again, with the same id.';

const WebhookUrlSchema = z
  .string({ message: WEBHOOK_URL_INVALID })
  .trim()
  .max(WEBHOOK_URL_MAX, WEBHOOK_URL_INVALID)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, WEBHOOK_URL_INVALID)
  .meta({ example: 'https://accounts.example.com/stockyard' });

const WebhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { message: WEBHOOK_EVENT_UNKNOWN }), { message: WEBHOOK_EVENTS_REQUIRED })
  .min(1, WEBHOOK_EVENTS_REQUIRED)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

const WebhookSecretSchema = z
  .string({ message: WEBHOOK_SECRET_LENGTH })
  .min(WEBHOOK_SECRET_MIN, WEBHOOK_SECRET_LENGTH)
  .max(WEBHOOK_SECRET_MAX, WEBHOOK_SECRET_LENGTH);

/** A new webhook; without `secret` one is made and answered once. */
export const WebhookCreateRequestSchema = z.object({
  url: WebhookUrlSchema,
  events: WebhookEventsSchema,
  secret: WebhookSecretSchema.optional(),
});
export type WebhookCreateRequest = z.input<typeof WebhookCreateRequestSchema>;

/** The fields sent change; `enabled: true` switches a webhook back on after it was switched off. */
export const WebhookUpdateRequestSchema = z.object({
  url: WebhookUrlSchema.optional(),
  events: WebhookEventsSchema.optional(),
  secret: WebhookSecretSchema.optional(),
  enabled: z.boolean({ message: 'enabled must be true or false' }).optional(),
});
export type WebhookUpdateRequest = z.input<typeof WebhookUpdateRequestSchema>;

export const WebhookSchema = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why it was switched off (after a day of failed deliveries), or null. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Deliveries still to be made, waiting or being retried. */
  pending: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookResponseSchema = z.object({ message: z.string(), webhook: WebhookSchema });
export type WebhookResponse = z.infer<typeof WebhookResponseSchema>;
/** The only answer that carries the secret. */
export const WebhookCreateResponseSchema = WebhookResponseSchema.extend({ secret: z.string() });
export type WebhookCreateResponse = z.infer<typeof WebhookCreateResponseSchema>;
export const WebhookListResponseSchema = z.object({ webhooks: z.array(WebhookSchema) });
export type WebhookListResponse = z.infer<typeof WebhookListResponseSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliveriesQuerySchema = PageQuerySchema.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { message: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
});
export type WebhookDeliveriesQuery = z.input<typeof WebhookDeliveriesQuerySchema>;

/** One try of a delivery: the receiver's status and the start of its answer, or why it was not reached. */
export const WebhookTrySchema = z.object({
  at: z.string(),
  statusCode: z.number().nullable(),
  answer: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
});
export type WebhookTry = z.infer<typeof WebhookTrySchema>;

export const WebhookDeliverySchema = z.object({
  _id: z.string(),
  /** The event's id: the same on every try and replay. */
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  occurredAt: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  tries: z.array(WebhookTrySchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListResponseSchema = z.object({ deliveries: z.array(WebhookDeliverySchema), total: z.number() });
export type WebhookDeliveryListResponse = z.infer<typeof WebhookDeliveryListResponseSchema>;

export const WebhookDeliveryParamsSchema = z.object({ id: z.uuid(), deliveryId: z.uuid() });

/** What a receiver is sent: `id` is the same on every try. */
export type WebhookPayload = {
  id: string;
  type: WebhookEventType;
  occurredAt: string;
  storeId: string | null;
  data: Record<string, unknown>;
};
