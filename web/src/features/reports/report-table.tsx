import { REPORT_COLUMNS, type ReportRow } from '@stockyard/contract';
import { DataTable } from '../../lib/data-table';
import { reportCells } from './report-export';

/** The fetched rows, exactly as the PDF and CSV will show them. */
export function ReportTable({ rows }: { rows: ReportRow[] }) {
  return (
    <DataTable<ReportRow>
      caption="Report"
      minWidth={1300}
      isLoading={false}
      rows={rows}
      rowKey={(row) => row.materialId}
      emptyText="No records found."
      columns={REPORT_COLUMNS.map((header, index) => ({
        header,
        render: (row) => reportCells(row)[index],
        align: index >= 6 && index <= 12 ? 'right' : undefined,
      }))}
    />
  );
}
