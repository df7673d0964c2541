import type { InventoryEntry, InventoryEntryRequest, MessageResponse, Supply, SupplyRequest } from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paging';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

export const deliveryKeys = { all: [...STOCK_QUERIES, 'deliveries'] as const };

export const inventoryEntriesQuery = (page: number) =>
  pagedQuery<InventoryEntry>({ key: deliveryKeys.all, path: '/api/all-inventory' }, { page });
export const suppliesQuery = (page: number) => pagedQuery<Supply>({ key: deliveryKeys.all, path: '/api/supply/all' }, { page });

export function useInventoryEntries(page: number) {
  return useQuery(inventoryEntriesQuery(page));
}

export function useSupplies(page: number) {
  return useQuery(suppliesQuery(page));
}

type Save<B> = B & { id?: string; idempotencyKey: string };

/** Saves an admin inventory entry: a new one, or an edit when an id is given. */
export function saveInventoryEntry({ id, idempotencyKey, ...body }: Save<InventoryEntryRequest>) {
  return apiFetch<MessageResponse>(id ? `/api/update-inventory/${id}` : '/api/add-inventory', {
    method: id ? 'PUT' : 'POST',
    body,
    idempotencyKey,
  });
}

/** Saves a keeper supply: a new one, or an edit when an id is given. */
export function saveSupply({ id, idempotencyKey, ...body }: Save<SupplyRequest>) {
  return apiFetch<MessageResponse>(id ? `/api/supply/${id}` : '/api/supply/add', { method: id ? 'PUT' : 'POST', body, idempotencyKey });
}

export function deleteInventoryEntry({ id, idempotencyKey }: { id: string; idempotencyKey: string }) {
  return apiFetch<MessageResponse>(`/api/delete-inventory/${id}`, { method: 'DELETE', idempotencyKey });
}

export function useSaveInventoryEntry() {
  return useStockMutation(saveInventoryEntry);
}

export function useSaveSupply() {
  return useStockMutation(saveSupply);
}

export function useDeleteInventoryEntry() {
  return useStockMutation(deleteInventoryEntry);
}
