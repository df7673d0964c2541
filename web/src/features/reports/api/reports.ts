import type { ReportRow } from '@stockyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export type ReportQuery = { startDate: string; endDate: string };

export function useAdminReport() {
  return useMutation({
    mutationFn: ({ storeId, storeName, ...range }: ReportQuery & { storeId: string; storeName: string }) =>
      apiFetch<ReportRow[]>(`/api/report/generate-report?${new URLSearchParams({ storeName, storeId, ...range })}`),
  });
}

export function useKeeperReport() {
  return useMutation({
    mutationFn: async (range: ReportQuery) =>
      (await apiFetch<{ data: ReportRow[] }>(`/api/user/report?${new URLSearchParams(range)}`)).data,
  });
}
