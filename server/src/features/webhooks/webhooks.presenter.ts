import type { Webhook, WebhookDelivery, WebhookPayload } from '@stockyard/contract';
import type { DeliveryRow, DueDelivery, WebhookRow } from './webhooks.repository';

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

export function presentWebhook(row: WebhookRow): Webhook {
  return {
    _id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    disabledAt: isoOrNull(row.disabled_at),
    pending: row.pending,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    eventId: row.event_id,
    type: row.type,
    occurredAt: iso(row.occurred_at),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    deliveredAt: isoOrNull(row.delivered_at),
    tries: row.tries.map((attempt) => ({
      at: iso(attempt.at),
      statusCode: attempt.status_code,
      answer: attempt.answer,
      error: attempt.error,
      durationMs: attempt.duration_ms,
    })),
  };
}

const camelCase = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** A row as the database wrote it into the event, with the API's names (`store_id` → `storeId`). */
function withApiNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withApiNames);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camelCase(key), withApiNames(inner)]));
}

/** The body a receiver is sent: the same on every try, as it is built from the event alone. */
export function presentPayload(delivery: DueDelivery): WebhookPayload {
  return {
    id: delivery.event_id,
    type: delivery.type,
    occurredAt: iso(delivery.occurred_at),
    storeId: delivery.store_id,
    data: withApiNames(delivery.data) as Record<string, unknown>,
  };
}
