import {
  FIRST_QUANTITY_COLUMN,
  REPORT_COLUMNS,
  REPORT_QUANTITY_FIELDS,
  REPORT_VALUE_FIELDS,
  type ReportRow,
  reportCells,
  totalsRows,
} from '@stockyard/contract';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, useCurrency } from '../../lib/money';
import { type VirtualColumn, VirtualTable } from '../../lib/virtual-table';

/** Column widths in pixels, in REPORT_COLUMNS' order. */
const WIDTHS = [104, 200, 140, 140, 96, 80, 92, 100, 112, 112, 104, 120, 88, 104, 104, 104, 136, 128, 128, 136, 160];
const FIRST_VALUE_COLUMN = FIRST_QUANTITY_COLUMN + REPORT_QUANTITY_FIELDS.length;
const isValueColumn = (index: number) => index >= FIRST_VALUE_COLUMN && index < FIRST_VALUE_COLUMN + REPORT_VALUE_FIELDS.length;
const COLUMNS: VirtualColumn[] = REPORT_COLUMNS.map((header, index) => ({
  header,
  width: WIDTHS[index] ?? 100,
  align: index >= FIRST_QUANTITY_COLUMN && index < REPORT_COLUMNS.length - 1 ? 'right' : undefined,
}));

const NO_ROWS: ReportRow[] = [];

/** The fetched rows, as the PDF and CSV print them, ending with a totals row per unit. */
export function ReportTable({ rows }: { rows: ReportRow[] }) {
  const currency = useCurrency();
  // The values in the company currency, as the reader's language writes amounts.
  const written = useCallback(
    (cells: (string | number)[]) =>
      cells.map((cell, index) => (isValueColumn(index) && currency ? formatMoney(String(cell), currency) : cell)),
    [currency],
  );
  // The totals of 10,000 rows are added once, in a task of their own, after the first rows are drawn.
  const [totals, setTotals] = useState<{ of: ReportRow[]; rows: (string | number)[][] } | undefined>(undefined);
  useEffect(() => {
    const timer = window.setTimeout(() => setTotals({ of: rows, rows: totalsRows(rows) }), 0);
    return () => window.clearTimeout(timer);
  }, [rows]);
  const footer = useMemo(() => (totals?.of === rows ? totals.rows.map(written) : undefined), [totals, rows, written]);
  const cells = useCallback((row: ReportRow) => written(reportCells(row)), [written]);
  // A new report's rows are drawn in a render of their own that yields to the phone every few
  // milliseconds (the table first shows without them), so 10,000 rows arriving never freeze the page.
  const shown = useDeferredValue(rows, NO_ROWS);
  const { t } = useTranslation();
  return (
    <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
      <VirtualTable
        caption={t('reports.report')}
        columns={COLUMNS}
        rows={shown}
        rowKey={(row) => row.materialId}
        cells={cells}
        footer={footer}
        maxHeight="min(70vh, 640px)"
      />
    </div>
  );
}
