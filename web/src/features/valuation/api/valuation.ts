import type { ValuationResponse } from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, searchOf } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';

export type ValuationQuery = { storeId?: string; asOf?: string };

/** What the stock of a store (or of every store the caller sees) was worth at the end of a day; read again after a stock change. */
export function useValuation(query: ValuationQuery) {
  return useQuery({
    queryKey: [...STOCK_QUERIES, 'valuation', query],
    queryFn: () => apiFetch<ValuationResponse>(`/api/valuation?${searchOf(query)}`),
  });
}
