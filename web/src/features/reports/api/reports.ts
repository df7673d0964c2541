import type { ReportRow } from '@stockyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiDownload, apiFetch } from '../../../lib/api';
import { STOCK_QUERIES } from '../../../lib/query-keys';

export type ReportQuery = { startDate: string; endDate: string };
export type AdminReportQuery = ReportQuery & { storeId: string; storeName: string };

const adminPath = ({ storeId, storeName, ...range }: AdminReportQuery) => `?${new URLSearchParams({ storeName, storeId, ...range })}`;
const keeperPath = (range: ReportQuery) => `?${new URLSearchParams(range)}`;

/** A report's rows: read once asked for (`query` set), kept while fresh and read again after a stock change. */
export function useReport(query: ReportQuery | AdminReportQuery | null) {
  return useQuery({
    queryKey: [...STOCK_QUERIES, 'report', query],
    queryFn: () =>
      query && 'storeId' in query
        ? apiFetch<ReportRow[]>(`/api/report/generate-report${adminPath(query)}`)
        : apiFetch<{ data: ReportRow[] }>(`/api/user/report${keeperPath(query as ReportQuery)}`).then((answer) => answer.data),
    enabled: query !== null,
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
