import type { ParkedListResponse, ParkedResponse } from '@stockyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiFetchPage } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

/** A parked receipt's line as a person records it: what arrived whole and damaged. */
export type ReceiptLineCount = { lineId: string; received: number; damaged: number };

// Each sync can park movements, and resolving one moves stock: these live under STOCK_QUERIES.
export const parkedKeys = { all: [...STOCK_QUERIES, 'parked'] as const };

export function useParked() {
  return useQuery(
    queryOptions({
      queryKey: [...parkedKeys.all, 'list'],
      queryFn: () => apiFetch<ParkedListResponse>('/api/sync/parked?limit=500'),
    }),
  );
}

/** How many parked movements wait for a person (the list's total, one row fetched). */
export function useParkedCount() {
  return useQuery(
    queryOptions({
      queryKey: [...parkedKeys.all, 'count'],
      queryFn: async () => (await apiFetchPage('/api/sync/parked?limit=1', (data: ParkedListResponse) => data.parked)).total,
    }),
  );
}

export function useApplyParked() {
  return useStockMutation(({ id, ...body }: { id: string; quantity?: number; lines?: ReceiptLineCount[] }) =>
    apiFetch<ParkedResponse>(`/api/sync/parked/${id}/apply`, { method: 'POST', body }),
  );
}

export function useDiscardParked() {
  return useStockMutation((input: { id: string; reason: string }) =>
    apiFetch<ParkedResponse>(`/api/sync/parked/${input.id}/discard`, { method: 'POST', body: { reason: input.reason } }),
  );
}
