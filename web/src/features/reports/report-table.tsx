import { Table } from '@mantine/core';
import { FIRST_QUANTITY_COLUMN, REPORT_COLUMNS, type ReportRow, reportCells, reportTotals, totalsCells } from '@stockyard/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';

/** Column widths in pixels, in REPORT_COLUMNS' order; fixed, so columns keep their place while rows scroll by. */
const WIDTHS = [104, 200, 140, 140, 96, 80, 92, 100, 112, 104, 120, 88, 104, 160];
const TABLE_WIDTH = WIDTHS.reduce((sum, width) => sum + width, 0);
const isQuantity = (column: number) => column >= FIRST_QUANTITY_COLUMN && column < REPORT_COLUMNS.length - 1;

function Cells({ cells }: { cells: (string | number)[] }) {
  return cells.map((cell, column) => (
    <td key={REPORT_COLUMNS[column]} className={Table.classes.td} style={isQuantity(column) ? { textAlign: 'right' } : undefined}>
      {cell}
    </td>
  ));
}

/**
 * The fetched rows, as the PDF and CSV print them, ending with the totals row. Only the rows in
 * view (and a few either side) are drawn, so a 10,000-material store shows its first rows at once
 * and scrolls without freezing a phone.
 */
export function ReportTable({ rows }: { rows: ReportRow[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const totals = useMemo(() => totalsCells(reportTotals(rows)), [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 35,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <section
      ref={scroller}
      aria-label="Report rows"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
      tabIndex={0}
      style={{ height: 'min(70vh, 640px)', overflow: 'auto', marginTop: 'var(--mantine-spacing-md)' }}
    >
      <Table
        striped
        fz="sm"
        verticalSpacing="xs"
        aria-label="Report"
        aria-rowcount={rows.length + 2}
        style={{ tableLayout: 'fixed', width: TABLE_WIDTH, minWidth: TABLE_WIDTH }}
      >
        <colgroup>
          {WIDTHS.map((width, column) => (
            <col key={REPORT_COLUMNS[column]} style={{ width }} />
          ))}
        </colgroup>
        <Table.Thead style={{ position: 'sticky', top: 0, zIndex: 1, background: 'var(--mantine-color-body)' }}>
          <Table.Tr aria-rowindex={1}>
            {REPORT_COLUMNS.map((header, column) => (
              <Table.Th key={header} ta={isQuantity(column) ? 'right' : undefined}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && <tr aria-hidden style={{ height: before }} />}
          {items.map((item) => {
            const row = rows[item.index] as ReportRow;
            return (
              <tr
                key={row.materialId}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={Table.classes.tr}
                data-striped={item.index % 2 === 0 ? 'odd' : undefined}
                data-with-row-border
              >
                <Cells cells={reportCells(row)} />
              </tr>
            );
          })}
          {after > 0 && <tr aria-hidden style={{ height: after }} />}
        </Table.Tbody>
        <Table.Tfoot
          style={{
            position: 'sticky',
            bottom: 0,
            background: 'var(--mantine-color-body)',
            borderTop: '2px solid var(--mantine-color-default-border)',
            fontWeight: 700,
          }}
        >
          <tr aria-rowindex={rows.length + 2} className={Table.classes.tr}>
            <Cells cells={totals} />
          </tr>
        </Table.Tfoot>
      </Table>
    </section>
  );
}
