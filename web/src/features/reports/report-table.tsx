import { FIRST_QUANTITY_COLUMN, REPORT_COLUMNS, type ReportRow, reportCells, reportTotals, totalsCells } from '@stockyard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type VirtualColumn, VirtualTable } from '../../lib/virtual-table';

/** Column widths in pixels, in REPORT_COLUMNS' order. */
const WIDTHS = [104, 200, 140, 140, 96, 80, 92, 100, 112, 112, 104, 120, 88, 104, 104, 104, 160];
const COLUMNS: VirtualColumn[] = REPORT_COLUMNS.map((header, index) => ({
  header,
  width: WIDTHS[index] ?? 100,
  align: index >= FIRST_QUANTITY_COLUMN && index < REPORT_COLUMNS.length - 1 ? 'right' : undefined,
}));

/** The fetched rows, as the PDF and CSV print them, ending with the totals row. */
export function ReportTable({ rows }: { rows: ReportRow[] }) {
  const totals = useMemo(() => totalsCells(reportTotals(rows)), [rows]);
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
      <VirtualTable
        caption={t('reports.report')}
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.materialId}
        cells={reportCells}
        footer={totals}
        maxHeight="min(70vh, 640px)"
      />
    </div>
  );
}
