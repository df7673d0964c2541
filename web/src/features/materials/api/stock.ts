import type { StockRow, StockTotal, TrackSupplyStore } from '@stockyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload, apiFetch } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paging';
import { STOCK_QUERIES } from '../../../lib/query-keys';

export const stockKeys = { all: [...STOCK_QUERIES, 'stock-views'] as const };

export const stockTotalQuery = queryOptions({
  queryKey: [...stockKeys.all, 'total'],
  queryFn: () => apiFetch<StockTotal>('/api/stock/total'),
});

/** One store's stock rows, a page at a time. */
export const storeStockQuery = (storeId: string | null, page: number) => ({
  ...pagedQuery<StockRow>({ key: stockKeys.all, path: '/api/stock' }, { page, extra: { storeId: storeId ?? undefined } }),
  enabled: storeId !== null,
});

/** Every store's per-material breakdown, a page of stores at a time. */
export const trackSuppliesQuery = (page: number) =>
  pagedQuery<TrackSupplyStore>({ key: [...stockKeys.all, 'track-supplies'], path: '/api/supply/track-supplies' }, { page });

export function useStockTotal() {
  return useQuery(stockTotalQuery);
}

export function useStoreStock(storeId: string | null, page: number) {
  return useQuery(storeStockQuery(storeId, page));
}

export function useTrackSupplies(page: number) {
  return useQuery(trackSuppliesQuery(page));
}

/** One store's supplies as the PDF the server makes, saved as "{store}-report.pdf". */
export function downloadTrackSupplies(storeId: string, storeName: string): Promise<void> {
  return apiDownload(`/api/supply/track-supplies/${storeId}/pdf`, `${storeName}-report.pdf`);
}
