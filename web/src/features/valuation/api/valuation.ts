import type { RevaluationRequest, RevaluationResponse, ValuationResponse } from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, searchOf } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';
import { useStockMutation } from '../../../lib/stock-mutation';

export type ValuationQuery = { storeId?: string; asOf?: string };

/** What the stock of a store (or of every store the caller sees) was worth at the end of a day; read again after a stock change. */
export function useValuation(query: ValuationQuery) {
  return useQuery({
    queryKey: [...STOCK_QUERIES, 'valuation', query],
    queryFn: () => apiFetch<ValuationResponse>(`/api/valuation?${searchOf(query)}`),
  });
}

/** Revalues materials of a store at new costs per unit (admins): one revaluation line each, read again after. */
export function useRevalue() {
  return useStockMutation(({ idempotencyKey, ...body }: RevaluationRequest & { idempotencyKey: string }) =>
    apiFetch<RevaluationResponse>('/api/valuation/opening', { method: 'POST', body, idempotencyKey }),
  );
}
