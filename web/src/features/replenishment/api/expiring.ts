import type { ExpiringResponse, ProductMovementResponse } from '@stockyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchPage } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

// A movement changes what a batch holds, so these live under STOCK_QUERIES.
const expiringKeys = { all: [...STOCK_QUERIES, 'expiring'] as const };

/** The caller's batches in stock inside each store's expiry warning, expired first. */
export function useExpiring() {
  return useQuery(
    queryOptions({ queryKey: [...expiringKeys.all, 'list'], queryFn: () => apiFetch<ExpiringResponse>('/api/expiring?limit=500') }),
  );
}

/** How many batches are expiring or expired in the caller's stores (the list's total, one row fetched). */
export function useExpiringCount() {
  return useQuery(
    queryOptions({
      queryKey: [...expiringKeys.all, 'count'],
      queryFn: async () => (await apiFetchPage('/api/expiring?limit=1', (data: ExpiringResponse) => data.batches)).total,
    }),
  );
}

/** Records what a batch holds as damaged: it leaves the store's stock, its value written off. */
export function useDamageBatch() {
  return useStockMutation(
    ({ body, idempotencyKey }: { body: { productId: string; damagedQuantity: number; batch: string }; idempotencyKey: string }) =>
      apiFetch<ProductMovementResponse>('/api/user/add-damaged-stock', { method: 'POST', body, idempotencyKey }),
  );
}
