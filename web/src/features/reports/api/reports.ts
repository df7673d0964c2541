import type { ReportRow } from '@stockyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, apiFetch } from '../../../lib/api';

export type ReportQuery = { startDate: string; endDate: string };
export type AdminReportQuery = ReportQuery & { storeId: string; storeName: string };

const adminPath = ({ storeId, storeName, ...range }: AdminReportQuery) => `?${new URLSearchParams({ storeName, storeId, ...range })}`;
const keeperPath = (range: ReportQuery) => `?${new URLSearchParams(range)}`;

export function useAdminReport() {
  return useMutation({
    mutationFn: (query: AdminReportQuery) => apiFetch<ReportRow[]>(`/api/report/generate-report${adminPath(query)}`),
  });
}

export function useKeeperReport() {
  return useMutation({
    mutationFn: async (range: ReportQuery) => (await apiFetch<{ data: ReportRow[] }>(`/api/user/report${keeperPath(range)}`)).data,
  });
}

export type ReportFormat = 'pdf' | 'csv';

/** The report's PDF or CSV, made by the server: "Store_Report_{start}_to_{end}" (admin), "store_report_..." (keeper). */
export function downloadReport(query: ReportQuery | AdminReportQuery, format: ReportFormat): Promise<void> {
  const range = `${query.startDate}_to_${query.endDate}.${format}`;
  return 'storeId' in query
    ? apiDownload(`/api/report/generate-report/${format}${adminPath(query)}`, `Store_Report_${range}`)
    : apiDownload(`/api/user/report/${format}${keeperPath(query)}`, `store_report_${range}`);
}
