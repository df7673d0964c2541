import type { LowStockResponse, ReorderRequest, ReorderResponse } from '@stockyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchPage } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

// A movement can make a material low, so these live under STOCK_QUERIES.
export const lowStockKeys = {
  all: [...STOCK_QUERIES, 'low-stock'] as const,
  reorder: (materialId: string) => [...STOCK_QUERIES, 'reorder', materialId] as const,
};

export function useLowStock(storeId?: string) {
  const search = storeId ? `?storeId=${storeId}&limit=500` : '?limit=500';
  return useQuery(
    queryOptions({ queryKey: [...lowStockKeys.all, search], queryFn: () => apiFetch<LowStockResponse>(`/api/low-stock${search}`) }),
  );
}

/** How many materials are low in the caller's stores (the list's total, one row fetched). */
export function useLowStockCount() {
  return useQuery(
    queryOptions({
      queryKey: [...lowStockKeys.all, 'count'],
      queryFn: async () => (await apiFetchPage('/api/low-stock?limit=1', (data: LowStockResponse) => data.rows)).total,
    }),
  );
}

export function useReorderPoint(materialId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: lowStockKeys.reorder(materialId ?? ''),
      queryFn: async () => (await apiFetch<ReorderResponse>(`/api/materials/${materialId}/reorder`)).reorder,
      enabled: materialId !== undefined,
    }),
  );
}

export function useSaveReorderPoint() {
  return useStockMutation((input: { materialId: string; point: ReorderRequest | null }) =>
    input.point
      ? apiFetch<ReorderResponse>(`/api/materials/${input.materialId}/reorder`, { method: 'PUT', body: input.point })
      : apiFetch<{ message: string }>(`/api/materials/${input.materialId}/reorder`, { method: 'DELETE' }),
  );
}
