import type { MovementListResponse } from '@stockyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';

export const movementKeys = {
  all: [...STOCK_QUERIES, 'movements'] as const,
  ofItem: (itemId: string) => [...movementKeys.all, itemId] as const,
};

/** The latest 200 movements of one material or tool. */
export const itemHistoryQuery = (itemId: string | undefined) =>
  queryOptions({
    queryKey: movementKeys.ofItem(itemId ?? ''),
    queryFn: () => apiFetch<MovementListResponse>(`/api/movements?itemId=${itemId}&limit=200`),
    enabled: itemId !== undefined,
  });

export function useItemHistory(itemId: string | undefined) {
  return useQuery(itemHistoryQuery(itemId));
}
