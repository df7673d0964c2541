import type { InventoryEntry, InventoryEntryRequest, MessageResponse, Supply, SupplyRequest } from '@stockyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { usePagedList } from '../../../lib/paging';

export const deliveryKeys = { all: ['deliveries'] as const };

export function useInventoryEntries(page: number) {
  return usePagedList<InventoryEntry>({ key: deliveryKeys.all, path: '/api/all-inventory', q: '', page });
}

export function useSupplies(page: number) {
  return usePagedList<Supply>({ key: deliveryKeys.all, path: '/api/supply/all', q: '', page });
}

function useDeliveryMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries() });
}

/** Saves an admin inventory entry: a new one, or an edit when an id is given. */
export function useSaveInventoryEntry() {
  return useDeliveryMutation(({ id, ...body }: InventoryEntryRequest & { id?: string }) =>
    apiFetch<MessageResponse>(id ? `/api/update-inventory/${id}` : '/api/add-inventory', {
      method: id ? 'PUT' : 'POST',
      body,
      idempotencyKey: newIdempotencyKey(),
    }),
  );
}

export function useDeleteInventoryEntry() {
  return useDeliveryMutation((id: string) =>
    apiFetch<MessageResponse>(`/api/delete-inventory/${id}`, { method: 'DELETE', idempotencyKey: newIdempotencyKey() }),
  );
}

/** Saves a keeper supply: a new one, or an edit when an id is given. */
export function useSaveSupply() {
  return useDeliveryMutation(({ id, ...body }: SupplyRequest & { id?: string }) =>
    apiFetch<MessageResponse>(id ? `/api/supply/${id}` : '/api/supply/add', {
      method: id ? 'PUT' : 'POST',
      body,
      idempotencyKey: newIdempotencyKey(),
    }),
  );
}
