import type { DashboardResponse } from '@stockyard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';

/** Under the stock root: any stock movement makes the dashboard stale. */
export const dashboardKeys = { all: [...STOCK_QUERIES, 'dashboard'] as const };

export const dashboardQuery = (materialId: string | null) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, materialId],
    queryFn: () => apiFetch<DashboardResponse>(`/api/dashboard${materialId ? `?${new URLSearchParams({ materialId })}` : ''}`),
    placeholderData: keepPreviousData,
  });

export function useDashboard(materialId: string | null) {
  return useQuery(dashboardQuery(materialId));
}
