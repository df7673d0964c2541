import type {
  MessageResponse,
  WebhookCreateRequest,
  WebhookCreateResponse,
  WebhookDeliveryListResponse,
  WebhookListResponse,
  WebhookResponse,
  WebhookUpdateRequest,
} from '@stockyard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

const webhookKeys = { all: ['webhooks'] as const };

/** The company's webhooks, as they stand (how many deliveries each still has to make). */
export function useWebhooks() {
  return useQuery({
    queryKey: [...webhookKeys.all, 'list'],
    queryFn: () => apiFetch<WebhookListResponse>('/api/webhooks'),
  });
}

/** A webhook's last 50 deliveries, newest event first, each with its tries; read again every few seconds while any waits. */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    queryKey: [...webhookKeys.all, 'deliveries', id],
    queryFn: () => apiFetch<WebhookDeliveryListResponse>(`/api/webhooks/${id}/deliveries?limit=50`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 5000 : false),
  });
}

function useWebhookMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }) });
}

/** Creates a webhook, once however often it is sent; the answer holds its secret, shown this once. */
export function useCreateWebhook() {
  return useWebhookMutation(({ idempotencyKey, ...body }: WebhookCreateRequest & { idempotencyKey: string }) =>
    apiFetch<WebhookCreateResponse>('/api/webhooks', { method: 'POST', body, idempotencyKey }),
  );
}

/** Changes a webhook's events or URL, or switches it off or on. */
export function useUpdateWebhook() {
  return useWebhookMutation(({ id, idempotencyKey, ...body }: WebhookUpdateRequest & { id: string; idempotencyKey: string }) =>
    apiFetch<WebhookResponse>(`/api/webhooks/${id}`, { method: 'PUT', body, idempotencyKey }),
  );
}

export function useDeleteWebhook() {
  return useWebhookMutation(({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
    apiFetch<MessageResponse>(`/api/webhooks/${id}`, { method: 'DELETE', idempotencyKey }),
  );
}

/** Sends one delivery's event again, with the same id. */
export function useReplayDelivery() {
  return useWebhookMutation(({ id, deliveryId, idempotencyKey }: { id: string; deliveryId: string; idempotencyKey: string }) =>
    apiFetch<MessageResponse>(`/api/webhooks/${id}/deliveries/${deliveryId}/replay`, { method: 'POST', idempotencyKey }),
  );
}
